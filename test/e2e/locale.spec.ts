// The payer's language from the first frame: the widget's shadow-root text is sampled on every animation
// frame, from the page's first, until the pay button is enabled; no frame may hold an English message
// on a French or Swahili checkout. And the recommended embed snippet's preload is what the widget reads.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../widget/shared/en.ts';
import { api, merchant } from './helpers.ts';

/** Runs before the page's own scripts: records the widget's text at every frame into `__frames`. */
function sampleEveryFrame() {
  const state = window as unknown as { __frames: string[]; __framesDone: boolean };
  state.__frames = [];
  state.__framesDone = false;
  const sample = () => {
    const root = document.querySelector('pay-checkout')?.shadowRoot;
    state.__frames.push((root?.textContent ?? '').replace(/\s+/g, ' ').trim());
    const pay = root?.querySelector('button[type="submit"]');
    if (pay?.getAttribute('aria-disabled') === 'false') state.__framesDone = true;
    else requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
}

async function sampledFrames(page: Page): Promise<string[]> {
  await page.waitForFunction(() => (window as unknown as { __framesDone: boolean }).__framesDone);
  return page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
}

const translation = (language: string) =>
  JSON.parse(readFileSync(`widget/i18n/${language}.json`, 'utf8')) as Record<string, string>;

/**
 * The English words a frame in `language` must not hold: each fixed part of each English message (the
 * text around its placeholders), except those the translation itself uses (`Total`, `Code`...).
 */
function englishPhrases(messages: Record<string, string>): RegExp[] {
  const word = (text: string) =>
    new RegExp(`(?<!\\p{L})${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');
  const translated = Object.values(messages);
  return Object.values(en)
    .flatMap((english) => english.split(/\{\w+\}/))
    .map((part) => part.trim().replace(/^[:.,]\s*|[:.,]$/g, ''))
    .filter((part) => part.length >= 3)
    .map(word)
    .filter((pattern) => !translated.some((text) => pattern.test(text)));
}

function expectNoEnglish(frames: string[], messages: Record<string, string>) {
  const phrases = englishPhrases(messages);
  expect(phrases.length).toBeGreaterThan(40);
  for (const [index, frame] of frames.entries()) {
    const english = phrases.find((pattern) => pattern.test(frame));
    expect(english, `frame ${index} of ${frames.length}: ${frame}`).toBeUndefined();
  }
}

test('a French link on an English page is French from its first frame, with fr.json held back', async ({
  page,
}) => {
  const french = translation('fr');
  const localeFiles: string[] = [];
  // Never answered: the widget must not need it (the config brings the link's messages).
  await page.route('**/widget/locales/*.json', (route) => void localeFiles.push(route.request().url()));
  await page.addInitScript(sampleEveryFrame);
  await page.goto(merchant('lnk_fixed_ci', ''));
  const frames = await sampledFrames(page);

  expectNoEnglish(frames, french);
  expect(frames.at(-1)).toContain(french.amountToPay);
  // 15 000 F CFA and the sandbox's 1 % fee: the button says what the payer will pay.
  await expect(page.getByRole('button', { name: /^Payer .*15\s150/ })).toBeEnabled();
  expect(localeFiles).toEqual([]);
});

test('locale="sw": only the loading state, without text, until sw.json is in; then Swahili', async ({
  page,
}) => {
  const swahili = translation('sw');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/widget/locales/sw.json', async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(sampleEveryFrame);
  const config = page.waitForResponse((response) => response.url().endsWith('/api/v1/links/lnk_limited_ke'));
  await page.goto(merchant('lnk_limited_ke', 'sw'));
  await config;
  // The config is in and the file still held: frames go by with the loading state only.
  await page.waitForFunction(() => (window as unknown as { __frames: string[] }).__frames.length > 10);
  await expect(page.locator('pay-checkout [aria-busy="true"]')).toHaveText('');
  release();
  const frames = await sampledFrames(page);

  expectNoEnglish(frames, swahili);
  const first = frames.findIndex((frame) => frame !== '');
  expect(frames.slice(0, first).every((frame) => frame === '')).toBe(true);
  expect(frames[first]).toContain(swahili.payNow);
  await expect(page.getByRole('button', { name: swahili.payNow })).toBeEnabled();
});

test("the recommended embed snippet: the widget's config request is the preloaded one, not a second", async ({
  page,
}) => {
  const configUrl = `${api()}/api/v1/links/lnk_fixed_ci`;
  const sent: string[] = [];
  page.on('request', (request) => request.url() === configUrl && sent.push(request.resourceType()));
  const unused: string[] = [];
  page.on('console', (message) => message.text().includes('preloaded') && unused.push(message.text()));
  await page.goto(`${merchant('lnk_fixed_ci', 'en')}&preload`);
  await expect(page.getByRole('button', { name: /^Pay / }).first()).toBeEnabled();

  // One request, and the Resource Timing entries say who made it: the <link>, not the widget's fetch.
  expect(sent).toHaveLength(1);
  const initiators = await page.evaluate(
    (url) =>
      performance.getEntriesByName(url).map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    configUrl,
  );
  expect(initiators).toEqual(['link']);
  expect(unused).toEqual([]);
});
