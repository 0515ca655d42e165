// The pay page (Node) and the widget (Chromium) write the same link's amount with the same text, in each
// of our languages: both go through widget/shared/format.ts, and neither leans on its engine's fallback
// (Chromium has no Hausa, Yoruba or Wolof data; Node has, and used to write Wolof "F CFA 15.000").
import { expect, test } from '@playwright/test';
import { api, merchant } from './helpers.ts';

const LANGUAGES = ['en', 'fr', 'sw', 'ha', 'yo', 'wo'];
/** Fixed-amount links of the seed: XOF 15 000, KES 2,500.00, NGN 5,000.00. */
const LINKS = ['lnk_fixed_ci', 'lnk_swahili_ke', 'lnk_hausa_ng'];

/** The amount as the pay page writes it, exactly (no-break spaces kept). */
async function payPageAmount(
  request: import('@playwright/test').APIRequestContext,
  link: string,
  lang: string,
) {
  const html = await (await request.get(`${api()}/pay/${link}?lang=${lang}`)).text();
  return /<p class="amount"><span>[^<]*<\/span> <strong>([^<]*)<\/strong>/.exec(html)?.[1];
}

for (const link of LINKS) {
  test(`${link}: the pay page and the widget write its amount alike in every language`, async ({ page }) => {
    const seen: string[] = [];
    for (const lang of LANGUAGES) {
      const expected = await payPageAmount(page.request, link, lang);
      expect(expected, `${lang}: the pay page shows the amount`).toBeTruthy();
      await page.goto(merchant(link, lang));
      const amount = page.locator('pay-checkout [part="amount"] strong');
      // The first render may write "XOF 15 000" without Intl (plainMoney); the formatted text follows.
      await expect.poll(() => amount.textContent(), { message: lang }).toBe(expected);
      seen.push(`${lang}: ${expected}`);
    }
    // Each language got its own text, not English's everywhere.
    expect(new Set(seen.map((line) => line.replace(/^\w+: /, ''))).size).toBeGreaterThan(1);
  });
}
