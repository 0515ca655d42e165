// A link that cannot be paid, opened in a browser with JavaScript on and off, on a 360 px phone: the page
// says why and offers nothing to pay (no form, no price, no widget), and its status says it too.
import { expect, test } from '@playwright/test';
import { api, heading, shot } from './helpers.ts';

test.use({ viewport: { width: 360, height: 740 } });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('an expired link: 410, why, what to do, nothing to pay, nothing cut', async ({ page }) => {
      const response = await page.goto(`${api()}/pay/lnk_expired_sn?lang=fr`);
      expect(response?.status()).toBe(410);
      await expect(heading(page, 'Ce lien de paiement a expiré')).toBeVisible();
      await expect(page.getByText('contactez le marchand qui vous a envoyé ce lien')).toBeVisible();
      await expect(page.locator('form, input, button, pay-checkout')).toHaveCount(0);
      await expect(page.locator('body')).not.toContainText(/F\s?CFA|25\s?000/);
      // Nothing wider than the phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await shot(page, 'expired-360');
    });

    test('a paused link: 409, says so in English', async ({ page }) => {
      const response = await page.goto(`${api()}/pay/lnk_inactive_ng?lang=en`);
      expect(response?.status()).toBe(409);
      await expect(heading(page, 'This payment link is paused')).toBeVisible();
      await expect(page.locator('form, pay-checkout')).toHaveCount(0);
    });
  });
}
