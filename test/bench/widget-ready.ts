/**
 * DESIGN section 10: "widget interactive after its config arrives (Playwright, performance marks)
 * <= 16 ms". Debian's Chromium loads a page of the backend's origin with the built IIFE and one
 * `<pay-checkout>`; the time is from the end of the config response (Resource Timing `responseEnd` of the
 * `GET /api/v1/links/:id`) to the end of the render that follows `pay-ready` (the element's
 * `updateComplete`): JSON parsing, the state change and the form's first render. Each load is a fresh
 * page with the HTTP cache off, so every run fetches and renders from scratch.
 */
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';

const LINK = 'lnk_fixed_ci';
const PAGE_PATH = '/__bench/widget.html';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags the e2e suite uses: no sandbox as root, and no background traffic on a closed network.
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bench</title>
<script src="/widget/pay-checkout.iife.js" defer></script></head>
<body><pay-checkout link="${LINK}"></pay-checkout></body></html>`;

/** Installed before the page's scripts run: resolves with the time the first post-config render ended. */
const READY_PROBE = `window.__payReadyAt = new Promise((resolve) => {
  document.addEventListener('pay-ready', (event) => {
    event.target.updateComplete.then(() => resolve(performance.now()));
  }, { once: true, capture: true });
});`;

export interface WidgetReady {
  /** Milliseconds per load, sorted ascending. */
  samples: number[];
  median: number;
  max: number;
}

/** Null when Chromium is not installed (the bench still prints everything else). */
export async function measureWidgetReady(backendUrl: string, loads = 15): Promise<WidgetReady | null> {
  if (!existsSync(CHROMIUM)) return null;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const samples: number[] = [];
    for (let load = 0; load < loads; load++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.route(`${backendUrl}${PAGE_PATH}`, (route) => route.fulfill({ contentType: 'text/html', body: PAGE }));
      const session = await context.newCDPSession(page);
      await session.send('Network.setCacheDisabled', { cacheDisabled: true });
      await page.addInitScript(READY_PROBE);
      await page.goto(`${backendUrl}${PAGE_PATH}`);
      const elapsed = await page.evaluate(async () => {
        const readyAt = await (window as unknown as { __payReadyAt: Promise<number> }).__payReadyAt;
        const config = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/api/v1/links/')) as PerformanceResourceTiming | undefined;
        return config ? readyAt - config.responseEnd : Number.NaN;
      });
      if (!Number.isFinite(elapsed)) throw new Error('the config request was not seen in Resource Timing');
      // The first load also compiles the IIFE cold; it is measured like the others (a payer's load is cold).
      samples.push(elapsed);
      await context.close();
    }
    samples.sort((a, b) => a - b);
    return { samples, median: samples[Math.floor(samples.length / 2)] ?? Number.NaN, max: samples.at(-1) ?? Number.NaN };
  } finally {
    await browser?.close();
  }
}
