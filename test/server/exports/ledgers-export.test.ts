/**
 * The other exports: payouts and notifications from our ledgers (SQLite and PostgreSQL), and the
 * provider's collections read through the provider client to its last page.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { COLLECTION_COLUMNS } from '../../../server/exports/collections.ts';
import { NOTIFICATION_COLUMNS } from '../../../server/exports/notifications.ts';
import { PAYOUT_COLUMNS } from '../../../server/exports/payouts.ts';
import type { AppFixture } from '../app-fixture.ts';
import { eachEngine } from '../hostile/engines.ts';
import { MERCHANT } from '../hostile/helpers.ts';
import { created, fixedCiPayment, get } from '../payments/helpers.ts';
import { NOV_1 } from './seed.ts';

async function csvOf(t: AppFixture, path: string, headers: Record<string, string> = MERCHANT) {
  const response = await t.app.request(path, { headers });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(response.status).toBe(200);
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { columns: true }) as Record<string, string>[];
}

eachEngine('Ledger exports', (started) => {
  const instance = async (env?: Record<string, string>) => {
    const t = await started(env);
    await t.store.db.deleteFrom('payouts').execute();
    await t.store.db.deleteFrom('merchant_notifications').execute();
    return t;
  };

  it('exports payouts with exact major units from CURRENCY_EXPONENTS, oldest first, filtered', async () => {
    const t = await instance({ CURRENCY_EXPONENTS: 'XOF=2', MERCHANT_TIME_ZONE: 'Africa/Lagos' });
    const payout = (index: number, status: string) => ({
      reference: `po_${String(index).padStart(32, '0')}`,
      merchant_reference: index === 1 ? '=cmd' : null,
      provider_reference: null,
      transfer_recipient_id: 'rcp_1',
      label: 'Aya Kouassi',
      amount: 1_000_005 + index,
      currency: 'XOF',
      country: 'CI',
      provider: 'mtn-ci',
      status,
      final: status === 'processing' ? (0 as const) : (1 as const),
      status_description: null,
      narration: null,
      version: 1,
      verified_at: null,
      created_at: NOV_1 + index * 1000,
      updated_at: NOV_1,
      completed_at: status === 'processing' ? null : NOV_1 + index * 1000 + 500,
      purged_at: null,
      refund_of: null,
    });
    await t.store.db
      .insertInto('payouts')
      .values([payout(2, 'success'), payout(1, 'success'), payout(3, 'processing')])
      .execute();
    const rows = await csvOf(
      t,
      '/api/v1/payouts/export?status=success&dateFrom=2026-11-01&dateTo=2026-11-01',
    );
    expect(Object.keys(rows[0]!)).toEqual([...PAYOUT_COLUMNS]);
    expect(rows.map((row) => [row.reference, row.amount, row.amount_minor, row.currency_exponent])).toEqual([
      [payout(1, 'success').reference, '10000.06', '1000006', '2'],
      [payout(2, 'success').reference, '10000.07', '1000007', '2'],
    ]);
    expect(rows[0]).toMatchObject({
      merchant_reference: "'=cmd",
      final: 'true',
      completed_at_utc: '2026-11-01T00:00:01.500Z',
      completed_at_local: '2026-11-01T01:00:01.500+01:00',
      completed_at_local_datetime: '2026-11-01 01:00:01',
    });
  });

  it('exports notifications with their delivery outcome and payload', async () => {
    const t = await instance();
    await t.store.db
      .insertInto('merchant_notifications')
      .values({
        id: 'msg_1',
        type: 'payment.succeeded',
        subject: 'pay_1',
        payload: JSON.stringify({ type: 'payment.succeeded', data: { reference: 'pay_1' } }),
        status: 'failed',
        attempts: 3,
        max_attempts: 3,
        next_attempt_at: null,
        last_status_code: 500,
        last_error: null,
        created_at: NOV_1,
        delivered_at: null,
        purged_at: null,
      })
      .execute();
    const rows = await csvOf(t, '/api/v1/notifications/export?status=failed');
    expect(Object.keys(rows[0]!)).toEqual([...NOTIFICATION_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: 'msg_1',
      attempts: '3',
      last_status_code: '500',
      delivered_at_utc: '',
    });
    expect(JSON.parse(rows[0]!.payload!)).toEqual({
      type: 'payment.succeeded',
      data: { reference: 'pay_1' },
    });
    expect(await csvOf(t, '/api/v1/notifications/export?status=delivered')).toEqual([]);
  });

  it("exports the provider's collections, reading its list to the end", async () => {
    const t = await instance();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000101'));
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
    const rows = await csvOf(t, '/api/v1/collections/export');
    expect(Object.keys(rows[0]!)).toEqual([...COLLECTION_COLUMNS]);
    const mine = rows.find((row) => row.reference === reference);
    expect(mine).toMatchObject({
      status: 'success',
      currency: 'XOF',
      currency_exponent: '0',
      amount: '15000',
      amount_minor: '15000',
    });
    // Every collection the sandbox holds, each once, though the provider pages 100 at a time.
    const held = await t.store.db.selectFrom('sandbox_transactions').select('reference').execute();
    expect(new Set(rows.map((row) => row.reference)).size).toBe(rows.length);
    expect(rows.length).toBe(held.length);
  });

  it('refuses bad parameters and strangers on every export', async () => {
    const t = await instance();
    for (const what of ['payments', 'payouts', 'notifications', 'collections']) {
      const bad = await t.request('GET', `/api/v1/${what}/export?format=pdf`, undefined, MERCHANT);
      expect([what, bad.status, bad.json.error.code]).toEqual([what, 400, 'validation_failed']);
      const stranger = await t.request('GET', `/api/v1/${what}/export`);
      expect([what, stranger.status, stranger.json.error.code]).toEqual([what, 401, 'unauthorized']);
    }
  });
});
