/**
 * Moves shared by the hostile suite: a checkout session to pay, the sandbox's provider page decided as
 * the payer would, and what the merchant sees (its list and its notifications).
 */
import { expect } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { created, get, paymentRow, withToken } from '../payments/helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

export const MERCHANT = { authorization: `Bearer ${TEST_MERCHANT_KEY}` };

export const HOUR = 3_600_000;

/** The app with merchant notifications on, so a test can read what the merchant is told (the outbox). */
export const startNotifyingApp = () =>
  startApp({
    env: {
      MERCHANT_WEBHOOK_URL: 'https://merchant.test/hooks',
      MERCHANT_WEBHOOK_SECRET: 'whsec_dGVzdC1zZWNyZXQtMTIzNDU2',
    },
  });

/** A merchant's checkout session (a cart) of `amount` NGN minor units, open for a day. */
export async function newSession(t: AppFixture, amount = 250_000): Promise<string> {
  const body = { amount, currency: 'NGN', country: 'NG', expiresIn: 86_400 };
  const res = await t.request('POST', '/api/v1/sessions', body, MERCHANT);
  expect(res.status).toBe(201);
  return String(res.json.data.id);
}

/** A direct charge on a session; the phone number's last two digits pick the sandbox's outcome. */
export const sessionPayment = (session: string, phoneNumber: string) => ({
  session,
  customer: { name: 'Ada Obi', email: 'ada@example.ng' },
  fields: {},
  method: { kind: 'direct', provider: 'opay-ng', network: 'opay', phoneNumber },
});

/** Submits the sandbox's provider page as the payer's browser would; answers its status. */
export async function decideOnProviderPage(
  t: AppFixture,
  redirectUrl: string,
  decision: 'approve' | 'decline' | 'cancel',
): Promise<number> {
  const send = (url: string, init?: RequestInit) => t.app.request(url.replace('http://pay.test', ''), init);
  return (await submitHostedPage(send, redirectUrl, { decision })).status;
}

/** Cancels through our API, as the payer's return through the provider page's cancel link does. */
export function cancel(t: AppFixture, reference: string, token: string) {
  return t.request('POST', `/api/v1/payments/${reference}/cancel`, undefined, withToken(token));
}

/**
 * A session paid twice, as it still can be: a payment on the provider's page (08) cancelled through our
 * API while the page stays open, the session paid by another once the first's reservation ran out
 * (PAYMENT_RESERVATION_MS), then the forgotten page approved after all. `whileReserved` runs while the
 * cancelled payment still holds the session. Answers the session and both payments.
 */
export async function paidTwice(
  t: AppFixture,
  {
    amount = 250_000,
    whileReserved,
  }: { amount?: number; whileReserved?: (session: string) => Promise<void> } = {},
) {
  const session = await newSession(t, amount);
  const first = await created(t, sessionPayment(session, '+2348000000008'));
  expect((await cancel(t, first.reference, first.token)).json.data.status).toBe('cancelled');
  await whileReserved?.(session);
  t.clock.advance(HOUR + 1);
  const second = await created(t, sessionPayment(session, '+2348000000001'));
  await t.settle();
  expect((await get(t, second.reference, second.token)).json.data.status).toBe('success');
  // No return URL on this charge: the page answers with its final note (200), not a redirect.
  expect(await decideOnProviderPage(t, String(first.payment.redirectUrl), 'approve')).toBe(200);
  await t.settle();
  expect(await paymentRow(t, first.reference)).toMatchObject({ status: 'success', flag: 'duplicate' });
  return { session, first, second };
}

/** The merchant's list of payments, newest first: reference, status and flag. */
export async function merchantList(t: AppFixture, query = '') {
  const res = await t.request('GET', `/api/v1/payments?limit=100${query}`, undefined, MERCHANT);
  expect(res.status).toBe(200);
  return (res.json.data as { reference: string; status: string; flag?: string }[]).map(
    ({ reference, status, flag }) => ({ reference, status, flag }),
  );
}

/** Notifications queued for the merchant about one payment, sorted by type (one clock tick may hold several). */
export async function notificationsOf(t: AppFixture, reference: string) {
  const rows = await t.store.db
    .selectFrom('merchant_notifications')
    .select(['type', 'payload'])
    .where('subject', '=', reference)
    .orderBy('type')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    flag: (JSON.parse(row.payload).data as { flag?: string }).flag,
  }));
}
