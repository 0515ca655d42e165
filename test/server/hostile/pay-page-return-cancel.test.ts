// The pay page's return from the provider's page is a GET that may cancel the payment, and the payment's
// cookie is SameSite=Lax: a link on another site reaches it with the payer's cookie. Only the provider's
// own cancel URL, which carries this payment's secret, may cancel.
import { expect, it } from 'vitest';
import { payPageFixture, postFixedLink } from '../pay/page-fixture.ts';

const pay = payPageFixture();

async function hostedPayment() {
  const created = await postFixedLink(pay.browser, '+2250700000008');
  expect(created.location).toMatch(/^http:\/\/pay\.test\/sandbox\//);
  return pay.t.store.db
    .selectFrom('payments')
    .select(['reference', 'return_url', 'status'])
    .executeTakeFirstOrThrow();
}

const statusOf = async () =>
  (await pay.t.store.db.selectFrom('payments').select('status').executeTakeFirstOrThrow()).status;

it("does not cancel a payment for a link from another site that lacks the cancel URL's secret", async () => {
  const { reference } = await hostedPayment();
  // The forged links, followed by the payer's browser with its cookies.
  for (const forged of [
    `/pay/p/${reference}/return?pay_cancel=1`,
    `/pay/p/${reference}/return?pay_cancel=1&pay_proof=AAAAAAAAAAAAAAAAAAAAAA`,
  ]) {
    const back = await pay.browser.get(forged);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/pay/p/${reference}?returned=1&lang=en`);
  }
  const viaReturn = await pay.browser.get(`/pay/return?pay_reference=${reference}&pay_cancel=1`);
  await pay.browser.get(viaReturn.location!);
  expect(await statusOf()).toBe('pending');
});

it("cancels through the provider's cancel URL, which carries the payment's secret", async () => {
  const { reference, return_url } = await hostedPayment();
  const cancelUrl = new URL(return_url!);
  cancelUrl.searchParams.set('pay_reference', reference);
  cancelUrl.searchParams.set('pay_cancel', '1');
  const back = await pay.browser.get(`${cancelUrl.pathname}${cancelUrl.search}`);
  expect(back.status).toBe(303);
  const cancelled = await pay.browser.get(back.location!);
  expect(cancelled.status).toBe(303);
  expect(cancelled.location).toMatch(/^\/pay\/receipt\//);
  expect(await statusOf()).toBe('cancelled');
});
