// "Pay on your phone" from the widget: the desktop's widget shows a QR code, which decodes (with a
// decoder from npm) to the phone's prefilled pay page; a phone with JavaScript off pays there, and the
// desktop's widget reaches its success step by itself.
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { api, FINAL, heading, merchant, shot } from './helpers.ts';
import { pay, receiptReference } from './pay-page-steps.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('the desktop widget hands the payment to a phone and shows its success', async ({ page, browser }) => {
  await page.goto(merchant());
  await expect(heading(page, /Abonnement Premium/)).toBeVisible();
  await page.getByLabel('Numéro d’abonné').fill('AB-1234');
  await page.getByLabel('Full name').fill('Awa Koné');
  await page.getByLabel('Email').fill('awa@example.com');
  await page.getByRole('button', { name: 'Pay on your phone' }).click();
  await expect(heading(page, 'Waiting for the payment on your phone')).toBeFocused();
  const qr = page.getByRole('img', { name: 'Pay on your phone' });
  await expect(qr).toBeVisible();
  await shot(page, 'handoff');

  // The QR code's PNG twin (the <img> shows the SVG), decoded as a phone's camera would.
  const svg = new URL((await qr.getAttribute('src'))!);
  const id = /\/pay\/qr\/h\/(hof_[A-Za-z0-9_-]{22})\.svg$/.exec(svg.pathname)![1]!;
  // The widget's language travels with the code: the phone's page opens in it.
  expect(svg.search).toBe('?lang=en');
  const png = await page.request.get(`${api()}/pay/qr/h/${id}.png${svg.search}`);
  expect(png.status()).toBe(200);
  const image = PNG.sync.read(await png.body());
  const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
  expect(decoded?.data).toBe(`${api()}/pay/h/${id}?lang=en`);
  await expect(page.getByText(decoded!.data)).toBeVisible();

  // The phone: another browser, no JavaScript, the form prefilled with what the desktop typed.
  const phone = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const mobile = await phone.newPage();
  await mobile.goto(decoded!.data);
  // The link's own language is French; the widget showed English, and so does the phone's page.
  await expect(mobile.locator('html')).toHaveAttribute('lang', /^en/);
  await expect(mobile.getByLabel('Full name')).toHaveValue('Awa Koné');
  await expect(mobile.getByLabel('Numéro d’abonné')).toHaveValue('AB-1234');
  await mobile.getByLabel('Phone number').fill('+225 07 00 00 00 00');
  await pay(mobile);
  await mobile.getByLabel('Code').fill('123456');
  await mobile.getByRole('button', { name: 'Confirm' }).click();
  await receiptReference(mobile);
  await phone.close();

  await expect(heading(page, 'Payment successful')).toBeVisible(FINAL);
  await shot(page, 'success');
});
