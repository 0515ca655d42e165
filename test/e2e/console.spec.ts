// The merchant console (/console) in Chromium, through roles and labels: a wrong key, logging in with
// the demo key, each tab with real sandbox data (the analytics charts and their tables, a payout from
// validation to a final status announced live, its signed notification delivered to the merchant's
// endpoint, wallets), and logging out.
import { expect, test } from '@playwright/test';
import { api, shot } from './helpers.ts';

test('the console: login, every tab with sandbox data, a payout to its final status, logout', async ({
  page,
}) => {
  await page.goto(`${api()}/console`);
  await page.getByLabel('Merchant API key').fill('mk_wrong_key_0000000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That key was not accepted.');

  await page.getByLabel('Merchant API key').fill('mk_sandbox_demo_key');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('status')).toContainText(/Showing \d+ payments?/);

  // Tabs by keyboard: arrow keys move the selection and the focus.
  await page.getByRole('tab', { name: 'Payments' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Collections' })).toBeFocused();
  // The provider's collections, newest first: the suite's own payments (pay_…) or the seeded ones (SBX-…).
  await expect(page.getByRole('tabpanel')).toContainText(/(pay_|SBX-)[0-9a-f]{8}/);
  await expect(page.getByRole('tabpanel')).toContainText(/\d+ collections; page 1 of \d+/);

  await page.getByRole('tab', { name: 'Payment links' }).click();
  await page.getByRole('button', { name: /Show analytics of Abonnement Premium/ }).click();
  await expect(
    page.getByRole('img', { name: /Weekly revenue and number of payments \(XOF\)/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /Revenue by channel \(XOF\)/ })).toBeVisible();
  await expect(page.getByRole('table', { name: /Revenue by channel/ }).getByRole('row')).not.toHaveCount(1);
  await shot(page, 'console-analytics');

  await page.getByRole('tab', { name: 'Payouts' }).click();
  await page.getByLabel('Provider').selectOption('mtn-ci');
  await page.getByLabel(/Phone number/).fill('+2250700000001');
  await page.getByRole('button', { name: 'Validate recipient' }).click();
  await expect(page.getByText(/Account holder:/)).toBeVisible();
  await page.getByLabel('Amount in XOF').fill('5000');
  await page.getByRole('button', { name: 'Review payout' }).click();
  await page.getByRole('button', { name: 'Confirm payout' }).click();
  await expect(page.getByRole('status')).toContainText(/Payout po_\w+ is now (success|failed)/, {
    timeout: 15_000,
  });

  // The payout's final status went to the merchant's endpoint as a signed notification, logged here.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const notifications = page.getByRole('table', { name: 'Notifications, newest first' });
  const payoutRow = notifications.getByRole('row').filter({ hasText: /payout\.(succeeded|failed)/ }).first();
  // Sent within a second of the payout's final status; the list shows it when filtered again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(payoutRow).toContainText('delivered', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await shot(page, 'console-notifications');

  await page.getByRole('tab', { name: 'Wallets' }).click();
  await expect(page.getByRole('table', { name: 'Wallet balances by country and currency' })).toContainText(
    'Côte',
  );

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('Merchant API key')).toBeVisible();
  expect((await page.request.get(`${api()}/api/v1/wallets`)).status()).toBe(401);
});
