// The pay page's return from the provider's page is a GET that may cancel the payment, and the payment's
// cookie is SameSite=Lax: a link on another site reaches it with the payer's cookie. Only the provider's
// own cancel URL, which carries this payment's secret, may cancel.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { Browser, fixedLinkAnswers, formOf } from '../pay/helpers.ts';

let t: AppFixture;
let browser: Browser;
beforeEach(async () => {
  t = await startApp();
  browser = new Browser(t);
});
afterEach(async () => {
  await t.close();
});

async function hostedPayment() {
  const form = await browser.get('/pay/lnk_fixed_ci?lang=en');
  const created = await browser.post(
    '/pay/lnk_fixed_ci?lang=en',
    formOf(form.text, fixedLinkAnswers('+2250700000008')),
  );
  expect(created.location).toMatch(/^http:\/\/pay\.test\/sandbox\//);
  return t.store.db
    .selectFrom('payments')
    .select(['reference', 'return_url', 'status'])
    .executeTakeFirstOrThrow();
}

const statusOf = async () =>
  (await t.store.db.selectFrom('payments').select('status').executeTakeFirstOrThrow()).status;

it("does not cancel a payment for a link from another site that lacks the cancel URL's secret", async () => {
  const { reference } = await hostedPayment();
  // The forged links, followed by the payer's browser with its cookies.
  for (const forged of [
    `/pay/p/${reference}/return?pay_cancel=1`,
    `/pay/p/${reference}/return?pay_cancel=1&pay_proof=AAAAAAAAAAAAAAAAAAAAAA`,
  ]) {
    const back = await browser.get(forged);
    expect(back.status).toBe(303);
    expect(back.location).toBe(`/pay/p/${reference}?returned=1&lang=en`);
  }
  const viaReturn = await browser.get(`/pay/return?pay_reference=${reference}&pay_cancel=1`);
  await browser.get(viaReturn.location!);
  expect(await statusOf()).toBe('pending');
});

it("cancels through the provider's cancel URL, which carries the payment's secret", async () => {
  const { reference, return_url } = await hostedPayment();
  const cancelUrl = new URL(return_url!);
  cancelUrl.searchParams.set('pay_reference', reference);
  cancelUrl.searchParams.set('pay_cancel', '1');
  const back = await browser.get(`${cancelUrl.pathname}${cancelUrl.search}`);
  expect(back.status).toBe(303);
  const cancelled = await browser.get(back.location!);
  expect(cancelled.status).toBe(303);
  expect(cancelled.location).toMatch(/^\/pay\/receipt\//);
  expect(await statusOf()).toBe('cancelled');
});
