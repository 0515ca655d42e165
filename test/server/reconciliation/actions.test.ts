/**
 * The report's actions, on SQLite and PostgreSQL: `verify` brings a stale pending (its webhook dropped)
 * and a payment approved after we expired it up to date; `record` keeps a success only the provider
 * knows as one payment flagged `found_by_reconciliation` with one `payment.succeeded` notification,
 * however often and however concurrently it runs; bad input is refused with exact codes.
 */
import { expect, it } from 'vitest';
import { eachEngine } from '../hostile/engines.ts';
import { MERCHANT, notificationsOf } from '../hostile/helpers.ts';
import { paymentRow } from '../payments/helpers.ts';
import {
  act,
  approvedAfterExpiry,
  collectedWithoutUs,
  directSuccess,
  droppedWebhook,
  freshDay,
  NOTIFYING,
  report,
} from './helpers.ts';

eachEngine('reconciliation actions', (instance) => {
  it('verify resolves a stale pending and a success after expiry; the next report shows no difference', async () => {
    const t = await instance(NOTIFYING);
    const day = await freshDay(t);
    const stale = await droppedWebhook(t);
    const late = await approvedAfterExpiry(t);
    expect((await report(t, day)).json.data.counts.payments.mismatched).toBe(2);

    const first = await act(t, { action: 'verify', kind: 'payment', reference: stale });
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({
      action: 'verify',
      kind: 'payment',
      reference: stale,
      outcome: 'updated',
      status: 'success',
    });
    const second = await act(t, { action: 'verify', kind: 'payment', reference: late });
    expect(second.json.data).toMatchObject({ outcome: 'updated', status: 'success', flag: 'late_success' });
    // Once more: the provider agrees now.
    expect((await act(t, { action: 'verify', kind: 'payment', reference: stale })).json.data.outcome).toBe(
      'unchanged',
    );

    const after = (await report(t, day)).json.data;
    expect(after.differences).toEqual([]);
    expect(after.counts.payments).toMatchObject({ matched: 2, mismatched: 0 });
  });

  it('record keeps a success only the provider knows, once, flagged, and notifies the merchant', async () => {
    const t = await instance(NOTIFYING);
    const day = await freshDay(t);
    const reference = await collectedWithoutUs(t, 7_500);
    const body = { action: 'record', kind: 'payment', reference };

    const [a, b] = await Promise.all([act(t, body), act(t, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.data.outcome, b.json.data.outcome].sort()).toEqual(['already_recorded', 'recorded']);
    const again = await act(t, body);
    expect(again.json.data).toEqual({
      action: 'record',
      kind: 'payment',
      reference,
      outcome: 'already_recorded',
      status: 'success',
      flag: 'found_by_reconciliation',
    });
    expect(await paymentRow(t, reference)).toMatchObject({
      status: 'success',
      amount: 7_500,
      currency: 'XOF',
      flag: 'found_by_reconciliation',
    });
    expect(await notificationsOf(t, reference)).toEqual([
      { type: 'payment.succeeded', flag: 'found_by_reconciliation' },
    ]);
    const listed = await t.request('GET', '/api/v1/payments?limit=100', undefined, MERCHANT);
    expect(listed.json.data).toContainEqual(
      expect.objectContaining({ reference, status: 'success', flag: 'found_by_reconciliation' }),
    );
    // Recorded on the day the money moved: that day's books now agree.
    const after = (await report(t, day)).json.data;
    expect(after.differences).toEqual([]);
    expect(after.totals[0].payments).toEqual({ ours: 7_500, provider: 7_500 });
  });

  it('refuses what it cannot do, with exact codes', async () => {
    const t = await instance();
    await freshDay(t);
    const ours = await directSuccess(t);

    const unknownPayment = await act(t, { action: 'verify', kind: 'payment', reference: 'pay_nothing_here' });
    expect([unknownPayment.status, unknownPayment.json.error.code]).toEqual([404, 'not_found']);
    const unknownPayout = await act(t, { action: 'verify', kind: 'payout', reference: 'po_nothing_here' });
    expect([unknownPayout.status, unknownPayout.json.error.code]).toEqual([404, 'not_found']);
    const unknownAtProvider = await act(t, { action: 'record', kind: 'payment', reference: 'nothing_here' });
    expect([unknownAtProvider.status, unknownAtProvider.json.error.code]).toEqual([404, 'not_found']);

    // A collection the provider still holds as pending is not money collected.
    const pending = await t.provider.createCheckout({
      country: 'CI',
      currency: 'XOF',
      amount: 1_000,
      user: {},
    });
    const notCollected = await act(t, { action: 'record', kind: 'payment', reference: pending.reference });
    expect([notCollected.status, notCollected.json.error.code]).toEqual([409, 'not_collected']);
    expect(
      await t.store.db
        .selectFrom('payments')
        .select('reference')
        .where('reference', '=', pending.reference)
        .execute(),
    ).toEqual([]);

    const payoutRecord = await act(t, { action: 'record', kind: 'payout', reference: ours });
    expect([payoutRecord.status, payoutRecord.json.error.code]).toEqual([400, 'validation_failed']);
    expect(payoutRecord.json.error.fields).toEqual([
      { path: 'kind', code: 'invalid', message: 'only a payment can be recorded' },
    ]);
    const badAction = await act(t, { action: 'delete', kind: 'payment', reference: ours });
    expect([badAction.status, badAction.json.error.code]).toEqual([400, 'validation_failed']);
    const notJson = await t.request('POST', '/api/v1/reconciliation/actions', 'action=verify', {
      ...MERCHANT,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect([notJson.status, notJson.json.error.code]).toEqual([415, 'unsupported_media_type']);
    const noKey = await t.request('POST', '/api/v1/reconciliation/actions', {
      action: 'verify',
      kind: 'payment',
      reference: ours,
    });
    expect([noKey.status, noKey.json.error.code]).toEqual([401, 'unauthorized']);
  });

  it('refuses a bad period with exact codes and fields', async () => {
    const t = await instance();
    const cases: [string, string, string, string][] = [
      ['from=2026-11-30&to=2026-11-01', 'to', 'must not be before from', 'invalid'],
      ['from=2026-13-01&to=2026-12-01', 'from', 'must be a date written YYYY-MM-DD', 'invalid'],
      ['from=2025-01-01&to=2026-11-01', 'to', 'the period may cover at most 366 days', 'invalid'],
      ['to=2026-11-01', 'from', 'is required', 'required'],
    ];
    for (const [query, path, message, code] of cases) {
      const res = await t.request('GET', `/api/v1/reconciliation?${query}`, undefined, MERCHANT);
      expect([res.status, res.json.error.code]).toEqual([400, 'validation_failed']);
      expect(res.json.error.fields).toContainEqual({ path, code, message });
    }
    const noKey = await t.request('GET', '/api/v1/reconciliation?from=2026-11-01&to=2026-11-02');
    expect([noKey.status, noKey.json.error.code]).toEqual([401, 'unauthorized']);
  });
});
