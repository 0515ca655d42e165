/**
 * The bench's render budget: "widget interactive after its config arrives (Playwright, performance marks)
 * <= 16 ms". Debian's Chromium loads a page of the backend's origin with the built IIFE and one
 * `<pay-checkout>`; the time is from the end of the config response (Resource Timing `responseEnd` of the
 * `GET /api/v1/links/:id`) to the end of the render that follows `pay-ready` (the element's
 * `updateComplete`): JSON parsing, the state change and the form's first render. Each load is a fresh
 * page with the HTTP cache off, so every run fetches and renders from scratch.
 */
import type { Browser } from '@playwright/test';
import { chromiumInstalled, launchChromium } from './browser.ts';
import { median } from './stats.ts';

const LINK = 'lnk_fixed_ci';
const REPORT = '__payReadyReport';
const PAGE_PATH = '/__bench/widget.html';

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script src="/widget/pay-checkout.iife.js" defer></script></head>
<body><pay-checkout link="${LINK}"></pay-checkout></body></html>`;

/**
 * Installed before the page's scripts run: when the first post-config render has ended, reports its time
 * since the config's `responseEnd` through a binding. Nothing of the harness runs in the page during the
 * span (a `page.evaluate` would inject Playwright's script, about 9 ms of compile, often just as the
 * config lands); the report waits a task, after the span, for the config's Resource Timing entry.
 */
const READY_PROBE = `document.addEventListener('pay-ready', (event) => {
  event.target.updateComplete.then(() => {
    const readyAt = performance.now();
    setTimeout(() => {
      const config = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/api/v1/links/'));
      window.${REPORT}(config ? readyAt - config.responseEnd : NaN);
    });
  });
}, { once: true, capture: true });`;
const READY_TIMEOUT_MS = 30_000;

export interface WidgetReady {
  /** Milliseconds per load, sorted ascending. */
  samples: number[];
  /** The first load's figure: the browser's own first page, cold (also among `samples`). */
  first: number;
  median: number;
  max: number;
}

/** Null when Chromium is not installed (the bench still prints everything else). */
export async function measureWidgetReady(backendUrl: string, loads = 15): Promise<WidgetReady | null> {
  if (!chromiumInstalled()) return null;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const samples: number[] = [];
    for (let load = 0; load < loads; load++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route(`${backendUrl}${PAGE_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
      const session = await context.newCDPSession(page);
      await session.send('Network.setCacheDisabled', { cacheDisabled: true });
      let report!: (elapsed: number) => void;
      const reported = new Promise<number>((resolve, reject) => {
        report = resolve;
        setTimeout(() => reject(new Error('the widget did not get ready within 30 s')), READY_TIMEOUT_MS).unref();
      });
      await page.exposeFunction(REPORT, (elapsed: number) => report(elapsed));
      await page.addInitScript(READY_PROBE);
      await page.goto(`${backendUrl}${PAGE_PATH}`);
      const elapsed = await reported;
      if (!Number.isFinite(elapsed)) throw new Error('the config request was not seen in Resource Timing');
      // The first load also compiles the IIFE cold; it is measured like the others (a payer's load is cold).
      samples.push(elapsed);
      await context.close();
    }
    const first = samples[0] ?? Number.NaN;
    samples.sort((a, b) => a - b);
    return { samples, first, median: median(samples), max: samples.at(-1) ?? Number.NaN };
  } finally {
    await browser?.close();
  }
}
