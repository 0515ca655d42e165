// The payer's journeys in Firefox (Debian's ESR over WebDriver BiDi, test/firefox/firefox.ts), against the
// real server and merchant page that the end-to-end suite starts (test/e2e/global-setup.ts): the code
// step, the provider's page and back, the iframe mode on another site (where Firefox partitions the
// frame's storage), a French link, and the narrowest phone. Nothing may land in the console.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, expect, onTestFinished, test } from 'vitest';
import { en, type Messages } from '../../widget/shared/en.ts';
import { FINAL_MS, FIXED_LINK, OTP, PHONES, REFERENCE, WRONG_OTP } from '../journeys.ts';
import { measureOverflow, overflowProblems } from '../layout-overflow.ts';
import {
  byLabel,
  type Checkout,
  checkoutFrame,
  enterCode,
  payFixedLink,
  waitForHeading,
} from './checkout.ts';
import { consoleOf, launchFirefox } from './firefox.ts';

const fr = JSON.parse(readFileSync('widget/i18n/fr.json', 'utf8')) as Messages;

/** The merchant's page (on the end-to-end suite's second origin, or on another site), as a payer opens it. */
function shop(options: { locale?: string; isolation?: boolean; otherSite?: boolean } = {}) {
  const origin = options.otherSite ? process.env.E2E_MERCHANT_OTHER_SITE_URL : process.env.E2E_MERCHANT_URL;
  return `${origin}/?link=${FIXED_LINK}&locale=${options.locale ?? 'en'}${options.isolation ? '&isolation=iframe' : ''}`;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a fresh browser context (no storage shared with other tests), and its console. */
async function openPage(width?: number): Promise<{ page: Page; logged: string[] }> {
  const context = await browser.createBrowserContext();
  onTestFinished(() => context.close());
  const page = await context.newPage();
  if (width) await page.setViewport({ width, height: 640 });
  return { page, logged: consoleOf(page) };
}

/** The result step's text, once it says the payment succeeded. */
async function expectSuccess(ui: Checkout) {
  await waitForHeading(ui, en.successTitle, FINAL_MS);
  const text = await ui.$eval('pay-checkout', (element) => element.shadowRoot!.textContent ?? '');
  expect(text).toMatch(REFERENCE);
}

test('OTP in the page: a wrong code, then the right one; success', async () => {
  const { page, logged } = await openPage();
  await page.goto(shop());
  await payFixedLink(page, PHONES.otp);
  await waitForHeading(page, en.otpTitle);
  await enterCode(page, WRONG_OTP);
  await page.waitForSelector(`::-p-text(${en.wrongCode})`);
  await enterCode(page, OTP);
  await expectSuccess(page);
  expect(logged).toEqual([]);
});

test('the provider’s page (08): approved there, back on the shop, success', async () => {
  const { page, logged } = await openPage();
  await page.goto(shop());
  await payFixedLink(page, PHONES.providerPage);
  await page.waitForSelector('::-p-aria([name="Sandbox checkout"][role="heading"])');
  await page.locator('::-p-aria([name="Approve"][role="button"])').click();
  await expectSuccess(page);
  expect(page.url()).toMatch(new RegExp(`^${process.env.E2E_MERCHANT_URL}/.*pay_reference=pay_`));
  expect(logged).toEqual([]);
});

test('iframe mode on another site: the frame’s storage is partitioned, and the code step succeeds', async () => {
  const { page, logged } = await openPage();
  await page.goto(shop({ isolation: true, otherSite: true }));
  const frame = await checkoutFrame(page);
  // What a payer's Firefox does with a third party's frame: its own storage, keyed by the shop's site.
  expect(await frame.evaluate(() => document.hasStorageAccess())).toBe(false);
  await payFixedLink(frame, PHONES.otp);
  await waitForHeading(frame, en.otpTitle);
  await enterCode(frame, OTP);
  await expectSuccess(frame);
  expect(logged).toEqual([]);
});

test('iframe mode on another site: the provider’s page (08) in the top window, and the frame resumes on return', async () => {
  const { page, logged } = await openPage();
  await page.goto(shop({ isolation: true, otherSite: true }));
  await payFixedLink(await checkoutFrame(page), PHONES.providerPage);
  await page.waitForSelector('::-p-aria([name="Sandbox checkout"][role="heading"])');
  await page.locator('::-p-aria([name="Approve"][role="button"])').click();
  await page.waitForSelector('pay-checkout');
  expect(page.url()).toMatch(new RegExp(`^${process.env.E2E_MERCHANT_OTHER_SITE_URL}/.*pay_reference=pay_`));
  await expectSuccess(await checkoutFrame(page));
  expect(logged).toEqual([]);
});

test('a French link (no locale asked) speaks French, its pay button with the fee', async () => {
  const { page, logged } = await openPage();
  await page.goto(shop({ locale: '' }));
  await page.waitForSelector(byLabel(fr.phone));
  const pay = await page.waitForSelector('pay-checkout >>> button[type="submit"]');
  // 15 000 F CFA and the sandbox's 1 % fee.
  expect(await pay!.evaluate((button) => button.textContent?.trim())).toMatch(/^Payer .*15\s150/);
  expect(logged).toEqual([]);
});

test('at 320 px, nothing sticks out of the form nor of the result', async () => {
  const { page, logged } = await openPage(320);
  await page.goto(shop());
  await page.waitForSelector(byLabel(en.phone));
  expect(overflowProblems(await page.evaluate(measureOverflow), 320)).toEqual([]);
  await payFixedLink(page, PHONES.otp);
  await waitForHeading(page, en.otpTitle);
  await enterCode(page, OTP);
  await expectSuccess(page);
  expect(overflowProblems(await page.evaluate(measureOverflow), 320)).toEqual([]);
  expect(logged).toEqual([]);
});
