/**
 * Shared moves of the payment suites: bodies for the seeded links, creating a payment with a fresh
 * Idempotency-Key, reading a payment with its token, and counting the sandbox's charges.
 */
import { randomUUID } from 'node:crypto';
import type { AppFixture } from '../app-fixture.ts';

/** The merchant page the widget is embedded on (ALLOWED_ORIGINS of the fixture). */
export const SHOP = 'https://shop.test';

export const PAYER = { name: 'Awa Koné', email: 'awa@example.ci' } as const;

/** A direct charge on `lnk_fixed_ci` (XOF 15,000 fixed, one required text field, not anonymous). */
export function fixedCiPayment(phoneNumber: string, extra: Record<string, unknown> = {}) {
  return {
    link: 'lnk_fixed_ci',
    customer: PAYER,
    fields: { subscriber_id: 'AB-1234' },
    method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
    ...extra,
  };
}

/** A direct charge on `lnk_limited_ke` (KES, 10,000..500,000, 15,000 left under its limit, anonymous). */
export function limitedKePayment(amount: number, phoneNumber = '+254700000001') {
  return {
    link: 'lnk_limited_ke',
    amount,
    customer: {},
    fields: {},
    method: { kind: 'direct', provider: 'mpesa-ke', phoneNumber },
  };
}

export function create(
  t: AppFixture,
  body: unknown,
  key: string = randomUUID(),
  headers: Record<string, string> = {},
) {
  return t.request('POST', '/api/v1/payments', body, { 'Idempotency-Key': key, ...headers });
}

/** Creates a payment that must succeed; answers its reference and token. */
export async function created(
  t: AppFixture,
  body: unknown,
): Promise<{ reference: string; token: string; payment: Record<string, unknown> }> {
  const res = await create(t, body);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return {
    reference: res.json.data.payment.reference,
    token: res.json.data.token,
    payment: res.json.data.payment,
  };
}

export const withToken = (token: string) => ({ 'Payment-Token': token });

export function get(t: AppFixture, reference: string, token: string) {
  return t.request('GET', `/api/v1/payments/${reference}`, undefined, withToken(token));
}

export function confirm(t: AppFixture, reference: string, token: string, body: unknown) {
  return t.request('POST', `/api/v1/payments/${reference}/confirm`, body, withToken(token));
}

/** Charges the sandbox holds for our reference (a second provider call would make it 2, or fail). */
export async function sandboxCharges(t: AppFixture, reference?: string): Promise<number> {
  let query = t.store.db.selectFrom('sandbox_transactions').select((eb) => eb.fn.countAll<number>().as('n'));
  query =
    reference === undefined
      ? query.where('scenario', '!=', 'seed')
      : query.where('reference', '=', reference);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export async function paymentRow(t: AppFixture, reference: string) {
  return t.store.db
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}
