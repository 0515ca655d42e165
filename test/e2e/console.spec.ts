// The merchant console (/console) in Chromium, through roles and labels: a wrong key, logging in with
// the demo key, each tab with real sandbox data (the analytics charts and their tables, a payout from
// validation to a final status announced live, its signed notification delivered to the merchant's
// endpoint, wallets), and logging out.
import { expect, test, type Page } from '@playwright/test';
import { measureDocumentOverflow, overflowProblems } from '../layout-overflow.ts';
import { api, logInToConsole, paidPayment, shot } from './helpers.ts';

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
  await expect(page.getByRole('tabpanel')).toContainText(/\d+ collections(; page 1 of \d+)?/);

  await page.getByRole('tab', { name: 'Payment links' }).click();
  await page.getByRole('button', { name: /Show analytics of Abonnement Premium/ }).click();
  await expect(page.getByRole('img', { name: 'Weekly revenue (XOF)' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Weekly number of payments' })).toBeVisible();
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
  await expect(page.getByRole('status')).toContainText(/Payout po_\w+: (succeeded|failed)/, {
    timeout: 15_000,
  });

  // The payout's final status went to the merchant's endpoint as a signed notification, logged here.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const notifications = page.getByRole('table', { name: 'Notifications, newest first' });
  const payoutRow = notifications
    .getByRole('row')
    .filter({ hasText: /payout\.(succeeded|failed)/ })
    .first();
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

/** The page's widest content against the viewport: a narrow screen must never scroll sideways. */
const pageWidth = (page: Page) =>
  page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth));

test('the console at 360 px: no tab widens the page, chart labels are whole, the payout form follows its payout', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logInToConsole(page);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);

  // The seeded collections: at 360 px each one is a card (console-360.spec.ts checks every tab), in a
  // focusable box named by the table, which has nothing left to scroll.
  await page.getByRole('tab', { name: 'Collections' }).click();
  const collections = page.getByRole('region', { name: 'Collection transactions, newest first' });
  await expect(collections).toBeVisible();
  await expect(collections).toHaveAttribute('tabindex', '0');
  expect(await collections.evaluate((box) => box.scrollWidth > box.clientWidth), 'nothing to scroll').toBe(
    false,
  );
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await shot(page, 'collections-360');

  await page.getByRole('tab', { name: 'Payment links' }).click();
  await expect(page.getByRole('region', { name: 'Payment links' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: /Show analytics of Abonnement Premium/ }).click();
  // The suite's own payments add to the seeded ones, so the figures vary; their form does not.
  const charts = [
    ['Weekly revenue (XOF)', /^F\sCFA\s[\d,]+$/],
    ['Weekly number of payments', /^\d+ payments?$/],
    ['Revenue by channel (XOF)', /^F\sCFA\s[\d,]+ \(\d+ payments?\)$/],
  ] as const;
  for (const [name, value] of charts) {
    const chart = page.getByRole('img', { name, exact: true });
    await expect(chart).toBeVisible();
    // Every label and value lies whole inside its chart: wrapped if need be, never cut.
    const cut = await chart.evaluate((figure) => {
      const box = figure.getBoundingClientRect();
      return [...figure.querySelectorAll('.bar-label, .bar-value')]
        .filter((text) => {
          const { left, right } = text.getBoundingClientRect();
          return left < box.left || right > box.right || text.scrollWidth > text.clientWidth;
        })
        .map((text) => text.textContent);
    });
    expect(cut, name).toEqual([]);
    await expect(chart.locator('.bar-value').first()).toHaveText(value);
    // The same numbers, for assistive technology, in the chart's own table.
    await expect(page.getByRole('table', { name, exact: true })).toBeAttached();
  }
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await shot(page, 'analytics-360');

  await page.getByRole('tab', { name: 'Payouts' }).click();
  await page.getByLabel('Provider').selectOption('mtn-ci');
  await page.getByLabel(/Phone number/).fill('+2250700000001');
  await page.getByRole('button', { name: 'Validate recipient' }).click();
  await page.getByLabel('Amount in XOF').fill('2000');
  await page.getByRole('button', { name: 'Review payout' }).click();
  await page.getByRole('button', { name: 'Confirm payout' }).click();
  const form = page.locator('#payout-step');
  await expect(form).toHaveText(/^Payout po_\w+: (processing|succeeded)\.$/);
  const reference = (await form.textContent())!.match(/po_\w+/)![0];
  // When the list below shows the payout's final status, the form says the same, not "processing".
  await expect(
    page.getByRole('region', { name: 'Latest payouts' }).getByRole('row', { name: reference }),
  ).toContainText('success', { timeout: 15_000 });
  await expect(form).toHaveText(`Payout ${reference}: succeeded.`);
  expect(await pageWidth(page)).toBeLessThanOrEqual(360);
  await shot(page, 'payouts-360');

  for (const [tab, region] of [
    ['Wallets', 'Wallet balances by country and currency'],
    ['Notifications', 'Notifications, newest first'],
  ]) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('region', { name: region })).toBeVisible();
    expect(await pageWidth(page), tab).toBeLessThanOrEqual(360);
  }
});

test('the console at 320 px: each payment stacks its columns, every one readable without scrolling', async ({
  page,
}) => {
  // At least one payment to list, whatever ran before.
  await paidPayment(page, '+2250700003201');
  await page.setViewportSize({ width: 320, height: 740 });
  await logInToConsole(page);
  const region = page.getByRole('region', { name: 'Payments, newest first' });
  // One payment's answers open (long emails, a receipt's address), the others closed.
  await region.getByText('Answers').first().click();
  await expect(region.getByRole('link', { name: /^Receipt of pay_/ }).first()).toBeVisible();
  // Nothing past the screen's edge, not even in the table's own scrolling box: no column is cut off.
  expect(overflowProblems(await page.evaluate(measureDocumentOverflow), 320)).toEqual([]);
  // Each value beside its column's name, the status too.
  const row = region.locator('tbody tr').first();
  for (const column of ['Created', 'Reference', 'Status', 'Amount', 'Method', 'Details']) {
    const cell = row.locator(`td[data-label="${column}"]`);
    await expect(cell).toBeVisible();
    const { x, width } = (await cell.boundingBox())!;
    expect([x >= 0, x + width <= 320], column).toEqual([true, true]);
  }
  await shot(page, 'payments-320');
});
