// A payer's network loses the answer to Pay after the server made the payment (and the provider pushed
// its prompt). The payer sees "We could not reach the payment service" and reloads: the checkout must
// answer the payment already made, so the payer is charged once, never twice. The network is the fault
// proxy (test/e2e/fault-proxy.ts) in front of the real server; charges are counted at the sandbox.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { FaultProxy, type Armed, type Fault } from './fault-proxy.ts';
import {
  api,
  FINAL,
  merchant,
  sandboxCheckoutCount,
  sandboxStatusesSince,
  setSandboxStatus,
  shot,
} from './helpers.ts';
import { formPayButton, cookieReference, untilReceipt } from './pay-page-steps.ts';

const CREATE = { method: 'POST', path: '/api/v1/payments' };
const OTP_PHONE = '+2250700000000';
/** Stays waiting for the payer's approval on the phone until the test settles it at the sandbox. */
// A wallet of this spec's own: the e2e server is shared, and another spec leaves 0700000003 waiting on
// lnk_fixed_ci, where a second push to the same wallet answers wallet_busy.
const APPROVE_PHONE = '+2250700000303';
/** The same kind, a wallet of its own: one prompt per wallet waits at a time on a link. */
const OFF_APPROVE_PHONE = '+2250700000503';

/** Where the checkout is, in the page (the element's shadow root) or in its isolation frame. */
type Scope = Pick<Locator, 'getByLabel' | 'getByRole' | 'getByText'>;

let proxy: FaultProxy;

test.beforeEach(async () => {
  proxy = await FaultProxy.start(api(), Number(process.env.E2E_PROXY_PORT));
});

test.afterEach(async () => {
  await proxy.close();
});

const storefront = (extra = '') => `${merchant()}&proxy${extra}`;
const inPage = (page: Page): Scope => page.locator('pay-checkout');
const heading = (scope: Scope, name: string | RegExp) => scope.getByRole('heading', { name });
const widgetPay = (scope: Scope) => scope.getByRole('button', { name: /^Pay / }).first();

/** Fills `lnk_fixed_ci`'s form in the widget, as the payer types it. */
async function fillWidget(scope: Scope, phone: string) {
  await expect(heading(scope, /Abonnement Premium/)).toBeVisible(FINAL);
  await scope.getByLabel('Numéro d’abonné').fill('AB-1234');
  await scope.getByLabel('Full name').fill('Awa Koné');
  await scope.getByLabel('Email').fill('awa@example.com');
  await scope.getByLabel('Phone number').fill(phone);
}

/**
 * Pays with `fault` on the creation's answer until the widget says the service could not be reached;
 * then the network is fine again. Returns the reference of the payment the server made meanwhile.
 */
async function payAndLoseTheAnswer(scope: Scope, fault: Fault): Promise<string> {
  const lost: Armed = proxy.arm(CREATE, fault);
  await widgetPay(scope).click();
  await expect(scope.getByText(/We could not reach the payment service/).first()).toBeVisible(FINAL);
  lost.disarm();
  const first = await lost.next(0);
  expect(first.status, first.body).toBe(201);
  const { reference } = (JSON.parse(first.body) as { data: { payment: { reference: string } } }).data.payment;
  // Every answer the browser may have asked for again (Chromium re-sends a dropped POST) was this one.
  for (const hit of lost.hits) expect(JSON.parse(hit.body).data.payment.reference).toBe(reference);
  return reference;
}

/**
 * After the reload, the payer does what the checkout shows: `step`, or, if it is the empty form again
 * (as before the attempt outlived the page), they fill it and pay again. Says whether they had to.
 */
async function payerAfterReload(scope: Scope, step: Locator, phone: string): Promise<boolean> {
  await expect(step.or(widgetPay(scope))).toBeVisible(FINAL);
  if (await step.isVisible()) return false;
  await fillWidget(scope, phone);
  await widgetPay(scope).click();
  return true;
}

async function confirmCode(scope: Scope) {
  await expect(heading(scope, 'Enter your code')).toBeVisible(FINAL);
  await scope.getByLabel('Code').fill('123456');
  await scope.getByRole('button', { name: 'Confirm' }).click();
}

/** Paid, by the first payment, and charged once: `charges` was the sandbox's count before. */
async function expectPaidOnce(page: Page, scope: Scope, reference: string, charges: number) {
  await expect(heading(scope, 'Payment successful')).toBeVisible(FINAL);
  expect(await sandboxCheckoutCount(page), 'charges at the provider').toBe(charges + 1);
  await expect(scope.getByText(reference).first()).toBeVisible();
}

/** The OTP journey on a checkout at `url` (in the page or its frame): one charge, the first payment. */
async function otpJourney(page: Page, url: string, scopeOf: (page: Page) => Scope) {
  const charges = await sandboxCheckoutCount(page);
  await page.goto(url);
  const scope = scopeOf(page);
  await fillWidget(scope, OTP_PHONE);
  const reference = await payAndLoseTheAnswer(scope, 'drop');
  await shot(page, 'answer-lost');

  await page.reload();
  const askedAgain = await payerAfterReload(scope, heading(scope, 'Enter your code'), OTP_PHONE);
  await confirmCode(scope);
  await expectPaidOnce(page, scope, reference, charges);
  await shot(page, 'paid-once');
  expect(askedAgain, 'the reload showed the empty form again').toBe(false);
}

test('storefront, code number: the create answer dropped, a reload lands on that payment’s code step', async ({
  page,
}) => {
  await otpJourney(page, storefront(), inPage);
});

