// The product from the outside: the real server, the built widget, Debian's Chromium, a merchant page on
// another origin. Elements are found by role and label, as a payer (or a screen reader) finds them.
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../widget/shared/en.ts';
import {
  api,
  consoleOf,
  expectSuccess,
  FINAL,
  heading,
  merchant,
  payButton,
  payFixedLink,
  sandboxCheckoutCount,
  shot,
  typeInto,
} from './helpers.ts';

test('direct charge with OTP, from a merchant page on another origin', async ({ page }) => {
  await payFixedLink(page, '+2250700000000');
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await shot(page, 'otp');
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/pay_[0-9a-f]{32}/)).toBeVisible();
  await shot(page, 'success');
});

test('a wrong OTP, then the right one; nothing lands in the merchant’s console', async ({ page }) => {
  const logged = consoleOf(page);
  await payFixedLink(page, '+2250700000000');
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Wrong code.', { exact: true })).toBeVisible(); // under the field
  await expect(page.getByRole('status')).toHaveText(/^Wrong code\./); // and announced
  await shot(page, 'wrong-code');
  await page.getByLabel('Code').fill('123456');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  expect(logged).toEqual([]);
});

test('no OTP: approve on the phone, then success', async ({ page }) => {
  await payFixedLink(page, '+2250700000001');
  await expect(page.getByRole('heading', { name: 'Approve on your phone' })).toBeVisible();
  await shot(page, 'processing');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
});

test("failure reported by webhook: our words for its code, not the provider's", async ({ page }) => {
  await payFixedLink(page, '+2250700000004');
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(en.insufficient_funds)).toBeVisible();
  await expect(page.getByText('Insufficient funds in the payer wallet')).toHaveCount(0);
  await shot(page, 'failed');
});

test('a double click makes exactly one payment', async ({ page }) => {
  const before = await sandboxCheckoutCount(page);
  await page.goto(merchant());
  await page.getByLabel('Numéro d’abonné').fill('AB-1234');
  await page.getByLabel('Full name').fill('Awa Koné');
  await page.getByLabel('Email').fill('awa@example.com');
  await page.getByLabel('Phone number').fill('+2250700000000');
  await page.getByRole('button', { name: /^Pay / }).first().dblclick();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  expect(await sandboxCheckoutCount(page)).toBe(before + 1);
});

test('expired and inactive links say so', async ({ page }) => {
  for (const link of ['lnk_expired_sn', 'lnk_inactive_ng']) {
    await page.goto(merchant(link));
    await expect(page.getByRole('heading', { name: 'This payment is not available' })).toBeVisible();
  }
  await shot(page, 'unavailable');
});

test('the widget works under a strict Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto(`${api()}/csp`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: /Marathon de Dakar/ })).toBeVisible();
  await expect(page.getByLabel('Taille du t-shirt')).toBeVisible();
  await shot(page, 'csp');
  expect(violations).toEqual([]);
});

test('French', async ({ page }) => {
  await page.goto(merchant('lnk_fixed_ci', 'fr'));
  await expect(page.getByRole('button', { name: /^Payer/ }).first()).toBeVisible();
  await shot(page, 'french');
});

test('the whole flow by keyboard only', async ({ page }) => {
  await page.goto(merchant('lnk_tip_ci'));
  await expect(page.getByRole('heading', { name: /Pourboire/ })).toBeVisible();
  // Tab to the amount, type, then tab through to the phone number and submit with Enter.
  await page.keyboard.press('Tab');
  await typeInto(page, 'Amount (XOF)', '500');
  await typeInto(page, 'Phone number', '+2250700000000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'keyboard-success');
});

/** Pays `lnk_tip_ci` (payer amount, anonymous) on the provider's hosted page, then decides there. */
async function hostedRoundTrip(page: Page, decision: 'Approve' | 'Decline' | 'Cancel') {
  await page.goto(merchant('lnk_tip_ci'));
  await page.getByLabel('Amount (XOF)').fill('750');
  await page.getByRole('radio', { name: 'Secure payment page' }).check();
  await page.getByRole('button', { name: /^Pay / }).first().click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await shot(page, 'hosted-page');
  if (decision === 'Approve') await page.getByLabel('Pay with').selectOption({ label: 'Wave' });
  await page.getByRole('button', { name: decision }).click();
  await page.waitForURL(new RegExp(`^${process.env.E2E_MERCHANT_URL}/.*pay_reference=`));
}

test('hosted checkout approved, and the widget resumes on return', async ({ page }) => {
  await hostedRoundTrip(page, 'Approve');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible({ timeout: 15_000 });
  await shot(page, 'returned');
});

test('hosted checkout declined', async ({ page }) => {
  await hostedRoundTrip(page, 'Decline');
  await expect(page.getByRole('heading', { name: 'Payment failed' })).toBeVisible({ timeout: 15_000 });
});

test('hosted checkout cancelled: back to the form, told so', async ({ page }) => {
  await hostedRoundTrip(page, 'Cancel');
  await expect(
    page.getByRole('paragraph').filter({ hasText: 'Payment cancelled. You can try again.' }),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByRole('status')).toHaveText('Payment cancelled. You can try again.');
  await expect(page.getByRole('button', { name: /^Pay / }).first()).toBeVisible();
  await shot(page, 'cancelled');
});

/** Pays `lnk_fixed_ci` by direct charge with a number the provider answers with its own page (08). */
async function directRedirectRoundTrip(page: Page, decision: 'Approve' | 'Decline') {
  await payFixedLink(page, '+2250700000008');
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await shot(page, 'provider-page');
  await page.getByRole('button', { name: decision }).click();
  // The provider sends the payer back to the shop, our reference with them.
  await page.waitForURL(new RegExp(`^${process.env.E2E_MERCHANT_URL}/.*pay_reference=pay_`));
}

test('direct charge sent to the provider page (08), approved there: back on the shop, success', async ({
  page,
}) => {
  await directRedirectRoundTrip(page, 'Approve');
  await expectSuccess(page);
});

test('direct charge sent to the provider page (08), declined there: back on the shop, told why, can pay again', async ({
  page,
}) => {
  await directRedirectRoundTrip(page, 'Decline');
  await expect(heading(page, 'Payment failed')).toBeVisible(FINAL);
  // The provider's "Declined by the payer" is classified `declined`, which the widget words itself.
  await expect(page.getByText(en.declined)).toBeVisible();
  await shot(page, 'declined');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(payButton(page)).toBeVisible();
});
