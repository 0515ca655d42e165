// Keyboard only, on a fixed-amount link with a required custom field and required payer details (the
// payer-amount link is covered in checkout.spec.ts): Tab, arrow keys, typing and Enter, never the mouse.
import { expect, test } from '@playwright/test';
import { expectSuccess, heading, merchant, shot, tabTo, typeInto } from './helpers.ts';

test('the whole flow by keyboard only, on a fixed-amount link', async ({ page }) => {
  await page.goto(merchant('lnk_fixed_ci'));
  await expect(heading(page, /Abonnement Premium/)).toBeVisible();
  await page.keyboard.press('Tab');
  await typeInto(page, 'Numéro d’abonné', 'AB-1234');
  await typeInto(page, 'Full name', 'Awa Koné');
  await typeInto(page, 'Email', 'awa@example.com');
  // The method is a radio group: one Tab stop, arrow keys move the choice.
  await tabTo(page, page.getByRole('radio', { name: 'MTN Mobile Money' }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'Orange Money' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Orange Money' })).toBeFocused();
  await typeInto(page, 'Phone number', '+2250700000000');
  await shot(page, 'form');
  await page.keyboard.press('Enter');

  await expect(heading(page, 'Enter your code')).toBeFocused();
  await shot(page, 'otp');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Code')).toBeFocused();
  await page.keyboard.type('123456');
  await page.keyboard.press('Enter');
  await expectSuccess(page);
});
