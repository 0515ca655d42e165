// The code step and the receipt in Yoruba, Wolof and Swahili, on the pay page (no script, Node writes
// the text) and in the widget (Chromium writes it): the expiry and the payment's time with their zone
// named, two-digit minutes, no "saa", Wolof's "FCFA". Each screen is kept under test-results/e2e/.
import { expect, test, type Page } from '@playwright/test';
import { api, merchant, shot } from './helpers.ts';

interface Case {
  lang: 'yo' | 'wo' | 'sw';
  link: string;
  /** A number of the link's country no other spec uses, ending in 00: the sandbox asks for an OTP. */
  phone: { page: string; widget: string };
  /** The market's zone as the pay page and the receipt name it. */
  zone: string;
  /** Where the widget's browser is: its times are in the payer's own zone. */
  timezoneId: string;
  widgetZone: string;
  money: RegExp;
}

const CASES: Case[] = [
  {
    lang: 'yo',
    link: 'lnk_hausa_ng',
    phone: { page: '+2348030019100', widget: '+2348030019200' },
    zone: 'GMT+1',
    timezoneId: 'Africa/Lagos',
    widgetZone: 'GMT+1',
    money: /₦5,000\.00/,
  },
  {
    lang: 'wo',
    link: 'lnk_fixed_ci',
    phone: { page: '+2250700019100', widget: '+2250700019200' },
    zone: 'GMT',
    timezoneId: 'Africa/Dakar',
    widgetZone: 'GMT',
    money: /15\u202f000\u00a0FCFA/,
  },
  {
    lang: 'sw',
    link: 'lnk_swahili_ke',
    phone: { page: '+254700019100', widget: '+254700019200' },
    zone: 'GMT+3',
    timezoneId: 'Africa/Nairobi',
    widgetZone: 'GMT+3',
    money: /Ksh\u00a02,500\.00/,
  },
];

/** Fills whatever form is in `root`: the link's own fields and the name with a name, then email and phone. */
async function fillForm(page: Page, phone: string) {
  const inputs = page.locator('input[type="text"]:visible, input:not([type]):visible');
  for (let index = 0; index < (await inputs.count()); index++) await inputs.nth(index).fill('Awa Koné');
  await page.locator('input[type="email"]').fill('awa@example.com');
  await page.locator('input[type="tel"]').fill(phone);
  await page.locator('button[type="submit"]').first().click();
}

const text = (page: Page) => page.locator('body').innerText();

for (const c of CASES) {
  test.describe(c.lang, () => {
    test.describe('pay page', () => {
      test.use({ javaScriptEnabled: false });
      test(`${c.lang}: the pay page's code step and receipt`, async ({ page }) => {
        await page.goto(`${api()}/pay/${c.link}?lang=${c.lang}`);
        await fillForm(page, c.phone.page);
        const code = page.locator('input[name="otp"]');
        await expect(code).toBeVisible();
        expect(await text(page)).toMatch(c.money);
        await shot(page, 'code');
        await code.fill('123456');
        await page.locator('button[type="submit"]').first().click();
        await expect(page).toHaveURL(/\/pay\/receipt\//, { timeout: 15_000 });
        await expect(async () => {
          await page.reload();
          expect(await text(page)).toMatch(
            new RegExp(
              `\\d\\d?(/\\d\\d/| \\p{L}+ )2026, \\d\\d:\\d\\d ${c.zone.replace('+', '\\+')}(?!\\d)`,
              'u',
            ),
          );
        }).toPass({ timeout: 15_000 });
        expect(await text(page)).not.toMatch(/saa \d|\d:\d\b/);
        await shot(page, 'receipt');
      });
    });

    test.describe('widget', () => {
      test.use({ timezoneId: c.timezoneId });
      test(`${c.lang}: the widget's code step and success`, async ({ page }) => {
        await page.goto(merchant(c.link, c.lang));
        await expect(page.locator('pay-checkout input[type="tel"]')).toBeVisible();
        const inputs = page.locator(
          'pay-checkout input[type="text"]:visible, pay-checkout input:not([type]):visible',
        );
        for (let index = 0; index < (await inputs.count()); index++) await inputs.nth(index).fill('Awa Koné');
        await page.locator('pay-checkout input[type="email"]').fill('awa@example.com');
        await page.locator('pay-checkout input[type="tel"]').fill(c.phone.widget);
        await page.locator('pay-checkout button[type="submit"]').first().click();
        const code = page.locator('pay-checkout input[autocomplete="one-time-code"]');
        await expect(code).toBeVisible();
        const checkout = page.locator('pay-checkout');
        await expect(checkout).toContainText(
          new RegExp(`\\b\\d\\d:\\d\\d ${c.widgetZone.replace('+', '\\+')}(?!\\d)`),
        );
        await expect(checkout).toContainText(c.money);
        await shot(page, 'code');
        await code.fill('123456');
        await page.locator('pay-checkout button[type="submit"]').first().click();
        await expect(checkout).toContainText(/pay_[0-9a-f]{32}/, { timeout: 15_000 });
        await expect(checkout).toContainText(
          new RegExp(`, \\d\\d:\\d\\d ${c.widgetZone.replace('+', '\\+')}(?!\\d)`),
        );
        await shot(page, 'success');
      });
    });
  });
}
