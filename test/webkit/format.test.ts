// Money and times as the widget writes them in WebKit, whose ICU is the system's (its Hausa relative
// times already differ from Node's): the same table as Node, Chromium and Firefox.
import type { WebDriver } from 'selenium-webdriver';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { formatCasesScript } from '../format-bundle.ts';
import { EXPECTED } from '../format-cases.ts';
import { startBrowser } from './browser.ts';

let driver: WebDriver;
beforeAll(async () => {
  driver = await startBrowser();
});
afterAll(async () => {
  await driver?.quit();
});

test('WebKit writes every language × currency and time as the table says', async () => {
  const table = await driver.executeScript<string>('return eval(arguments[0])', await formatCasesScript());
  expect(JSON.parse(table)).toEqual(EXPECTED);
});
