// Screenshots of the checkout in Firefox, to look at: the form, the code step and the success, at 320 and
// 360 px, light and dark, English and French, on the merchant page of the end-to-end setup (which this
// starts and stops; it needs `npm run build` first). Not a test: run it by hand,
//   node --import tsx test/firefox/screenshots.ts [directory]   (default: test-results/firefox-shots)
// Files are named <step>-<width>-<language>-<scheme>.png.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { en, type Messages } from '../../widget/shared/en.ts';
import startServers from '../e2e/global-setup.ts';
import { FINAL_MS, FIXED_LINK, NARROW_WIDTHS, OTP, PHONES } from '../journeys.ts';
import { byLabel, enterCode, payFixedLink, waitForHeading } from './checkout.ts';
import { launchFirefox } from './firefox.ts';

const directory = process.argv[2] ?? 'test-results/firefox-shots';
const fr = JSON.parse(readFileSync('widget/i18n/fr.json', 'utf8')) as Messages;
const LANGUAGES = [
  ['en', en],
  ['fr', fr],
] as const;
/**
 * Firefox's own override of `prefers-color-scheme` for web content (0 dark, 1 light): puppeteer cannot
 * emulate media features over WebDriver BiDi, so each scheme is a browser of its own.
 */
const SCHEMES = [
  ['light', 1],
  ['dark', 0],
] as const;

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: join(directory, `${name}.png`), fullPage: true });
}

mkdirSync(directory, { recursive: true });
const stopServers = await startServers();
try {
  for (const [scheme, override] of SCHEMES) {
    const browser = await launchFirefox({ 'layout.css.prefers-color-scheme.content-override': override });
    try {
      for (const width of NARROW_WIDTHS)
        for (const [language, messages] of LANGUAGES) {
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          await page.setViewport({ width, height: 640 });
          const suffix = `${width}-${language}-${scheme}`;
          await page.goto(`${process.env.E2E_MERCHANT_URL}/?link=${FIXED_LINK}&locale=${language}`);
          await page.waitForSelector(byLabel(messages.phone));
          await shoot(page, `form-${suffix}`);
          await payFixedLink(page, PHONES.otp, messages);
          await waitForHeading(page, messages.otpTitle);
          await shoot(page, `otp-${suffix}`);
          await enterCode(page, OTP, messages);
          await waitForHeading(page, messages.successTitle, FINAL_MS);
          await shoot(page, `success-${suffix}`);
          await context.close();
        }
    } finally {
      await browser.close();
    }
  }
} finally {
  await stopServers();
}
process.stdout.write(`screenshots in ${directory}\n`);
