/** Shared set-up of the checkout suites: a payment row of our own, and sandbox admin calls. */
import type { PaymentRow } from '../../../server/store/schema.ts';
import type { AppFixture } from '../app-fixture.ts';

/** Stores one of our payments directly, as the payments engine would have. */
export async function insertPayment(
  t: AppFixture,
  values: Partial<PaymentRow> & Pick<PaymentRow, 'reference' | 'amount' | 'status'>,
) {
  const now = t.clock.now();
  await t.store.db
    .insertInto('payments')
    .values({
      token_hash: 'x',
      link_id: null,
      session_id: null,
      method: 'direct',
      provider: 'mpesa-ke',
      network: null,
      phone_number: '254700000000',
      fee: null,
      total: null,
      currency: 'KES',
      currency_exponent: 2,
      country: 'KE',
      action: 'otp',
      message: null,
      redirect_url: null,
      bank_transfer: null,
      wrong_codes: 0,
      last_confirm: null,
      expires_at: null,
      paid_at: null,
      customer: '{}',
      fields: '{}',
      return_url: null,
      provider_reference: null,
      flag: null,
      reserved: 0,
      confirming_until: null,
      version: 1,
      verified_at: null,
      created_at: now,
      updated_at: now,
      ...values,
    })
    .execute();
}

/** A call to the sandbox's admin API with the app's provider credentials. */
export function sandboxAdmin(t: AppFixture, method: string, path: string, body?: unknown) {
  return t.request(method, `/sandbox/_admin${path}`, body, {
    'client-id': t.config.clientId,
    'client-secret': t.config.clientSecret,
  });
}
