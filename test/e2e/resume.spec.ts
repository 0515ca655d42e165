// A payment started in this tab survives a reload: the widget picks it up where it was.
import { expect, test } from '@playwright/test';
import {
  enterCode,
  expectSuccess,
  FINAL,
  heading,
  merchant,
  payButton,
  payFixedLink,
  sandboxCheckoutCount,
  shot,
} from './helpers.ts';

test('a reload during the OTP step resumes at the OTP step', async ({ page }) => {
  await payFixedLink(page, '+2250700000000');
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await shot(page, 'otp');
  const checkouts = await sandboxCheckoutCount(page);

  await page.reload();
  await expect(heading(page, 'Enter your code')).toBeVisible();
  await expect(page.getByLabel('Code')).toBeEmpty();
  await shot(page, 'resumed');
  // The same payment: resuming created nothing at the provider.
  expect(await sandboxCheckoutCount(page)).toBe(checkouts);

  await enterCode(page, 'Code', '123456');
  await expectSuccess(page);
});

test("reopening the shop after walking away from the provider's page (08) never sends the payer back there", async ({
  page,
}) => {
  await payFixedLink(page, '+2250700000008');
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();

  // Back to the shop without deciding on the page: the payment still waits there.
  await page.goto(merchant());
  await expect(heading(page, 'Finish your payment')).toBeVisible(FINAL);
  await expect(page.getByRole('link', { name: 'Continue to MTN Mobile Money' })).toHaveAttribute(
    'href',
    /\/sandbox\/checkout\//,
  );
  await shot(page, 'unfinished');
  expect(page.url()).toBe(merchant());

  // Starting again cancels it: a later visit shows a fresh form, not the provider's page.
  await page.getByRole('button', { name: 'Start again' }).click();
  await expect(page.getByRole('status')).toHaveText('Payment cancelled. You can try again.', FINAL);
  await page.goto(merchant());
  await expect(payButton(page)).toBeVisible(FINAL);
  expect(page.url()).toBe(merchant());

  // Cancelled on the page itself, then back: the saved payment is no longer sent there either.
  await payFixedLink(page, '+2250700000008');
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.goto(merchant());
  await expect(heading(page, /Finish your payment|Payment failed/)).toBeVisible(FINAL);
  expect(page.url()).toBe(merchant());
});

test('a hosted payment cancelled on the page is forgotten: the shop opens on the form again', async ({
  page,
}) => {
  await page.goto(merchant('lnk_tip_ci'));
  await page.getByLabel('Amount (XOF)').fill('750');
  await page.getByRole('radio', { name: 'Secure payment page' }).check();
  await payButton(page).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/pay_cancel=1/);
  await expect(page.getByRole('status')).toHaveText('Payment cancelled. You can try again.', FINAL);

  await page.goto(merchant('lnk_tip_ci'));
  await expect(page.getByLabel('Amount (XOF)')).toBeVisible(FINAL);
  expect(page.url()).toBe(merchant('lnk_tip_ci'));
});
