/** Payments written straight to the store, many at once, as the payments engine would have stored them. */
import type { Kysely } from 'kysely';
import type { Database, PaymentRow } from '../../../server/store/schema.ts';

export const DAY = 86_400_000;
/** 2026-11-01T00:00:00Z. */
export const NOV_1 = Date.parse('2026-11-01T00:00:00.000Z');

const CURRENCIES = [
  { currency: 'XOF', exponent: 0, country: 'CI' },
  { currency: 'NGN', exponent: 2, country: 'NG' },
  { currency: 'KES', exponent: 2, country: 'KE' },
  { currency: 'BHD', exponent: 3, country: 'BH' },
] as const;
const STATUSES = ['success', 'failed', 'pending', 'expired'] as const;

/** The `index`th seeded payment: currencies, statuses, fees and answers vary with it. */
export function seededPayment(index: number, overrides: Partial<PaymentRow> = {}): PaymentRow {
  const money = CURRENCIES[index % CURRENCIES.length]!;
  const amount = 1 + ((index * 7919) % 9_999_999);
  const fee = index % 3 === 0 ? null : index % 1000;
  const created = NOV_1 + index * 60_000;
  return {
    reference: `pay_${String(index).padStart(32, '0')}`,
    token_hash: 'x',
    link_id: index % 2 === 0 ? 'lnk_fixed_ci' : null,
    session_id: index % 2 === 0 ? null : `cs_${index}`,
    method: index % 5 === 0 ? 'hosted' : 'direct',
    provider: 'mtn-ci',
    network: null,
    phone_number: `+2250700${String(index % 10_000).padStart(4, '0')}`,
    amount,
    fee,
    total: fee === null ? null : amount + fee,
    currency: money.currency,
    currency_exponent: money.exponent,
    country: money.country,
    status: STATUSES[index % STATUSES.length]!,
    action: 'none',
    message: index % 7 === 0 ? 'Payer cancelled, "as usual"' : null,
    redirect_url: null,
    bank_transfer: null,
    wrong_codes: 0,
    last_confirm: null,
    expires_at: null,
    paid_at: index % 4 === 0 ? created + 30_000 : null,
    customer: JSON.stringify({ name: `Ọmọ́ Adé ${index}, "Zoé"`, email: `p${index}@example.ng` }),
    fields: JSON.stringify({ invoice: `INV-${index}`, note: `line one\nline two; é ${index}` }),
    return_url: null,
    provider_reference: `prv_${index}`,
    flag: index % 11 === 0 ? 'late_success' : null,
    reserved: 0,
    confirming_until: null,
    refund_payout: null,
    version: 1,
    verified_at: null,
    created_at: created,
    updated_at: created,
    purged_at: null,
    ...overrides,
  };
}

export async function seedPayments(db: Kysely<Database>, rows: PaymentRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 200)
    await db
      .insertInto('payments')
      .values(rows.slice(start, start + 200))
      .execute();
}
