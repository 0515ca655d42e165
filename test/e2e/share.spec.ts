// The share block of the pay page and of the receipt in a real browser at 360 px, in French: with
// JavaScript off it is whole (two links and the address to select); with it on, the pay page's block
// stays below the widget that took the form over, and focusing the address selects all of it. Nothing
// sticks out, light or dark. Screenshots of the block land in test-results/share/.
import { expect, test, type Page } from '@playwright/test';
import { DEMO_MERCHANT_API_KEY } from '../../server/config.ts';
import { receiptPath } from '../../server/pay/receipts/link.ts';
import { measureDocumentOverflow, overflowProblems } from '../layout-overflow.ts';
import { api, paidPayment } from './helpers.ts';

const WIDTH = 360;
const SHOTS = 'test-results/share';

test.use({ viewport: { width: WIDTH, height: 740 }, locale: 'fr-FR' });

const block = (page: Page, name: string) => page.getByRole('region', { name });

/** The block's links and address, as the payer sees them, and shots of it (light, dark). */
async function expectBlock(page: Page, name: string, url: string, shot: string) {
  const share = block(page, name);
  await expect(share).toBeVisible();
  await expect(share.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(`^https://wa\\.me/\\?text=.+%0A${encodeURIComponent(url).replace(/[.?]/g, '\\$&')}$`),
  );
  await expect(share.getByRole('link', { name: 'SMS' })).toHaveAttribute('href', /^sms:\?&body=.+%0Ahttp/);
  await expect(share.getByRole('textbox', { name: /copier/ })).toHaveValue(url);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(overflowProblems(await page.evaluate(measureDocumentOverflow), WIDTH), colorScheme).toEqual([]);
    await share.screenshot({ path: `${SHOTS}/${shot}-${colorScheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Whether the whole address in the block's field is selected. */
const selectedAll = (page: Page) =>
  page.evaluate(() => {
    const field = document.querySelector<HTMLInputElement>('[data-copy]')!;
    return field.selectionStart === 0 && field.selectionEnd === field.value.length;
  });

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the pay page and the receipt offer WhatsApp, SMS and the address', async ({ page }) => {
    await page.goto(`${api()}/pay/lnk_fixed_ci?lang=fr`);
    await expectBlock(page, 'Partager ce lien de paiement', `${api()}/pay/lnk_fixed_ci`, 'pay-page-fr');
    const reference = await paidPayment(page, '+2250700003801');
    const path = receiptPath([DEMO_MERCHANT_API_KEY], reference);
    await page.goto(`${api()}${path}?lang=fr`);
    await expectBlock(page, 'Partager ce reçu', `${api()}${path}`, 'receipt-fr');
  });
});

test('with JavaScript on, the block stays below the widget and selects the address when focused', async ({
  page,
}) => {
  await page.goto(`${api()}/pay/lnk_fixed_ci?lang=fr`);
  // The widget has taken the server's form over.
  await expect(page.locator('#pay-form')).toHaveCount(0);
  await expect(
    page
      .locator('pay-checkout')
      .getByRole('button', { name: /^Payer / })
      .first(),
  ).toBeVisible();
  const share = block(page, 'Partager ce lien de paiement');
  await expect(share).toBeVisible();
  expect(
    await page.evaluate(() => {
      const widget = document.querySelector('pay-checkout')!;
      const section = document.querySelector('section.share')!;
      return !!(widget.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING);
    }),
    'the block follows the widget',
  ).toBe(true);
  await share.getByRole('textbox').focus();
  expect(await selectedAll(page)).toBe(true);

  const reference = await paidPayment(page, '+2250700003901');
  await page.goto(`${api()}${receiptPath([DEMO_MERCHANT_API_KEY], reference)}?lang=fr`);
  await block(page, 'Partager ce reçu').getByRole('textbox').click();
  expect(await selectedAll(page)).toBe(true);
});
