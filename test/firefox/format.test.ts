// Money and times as the widget writes them in Firefox, which has CLDR data for Hausa, Yoruba and Wolof
// where Chromium has none (its Yoruba short time is "13:5"): the same table as Node, Chromium and WebKit.
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatCasesScript } from '../format-bundle.ts';
import { EXPECTED } from '../format-cases.ts';
import { launchFirefox } from './firefox.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchFirefox();
});
afterAll(async () => {
  await browser?.close();
});

test('Firefox writes every language × currency and time as the table says', async () => {
  const page = await browser.newPage();
  try {
    const table = (await page.evaluate(await formatCasesScript())) as string;
    expect(JSON.parse(table)).toEqual(EXPECTED);
  } finally {
    await page.close();
  }
});