for (const [fault, what] of [
  ['drop', 'dropped'],
  ['cut', 'cut midway'],
] as const) {
  test(`storefront, approve-on-phone number: the create answer ${what}, a reload waits for that payment`, async ({
    page,
  }) => {
    await approveJourney(page, fault);
  });
}

async function approveJourney(page: Page, fault: Fault) {
  const charges = await sandboxCheckoutCount(page);
  await page.goto(storefront());
  const scope = inPage(page);
  await fillWidget(scope, APPROVE_PHONE);
  const reference = await payAndLoseTheAnswer(scope, fault);

  await page.reload();
  const askedAgain = await payerAfterReload(scope, heading(scope, 'Approve on your phone'), APPROVE_PHONE);
  await expect(heading(scope, 'Approve on your phone')).toBeVisible(FINAL);
  await shot(page, 'waiting');
  expect(await sandboxCheckoutCount(page), 'prompts pushed to the phone').toBe(charges + 1);
  // The payer approves the one prompt on their phone.
  await setSandboxStatus(page, reference, 'success');
  await expectPaidOnce(page, scope, reference, charges);
  expect(askedAgain, 'the reload showed the empty form again').toBe(false);
}

test('storefront: a reload while the create answer stalls replays it and lands on the code step', async ({
  page,
}) => {
  const charges = await sandboxCheckoutCount(page);
  await page.goto(storefront());
  const scope = inPage(page);
  await fillWidget(scope, OTP_PHONE);
  const stalled = proxy.arm(CREATE, 'stall');
  await widgetPay(scope).click();
  const held = await stalled.next(0);
  stalled.disarm();
  const { reference } = (JSON.parse(held.body) as { data: { payment: { reference: string } } }).data.payment;

  await page.reload();
  const askedAgain = await payerAfterReload(scope, heading(scope, 'Enter your code'), OTP_PHONE);
  await confirmCode(scope);
  await expectPaidOnce(page, scope, reference, charges);
  stalled.release();
  expect(askedAgain, 'the reload showed the empty form again').toBe(false);
});

test('isolation frame, code number: its own storage keeps the attempt across the reload', async ({
  page,
}) => {
  await otpJourney(page, storefront('&isolation=iframe'), (page) => page.frameLocator('pay-checkout iframe'));
});

test('pay page with JavaScript on (the widget pays): the create answer dropped, a reload lands on the code step', async ({
  page,
}) => {
  // The widget takes the server's form over once it is ready: the payer types into the widget's.
  await otpJourney(page, `${proxy.url}/pay/lnk_fixed_ci?lang=en`, inPage);
});

// The pay page with JavaScript off posts its own form, with a key the server put in it (`_key`). Opened
// again after a lost answer, the form carries the same key while the lost attempt waits on the payer's
// phone (the server binds it to the browser's form cookie), so paying again answers the payment already
// made. A payment that only waits for a code takes a new key, as "Use another number" does: the payer
// then confirms the second one, and the first, never confirmed, takes no money.
async function payOffAndLoseTheAnswer(page: Page, phone: string) {
  await page.goto(payPageOff());
  await fillFormOff(page, phone);
  const lost = proxy.arm({ method: 'POST', path: '/pay/lnk_fixed_ci' }, 'drop');
  // Lost until the browser gives up (it sends a dropped POST again by itself) and shows its error page.
  const failed = page.waitForEvent('requestfailed', (request) => request.method() === 'POST');
  await formPayButton(page).click({ noWaitAfter: true });
  await failed;
  await expect.poll(() => page.url()).toMatch(/^chrome-error:/);
  lost.disarm();
  expect((await lost.next(0)).status).toBeLessThan(400);
  // From the browser's error page the payer opens the link again (Back does the same on a no-store page).
  await page.goto(payPageOff());
  await fillFormOff(page, phone);
  await formPayButton(page).click();
}

const payPageOff = () => `${proxy.url}/pay/lnk_fixed_ci?lang=en`;

test.describe('pay page with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('code number: the answer to Pay dropped, paid again, charged once', async ({ page }) => {
    const before = await sandboxCheckoutCount(page);
    await payOffAndLoseTheAnswer(page, OTP_PHONE);
    await page.getByLabel('Code').fill('123456');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await untilReceipt(page);
    expect(await sandboxStatusesSince(page, before), 'collections and their outcome at the provider').toEqual(
      ['success', 'pending'],
    );
  });

  test('approve number: the answer to Pay dropped, paid again, one prompt', async ({ page }) => {
    const before = await sandboxCheckoutCount(page);
    await payOffAndLoseTheAnswer(page, OFF_APPROVE_PHONE);
    await expect(page.getByRole('heading', { name: 'Approve on your phone' })).toBeVisible(FINAL);
    expect(await sandboxCheckoutCount(page), 'prompts pushed to the phone').toBe(before + 1);
    const reference = await cookieReference(page);
    await setSandboxStatus(page, reference, 'success');
    expect(await untilReceipt(page)).toBe(reference);
    expect(await sandboxStatusesSince(page, before)).toEqual(['success']);
  });
});

async function fillFormOff(page: Page, phone: string) {
  await page.getByLabel('Numéro d’abonné').fill('AB-1234');
  await page.getByLabel('Full name').fill('Awa Koné');
  await page.getByLabel('Email').fill('awa@example.com');
  await page.getByLabel('Phone number').fill(phone);
}
