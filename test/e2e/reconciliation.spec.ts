// The console's Reconciliation tab in Chromium: over the last three weeks, the sandbox's seeded history
// (collections taken on the provider's side, never through this server) shows as successes only the
// provider knows; recording one makes it a flagged payment, and the difference leaves the report.
import { expect, test } from '@playwright/test';
import { api, shot } from './helpers.ts';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test('a console user compares three weeks of books and records a success only the provider knows', async ({
  page,
}) => {
  await page.goto(`${api()}/console`);
  await page.getByLabel('Merchant API key').fill('mk_sandbox_demo_key');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('tab', { name: 'Reconciliation' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Reconciliation' });
  await panel.getByLabel('From', { exact: true }).fill(daysAgo(21));
  await panel.getByLabel('To', { exact: true }).fill(daysAgo(0));
  await panel.getByRole('button', { name: 'Compare' }).click();

  const differences = page.getByRole('table', { name: /difference\(s\)/ });
  const providerOnly = differences.getByRole('row').filter({ hasText: 'Only at the provider' });
  await expect(providerOnly.first()).toBeVisible();
  await expect(page.getByRole('table', { name: /Successes per currency/ })).toContainText('XOF');
  const before = await providerOnly.count();
  await shot(page, 'console-reconciliation');

  const reference = await providerOnly.first().getByRole('code').textContent();
  await providerOnly.first().getByRole('button', { name: 'Record' }).click();
  // The action's outcome and the refreshed report's count in one announcement: neither replaces the other.
  await expect(page.getByRole('status')).toContainText(
    new RegExp(`${reference}: recorded, now success\\. \\d+ difference\\(s\\) from `),
  );
  await expect(providerOnly).toHaveCount(before - 1);
});
