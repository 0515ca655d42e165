// A payment started in this tab survives a reload: the widget picks it up where it was.
import { expect, test } from '@playwright/test';
import { enterCode, expectSuccess, heading, payFixedLink, sandboxCheckoutCount, shot } from './helpers.ts';

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
