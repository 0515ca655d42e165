// The receipt page: the payer pays in the widget, follows its "Receipt" link, then opens the same address
// in a fresh browser context (another browser of the payer's, no storage, no token) and sees the result;
// an altered address shows nothing. At 320 px the receipt never scrolls sideways, light or dark, and axe
// finds nothing. Screenshots (320 px, light, dark, French) land in RECEIPT_SHOTS or test-results/receipt/.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FINAL, payFixedLink } from './helpers.ts';

const SHOTS = process.env.RECEIPT_SHOTS ?? 'test-results/receipt';
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** Pays `lnk_fixed_ci` in the widget and answers the address its success step links as the receipt. */
async function paidReceipt(page: Page): Promise<string> {
  await payFixedLink(page, '+2250700000001');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible(FINAL);
  const link = page.getByRole('link', { name: 'Receipt' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');
  const href = await link.getAttribute('href');
  // In the widget's language, which the reader's browser may not share.
  expect(href).toMatch(/\/pay\/receipt\/pay_[0-9a-f]{32}\.[A-Za-z0-9_-]{22}\?lang=en$/);
  return href!;
}

test('pay, follow the receipt link, then open it in a fresh context; an altered address gets nothing', async ({
  page,
  browser,
}) => {
  const href = await paidReceipt(page);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Receipt' }).click(),
  ]);
  await tab.waitForLoadState();
  await expect(tab.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(tab.getByText('Payment successful').first()).toBeVisible();
  // Opened from the widget, the tab cannot reach back into the merchant's page.
  expect(await tab.evaluate(() => window.opener)).toBeNull();

  const fresh = await browser.newContext({ locale: 'en-GB' });
  const other = await fresh.newPage();
  const answer = await other.goto(href);
  expect(answer?.status()).toBe(200);
  await expect(other.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
  await expect(other.getByText('Payment successful').first()).toBeVisible();
  await expect(other.getByText('****0001')).toBeVisible();
  const reference = /receipt\/(pay_[0-9a-f]{32})\./.exec(href)![1]!;
  await expect(other.getByText(reference, { exact: true })).toBeVisible();
  // The script showed Print (the browser can print); nothing here needs it to read the receipt.
  await expect(other.getByRole('button', { name: 'Print' })).toBeVisible();

  // One character of the proof changed (its last one).
  const altered = href.replace(/(.)\?lang=/, (_, last: string) => `${last === 'A' ? 'B' : 'A'}?lang=`);
  expect(altered).not.toBe(href);
  const refused = await other.goto(altered);
  expect(refused?.status()).toBe(404);
  await expect(other.locator('body')).not.toContainText(reference);
  await expect(other.locator('body')).not.toContainText('Payment');
  await fresh.close();
});

test('the receipt at 320 px: no sideways scroll, light and dark, English and French; axe finds nothing; works without JavaScript', async ({
  page,
  browser,
}) => {
  const href = await paidReceipt(page);
  for (const [language, javaScriptEnabled] of [
    ['en', true],
    ['fr', false],
  ] as const) {
    // bypassCSP only so that axe's script can be injected; the page's own policy is tested on the server.
    const context = await browser.newContext({
      viewport: { width: 320, height: 640 },
      locale: language,
      javaScriptEnabled,
      bypassCSP: true,
    });
    const receipt = await context.newPage();
    const address = new URL(href);
    address.searchParams.set('lang', language);
    await receipt.goto(address.href);
    await expect(
      receipt.getByRole('heading', { name: language === 'fr' ? 'Reçu' : 'Receipt', exact: true }),
    ).toBeVisible();
    for (const colorScheme of ['light', 'dark'] as const) {
      await receipt.emulateMedia({ colorScheme });
      const width = await receipt.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${language} ${colorScheme} scrollWidth`).toBeLessThanOrEqual(320);
      await receipt.screenshot({
        path: `${SHOTS}/receipt-320-${language}-${colorScheme}.png`,
        fullPage: true,
      });
      if (javaScriptEnabled) {
        await receipt.addScriptTag({ content: AXE });
        const violations = await receipt.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: () => Promise<{ violations: { id: string }[] }> } })
            .axe;
          return (await axe.run()).violations.map((violation) => violation.id);
        });
        expect(violations, `${language} ${colorScheme}`).toEqual([]);
      }
    }
    if (!javaScriptEnabled) {
      // Without the script, the receipt is whole and its buttons that need it stay hidden.
      await expect(receipt.getByText('Paiement réussi').first()).toBeVisible();
      await expect(receipt.getByRole('button', { name: 'Imprimer' })).toBeHidden();
    }
    await context.close();
  }
});
