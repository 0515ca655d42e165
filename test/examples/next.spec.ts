// The Next.js App Router app (demo/examples/next): a payment link rendered by a Server Component through
// `pay-checkout/react`, and a cart whose checkout session the shop's server creates and keeps in a
// cookie, paid on the provider's hosted page and shown paid when the payer comes back.
import { expect, test } from '@playwright/test';
import { DEMO_MERCHANT_API_KEY } from '../../server/config.ts';
import type { PayCheckout } from '../../widget/index.ts';
import { REFERENCE } from '../journeys.ts';
import { apiUrl, installBuildAndServe, appUrl, consoleOf, FINAL, payFixedLinkByOtp } from './apps.ts';

const shop = () => ({
  PAY_API_URL: apiUrl(),
  MERCHANT_API_KEY: DEMO_MERCHANT_API_KEY,
  SHOP_URL: appUrl('next'),
  NEXT_TELEMETRY_DISABLED: '1',
});

installBuildAndServe('next', 'installs the packed widget, builds (and type-checks) with next build', {
  timeoutMs: 360_000,
  env: shop,
  command: (port) => ['next', 'start', '-H', '127.0.0.1', '-p', port],
});

const paid = new RegExp(`^Paid: ${REFERENCE.source}$`);

test('a Server Component renders the link; paid by OTP, pay-success heard on the document', async ({
  page,
}) => {
  const logged = consoleOf(page);
  await page.goto(`${appUrl('next')}/subscribe`);
  await payFixedLinkByOtp(page);
  await expect(page.getByRole('status').filter({ hasText: 'Paid:' })).toHaveText(paid);
  // No hydration warning, no error.
  expect(logged).toEqual([]);
});

test("a cart paid on the provider's hosted page: back on the cart, the same session shows it paid", async ({
  page,
}) => {
  const logged = consoleOf(page);
  await page.goto(`${appUrl('next')}/cart`);
  await page.getByRole('button', { name: 'Check out' }).click();
  await page.waitForURL(`${appUrl('next')}/cart`);
  const element = page.locator('pay-checkout');
  const session = await element.getAttribute('session');
  expect(session).toMatch(/^ses_/);
  // The customer object and returnUrl went in through the wrapper, after hydration, as properties.
  await expect(page.getByLabel('Full name')).toHaveValue('Chidi Okafor');
  expect(await element.evaluate((checkout) => (checkout as PayCheckout).returnUrl)).toBe(
    `${appUrl('next')}/cart`,
  );

  await page.getByRole('radio', { name: 'Secure payment page' }).check();
  await page.getByRole('button', { name: /^Pay / }).first().click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Approve' }).click();
  // returnUrl, set from React, brought the payer back to the cart with the payment's reference.
  await page.waitForURL(new RegExp(`^${appUrl('next')}/cart\\?pay_reference=pay_`));
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible(FINAL);
  await expect(page.getByRole('status').filter({ hasText: 'Paid:' })).toHaveText(paid);
  const reference = new URL(page.url()).searchParams.get('pay_reference');
  await expect(page.getByRole('status').filter({ hasText: 'Paid:' })).toHaveText(`Paid: ${reference}`);
  // The cookie kept the cart's session: the one the payment was made on.
  expect(await element.getAttribute('session')).toBe(session);
  // A reload of the paid cart still shows it paid, not "This payment is not available".
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible(FINAL);
  expect(logged).toEqual([]);
});
