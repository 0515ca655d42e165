/**
 * Seeding the books for the reconciliation suites: one record of each kind of difference between us
 * and the embedded sandbox (the provider), plus a payment and a payout on which both sides agree. Each
 * is made the way it happens in life (a lost webhook, a provider page approved after we gave up, money
 * taken on the provider's page without us); only the two records that need a provider that misbehaves
 * (another amount, a forgotten success) are written into the sandbox's own tables.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { HOUR, MERCHANT } from '../hostile/helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';
import { created, fixedCiPayment, get, PAYER, SHOP } from '../payments/helpers.ts';
import { paidOut, validatedRecipient } from '../payouts/helpers.ts';

export const DAY = 24 * HOUR;

/** Merchant notifications on, so a test can read the outbox. */
export const NOTIFYING = {
  MERCHANT_WEBHOOK_URL: 'https://merchant.test/hooks',
  MERCHANT_WEBHOOK_SECRET: 'whsec_dGVzdC1zZWNyZXQtMTIzNDU2',
};

/** The UTC date of the fixture's clock. */
export const today = (t: AppFixture) => new Date(t.clock.now()).toISOString().slice(0, 10);

let days = 0;
/**
 * Moves the clock to a day no other test of the process used: on PostgreSQL a file's tests share one
 * database, and each report must see only its own test's records.
 */
export async function freshDay(t: AppFixture): Promise<string> {
  days += 2;
  await t.clock.advance(days * DAY);
  return today(t);
}

let phones = 0;
/** A number of its own ending in `suffix` (the sandbox's magic value): the per-phone limit is shared. */
export function phone(suffix = '01'): string {
  phones += 1;
  return `+22507${String(phones).padStart(4, '0')}00${suffix}`;
}

/** The payer approves on the sandbox's page, paying with Orange Money (a CI page offers several). */
async function approveOnProviderPage(t: AppFixture, url: string): Promise<number> {
  const send = (to: string, init?: RequestInit) => t.app.request(to.replace('http://pay.test', ''), init);
  return (await submitHostedPage(send, url, { decision: 'approve', provider: 'orange-ci' })).status;
}

export const setFaults = (t: AppFixture, faults: Record<string, unknown>) =>
  t.request('PUT', '/sandbox/_admin/faults', faults, {
    'client-id': t.config.clientId,
    'client-secret': t.config.clientSecret,
  });

/** A direct payment that succeeds without a code; answers its reference once the sandbox has settled. */
export async function directSuccess(t: AppFixture): Promise<string> {
  const { reference } = await created(t, fixedCiPayment(phone('01')));
  await t.settle();
  return reference;
}

/** A direct payment whose success webhook the sandbox drops: ours stays `processing`. */
export async function droppedWebhook(t: AppFixture): Promise<string> {
  expect((await setFaults(t, { droppedDeliveries: true })).status).toBe(200);
  const reference = await directSuccess(t);
  expect((await setFaults(t, { droppedDeliveries: false })).status).toBe(200);
  return reference;
}

/**
 * A hosted payment we expired (its half hour ran out while the payer sat on the provider's page), then
 * approved on that page, its webhook lost: ours `expired`, the provider's `success`.
 */
export async function approvedAfterExpiry(t: AppFixture): Promise<string> {
  const { reference, token, payment } = await created(t, {
    link: 'lnk_fixed_ci',
    customer: { ...PAYER, phoneNumber: phone('00') },
    fields: { subscriber_id: 'AB-1234' },
    method: { kind: 'hosted', returnUrl: `${SHOP}/checkout` },
  });
  await t.clock.advance(HOUR);
  expect((await get(t, reference, token)).json.data.status).toBe('expired');
  await setFaults(t, { droppedDeliveries: true });
  // 303: the page sends the payer back to the shop.
  expect(await approveOnProviderPage(t, String(payment.redirectUrl))).toBe(303);
  await t.settle();
  await setFaults(t, { droppedDeliveries: false });
  return reference;
}

/** A success whose amount the provider's books show 100 more than ours. */
export async function otherAmount(t: AppFixture): Promise<string> {
  const reference = await directSuccess(t);
  await t.store.db
    .updateTable('sandbox_transactions')
    .set((eb) => ({ amount: eb('amount', '+', 100) }))
    .where('reference', '=', reference)
    .execute();
  return reference;
}

/** A success of ours the provider's list does not hold (its record gone from the provider's books). */
export async function forgottenByProvider(t: AppFixture): Promise<string> {
  const reference = await directSuccess(t);
  await t.store.db.deleteFrom('sandbox_transactions').where('reference', '=', reference).execute();
  return reference;
}

/** Money taken on the provider's own page, for a checkout made without us: answers its reference. */
export async function collectedWithoutUs(t: AppFixture, amount = 5_000): Promise<string> {
  const checkout = await t.provider.createCheckout({
    country: 'CI',
    currency: 'XOF',
    amount,
    user: { name: PAYER.name },
  });
  expect(await approveOnProviderPage(t, checkout.url)).toBe(200);
  await t.settle();
  return checkout.reference;
}

/** A payout through our API that the provider completes: both books agree. Answers our reference. */
export async function matchedPayout(t: AppFixture, recipient: string, amount = 2_000): Promise<string> {
  const payout = await paidOut(t, { transferRecipientId: recipient, amount });
  await t.settle();
  return String(payout.reference);
}

/** A disbursement made at the provider under a reference we never issued. Answers that reference. */
export async function payoutWithoutUs(t: AppFixture, recipient: string, amount = 3_000): Promise<string> {
  const reference = `ext_${randomUUID().replaceAll('-', '')}`;
  await t.provider.createDisbursement({ transferRecipientId: recipient, amount, reference });
  await t.settle();
  return reference;
}

export const recipientOf = (t: AppFixture) =>
  validatedRecipient(t, { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001' } });

/** Every kind of difference, plus agreeing records; answers the references by their role. */
export async function seedEveryDifference(t: AppFixture) {
  const recipient = await recipientOf(t);
  return {
    matchedPayment: await directSuccess(t),
    droppedWebhook: await droppedWebhook(t),
    approvedAfterExpiry: await approvedAfterExpiry(t),
    otherAmount: await otherAmount(t),
    forgottenByProvider: await forgottenByProvider(t),
    collectedWithoutUs: await collectedWithoutUs(t),
    matchedPayout: await matchedPayout(t, recipient),
    payoutWithoutUs: await payoutWithoutUs(t, recipient),
  };
}

export function report(t: AppFixture, from: string, to = from) {
  return t.request('GET', `/api/v1/reconciliation?from=${from}&to=${to}`, undefined, MERCHANT);
}

export function act(t: AppFixture, body: unknown) {
  return t.request('POST', '/api/v1/reconciliation/actions', body, MERCHANT);
}
