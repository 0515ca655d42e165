// "Pay on your phone" on the pay page, JavaScript off on both sides: a desktop payer (wide screen, mouse)
// types some answers and moves the payment to a phone through the QR code; the phone opens the decoded
// address in its own browser, finds the answers there and pays; the desktop's waiting page follows the
// payment to its receipt by its own Refresh header. Only the desktop that made the handoff sees its result.
import { expect, test, devices, type Browser, type Page } from '@playwright/test';
import { api, enterCode, expireHandoff, FINAL, heading, shot } from './helpers.ts';
import { decodeQr } from '../qr-decode.ts';
import { fillFixed, pay, RECEIPT, receiptReference, untilReceipt } from './pay-page-steps.ts';

// The button shows only under `(min-width:48rem) and (hover:hover)`: the default desktop viewport, a mouse.
test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

const WAIT = /\/pay\/h\/(hof_[A-Za-z0-9_-]{22})\/wait(\?|$)/;

/** Presses "Pay on your phone" and answers the handoff's id, read from the waiting page's address. */
async function handOff(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Pay on your phone' }).click();
  await expect(heading(page, 'Pay on your phone')).toBeVisible();
  return WAIT.exec(page.url())![1]!;
}

/** A phone's browser: small touch screen (no "Pay on your phone" there), JavaScript off too. */
const phoneContext = (browser: Browser) =>
  browser.newContext({ ...devices['Pixel 7'], javaScriptEnabled: false });

test("the desktop's answers reach the phone through the QR code, and the desktop follows the payment to its receipt", async ({
  page,
  browser,
}) => {
  await page.goto(`${api()}/pay/lnk_donation_ng?lang=en`);
  await expect(heading(page, 'Support the Lagos Food Bank')).toBeVisible();
  await page.getByLabel('Amount (NGN)').fill('2500');
  await page.getByLabel(/^Dedicate my gift to/).selectOption('School meals');
  await page.getByLabel(/^Message to the team/).fill('For the Makoko school');
  const id = await handOff(page);
  await shot(page, 'qr');

  // What the screen shows (a camera's view of it) and the PNG variant both decode to the address on the page,
  // which opens the phone's page in the desktop's language.
  const address = `${api()}/pay/h/${id}?lang=en`;
  await expect(page.getByRole('link', { name: address })).toBeVisible();
  const qr = page.getByRole('img', { name: 'Pay on your phone' });
  await expect(qr).toHaveAttribute('src', `/pay/qr/h/${id}.svg?lang=en`);
  expect(decodeQr(await qr.screenshot())).toBe(address);
  const png = await page.request.get(`${api()}/pay/qr/h/${id}.png?lang=en`);
  expect(png.status()).toBe(200);
  expect(decodeQr(await png.body())).toBe(address);

  const phone = await phoneContext(browser);
  try {
    const mobile = await phone.newPage();
    await mobile.goto(address);
    await expect(heading(mobile, 'Support the Lagos Food Bank')).toBeVisible();
    await expect(mobile.getByLabel('Amount (NGN)')).toHaveValue('2500.00');
    await expect(mobile.getByLabel(/^Dedicate my gift to/)).toHaveValue('School meals');
    await expect(mobile.getByLabel(/^Message to the team/)).toHaveValue('For the Makoko school');
    await expect(mobile.getByRole('button', { name: 'Pay on your phone' })).toHaveCount(0);
    await shot(mobile, 'phone-form');
    await mobile.getByLabel('Phone number').fill('+2348000000000');
    await pay(mobile);
    await expect(heading(mobile, 'Enter your code')).toBeVisible();
    await enterCode(mobile, 'Code', '123456');
    const reference = await untilReceipt(mobile);

    // No click on the desktop: its Refresh header (every PAY_PAGE_REFRESH_SECONDS) brings the receipt.
    await expect(page).toHaveURL(RECEIPT, FINAL);
    expect(await receiptReference(page)).toBe(reference);
    await expect(page.getByRole('heading', { name: 'Receipt', exact: true })).toBeVisible();
    await expect(page.getByText('Payment successful').first()).toBeVisible();
    await shot(page, 'desktop-receipt');
  } finally {
    await phone.close();
  }
});

test("a stranger with the handoff's address sees no result; an expired or unknown handoff has no QR code", async ({
  page,
  browser,
}) => {
  await fillFixed(page, '+2250700000001');
  const id = await handOff(page);
  const wait = page.url();

  // The phone pays (approve on the phone: the payment ends with no code) with the desktop's answers.
  const phone = await phoneContext(browser);
  const stranger = await browser.newContext({ javaScriptEnabled: false });
  try {
    const mobile = await phone.newPage();
    await mobile.goto(`${api()}/pay/h/${id}`);
    // Opened without the QR code's language, the phone's page speaks the link's own (French), as the pay page does.
    await expect(mobile.getByLabel('Numéro de téléphone')).toHaveValue('+2250700000001');
    await pay(mobile);
    const reference = await untilReceipt(mobile);

    // The desktop holds the follow token: its own Refresh goes on to the receipt (a goto here would race it).
    expect(await receiptReference(page)).toBe(reference);

    // Someone who saw the screen (the address, not the desktop's cookie) gets no result.
    const other = await stranger.newPage();
    const refused = await other.goto(wait);
    expect(refused?.status()).toBe(401);
    await expect(heading(other, 'This payment is not available')).toBeVisible();
    expect(other.url()).toBe(wait);
    await expect(other.locator('body')).not.toContainText(reference);
    await expect(other.getByRole('img')).toHaveCount(0);
  } finally {
    await phone.close();
    await stranger.close();
  }

  // The QR code lives as long as the handoff: gone once it expires, never there for an unknown id.
  const code = (handoff: string, type: 'png' | 'svg') =>
    page.request.get(`${api()}/pay/qr/h/${handoff}.${type}`);
  expect((await code(id, 'png')).status()).toBe(200);
  expireHandoff(id);
  for (const type of ['png', 'svg'] as const) {
    const gone = await code(id, type);
    expect(gone.status(), type).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code, type).toBe('not_found');
  }
  const unknown = await code(`hof_${'A'.repeat(22)}`, 'png');
  expect(unknown.status()).toBe(404);
  expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
  // Paid through, the handoff is still followed past its expiry: the desktop's page leads to the receipt.
  await page.goto(wait);
  await expect(page).toHaveURL(RECEIPT);
});
