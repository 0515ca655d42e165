// The widget's dates in Firefox, which has formats for Yoruba, Hausa and Wolof where Chromium has none:
// CLDR's Yoruba short time is "13:5", and the widget's code step read "Yóò parí ní 13:5". The module
// runs as the widget runs it, bundled, in a page of Firefox's own; the times are the browser's zone.
import { build } from 'esbuild';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchFirefox } from './firefox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
});

async function formatDatesInFirefox(cases: [locale: string, timeOnly: boolean][]): Promise<string[]> {
  const bundled = await build({
    entryPoints: ['widget/internal/dates.ts'],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'widgetDates',
  });
  const page = await browser.newPage();
  try {
    return (await page.evaluate(
      `${bundled.outputFiles[0]!.text};
      ${JSON.stringify(cases)}.map(([locale, timeOnly]) =>
        widgetDates.formatDate('2026-11-24T13:05:00Z', locale, timeOnly))`,
    )) as string[];
  } finally {
    await page.close();
  }
}

test('every language writes its minutes with two digits, Yoruba too', async () => {
  const [yoTime, yoDate, haTime, enDate] = await formatDatesInFirefox([
    ['yo', true],
    ['yo', false],
    ['ha', true],
    ['en', false],
  ]);
  // :05 in any zone a whole number of hours from UTC.
  expect(yoTime).toMatch(/^\d\d:05$/);
  expect(yoDate).toMatch(/^24 Oṣù Bélú 2026, \d\d:05$/);
  expect(haTime).toMatch(/^\d\d:05$/);
  // English as before: its own 12-hour clock.
  expect(enDate).toMatch(/^Nov 24, 2026, \d\d?:05 [AP]M$/);
});
