/**
 * The reconciliation report against the embedded sandbox, on SQLite and PostgreSQL: one record of each
 * kind of difference is seeded the way it happens (a dropped webhook, a provider page approved after
 * we expired the payment, another amount, a success the provider forgot, money taken on the provider's
 * page without us, a disbursement we never asked for), beside a payment and a payout on which both
 * sides agree; the report lists exactly those differences, with their actions and the totals.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { REPORT_COLUMNS } from '../../../server/reconciliation/export.ts';
import { eachEngine } from '../hostile/engines.ts';
import { MERCHANT } from '../hostile/helpers.ts';
import {
  collectedWithoutUs,
  directSuccess,
  freshDay,
  NOTIFYING,
  otherAmount,
  report,
  seedEveryDifference,
  today,
} from './helpers.ts';

eachEngine('reconciliation report', (instance) => {
  it('finds exactly the seeded differences, each with its actions, and sums successes per currency', async () => {
    const t = await instance(NOTIFYING);
    const day = await freshDay(t);
    const seeded = await seedEveryDifference(t);
    expect(today(t)).toBe(day);

    const res = await report(t, day);
    expect(res.status).toBe(200);
    const { data } = res.json;
    expect(data.from).toBe(day);
    expect(data.to).toBe(day);
    const differences = (data.differences as Record<string, unknown>[]).map((d) => ({
      kind: d.kind,
      class: d.class,
      reference: d.reference,
      ours: (d.ours as { status?: string } | undefined)?.status,
      provider: (d.provider as { status?: string } | undefined)?.status,
      differs: d.differs,
      actions: d.actions,
    }));
    const expected = [
      ['payment', 'mismatched', seeded.droppedWebhook, 'processing', 'success', ['status'], ['verify']],
      ['payment', 'mismatched', seeded.approvedAfterExpiry, 'expired', 'success', ['status'], ['verify']],
      ['payment', 'mismatched', seeded.otherAmount, 'success', 'success', ['amount'], ['verify']],
      ['payment', 'provider_only', seeded.collectedWithoutUs, undefined, 'success', [], ['record']],
      ['payment', 'ours_only', seeded.forgottenByProvider, 'success', undefined, [], ['verify']],
      ['payout', 'provider_only', seeded.payoutWithoutUs, undefined, 'success', [], []],
    ].map(([kind, cls, reference, ours, provider, differs, actions]) => ({
      kind,
      class: cls,
      reference,
      ours,
      provider,
      differs,
      actions,
    }));
    const byRole = (a: { class: unknown; reference: unknown }, b: { class: unknown; reference: unknown }) =>
      `${String(a.class)}${String(a.reference)}`.localeCompare(`${String(b.class)}${String(b.reference)}`);
    expect([...differences].sort(byRole)).toEqual([...expected].sort(byRole));
    expect(data.counts).toEqual({
      payments: { matched: 1, mismatched: 3, providerOnly: 1, oursOnly: 1, notSent: 0 },
      payouts: { matched: 1, mismatched: 0, providerOnly: 1, oursOnly: 0, notSent: 0 },
    });
    // Ours: the matched, other-amount and forgotten successes; the provider's: every success it lists.
    expect(data.totals).toEqual([
      {
        currency: 'XOF',
        exponent: 0,
        payments: { ours: 3 * 15_000, provider: 4 * 15_000 + 100 + 5_000 },
        payouts: { ours: 2_000, provider: 2_000 + 3_000 },
      },
    ]);
  });

  it('a day with nothing on either side: no differences, no totals', async () => {
    const t = await instance();
    const day = await freshDay(t);
    const res = await report(t, day);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ totals: [], differences: [] });
  });

  it('the download: JSON Lines with the summary, the totals and one line per difference', async () => {
    const t = await instance();
    const day = await freshDay(t);
    const reference = await collectedWithoutUs(t);
    const res = await t.request(
      'GET',
      `/api/v1/reconciliation/export?from=${day}&to=${day}&format=jsonl`,
      undefined,
      MERCHANT,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="reconciliation-${day}-to-${day}.jsonl"`,
    );
    expect(res.text.endsWith('\n')).toBe(true);
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.type)).toEqual(['summary', 'total', 'difference']);
    expect(lines[0]).toMatchObject({ from: day, to: day });
    expect(lines[1]).toMatchObject({ currency: 'XOF', payments: { ours: 0, provider: 5_000 } });
    expect(lines[2]).toMatchObject({ class: 'provider_only', reference, actions: ['record'] });
  });

  it("the download as CSV by default: the exports' writer (BOM, header, formulas neutralised), parsed back", async () => {
    const t = await instance({ CURRENCY_EXPONENTS: 'XOF=2', MERCHANT_TIME_ZONE: 'Africa/Lagos' });
    const day = await freshDay(t);
    await directSuccess(t);
    const different = await otherAmount(t);
    // A reference a spreadsheet would run: the provider's lists are not ours to trust.
    const hostile = '=HYPERLINK("https://evil.test","ok")';
    await t.store.db
      .updateTable('sandbox_transactions')
      .set({ reference: hostile })
      .where('reference', '=', await collectedWithoutUs(t, 5_001))
      .execute();

    const res = await t.app.request(`/api/v1/reconciliation/export?from=${day}&to=${day}`, {
      headers: MERCHANT,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="reconciliation-${day}-to-${day}.csv"`,
    );
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(text.slice(1), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([...REPORT_COLUMNS]);
    const period = { period_from: day, period_to: day };
    expect(rows.map((row) => [row.type, row.kind])).toEqual([
      ['counts', 'payment'],
      ['counts', 'payout'],
      ['total', 'payment'],
      ['total', 'payout'],
      ['difference', 'payment'],
      ['difference', 'payment'],
    ]);
    expect(rows[0]).toMatchObject({
      ...period,
      matched: '1',
      mismatched: '1',
      provider_only: '1',
      ours_only: '0',
      not_sent: '0',
      currency: '',
    });
    expect(rows[0]!.generated_at_utc).toBe(new Date(t.clock.now()).toISOString());
    expect(rows[0]!.generated_at_local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+01:00$/);
    // Sums of successes in major units with the configured exponent, beside the minor units.
    expect(rows[2]).toMatchObject({
      ...period,
      currency: 'XOF',
      currency_exponent: '2',
      ours_amount: '300.00',
      ours_amount_minor: '30000',
      provider_amount: '351.01',
      provider_amount_minor: '35101',
    });
    const byReference = new Map(rows.slice(4).map((row) => [row.reference, row]));
    expect(byReference.get(different)).toMatchObject({
      class: 'mismatched',
      differs: 'amount',
      actions: 'verify',
      ours_status: 'success',
      ours_currency: 'XOF',
      ours_amount: '150.00',
      ours_amount_minor: '15000',
      provider_status: 'success',
      provider_amount: '151.00',
      provider_amount_minor: '15100',
    });
    // OWASP's rule, as in every export: a leading quote makes the spreadsheet show it as text.
    expect(byReference.get(`'${hostile}`)).toMatchObject({
      class: 'provider_only',
      actions: 'record',
      ours_status: '',
      provider_amount: '50.01',
      provider_amount_minor: '5001',
    });
  });
});
