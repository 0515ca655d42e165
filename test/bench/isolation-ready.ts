/**
 * Time to an enabled pay button for the two embeds of docs/embedding.md's "In the page, or in a frame":
 * the bare embed in the page, and the same with `isolation="iframe"`, throttled as the payer's figures are
 * (payer-loads.ts: 400 ms, 400 kbit/s, 4x CPU, a phone's viewport, a cold cache per load), in
 * alternating rounds on one backend, medians printed. Run after `npm run build`:
 * `node --import tsx test/bench/isolation-ready.ts` (ROUNDS, default 7).
 *
 * Each load also sums the page's layout shifts (CLS) until a second after the button is ready.
 *
 * The probe runs in every document of the page (the frame's too) and reports, through one binding, the
 * wall-clock moment its own document first shows an enabled pay button, and the top document's time
 * origin: the frame's moment minus the top's origin is the payer's wait, on one clock.
 *
 * The DevTools throttling applies to one renderer process. Desktop Chromium puts the frame in a process
 * of its own (site isolation, and `Origin-Agent-Cluster`), whose requests would then go unthrottled;
 * a phone's Chrome keeps most frames in the page's process. So the browser runs with that isolation off,
 * and each load checks that the slowest request of the document that reported took the added latency.
 */
import { createServer } from 'node:http';
import type { Browser } from '@playwright/test';
import { launchChromium } from './browser.ts';
import { THROTTLING, throttledPage } from './payer-loads.ts';
import { freePort } from '../free-port.ts';
import { startBackend } from './servers.ts';
import { cumulativeLayoutShift, median, type LayoutShift } from './stats.ts';

const LINK = 'lnk_fixed_ci';
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const REPORT = '__isolationReport';

const PROBE = `(() => {
  const report = (what) => window.${REPORT}({ ...what, top: window.top === window });
  if (window.top === window) {
    report({ origin: performance.timeOrigin });
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (!entry.hadRecentInput) window.__shifts.push({ startTime: entry.startTime, value: entry.value });
    }).observe({ type: 'layout-shift', buffered: true });
  }
  const enabled = () =>
    [...document.querySelectorAll('pay-checkout')].some((host) => {
      const button = host.shadowRoot && host.shadowRoot.querySelector('[part~="submit"]');
      return !!button && !button.disabled && button.getAttribute('aria-disabled') !== 'true';
    });
  const slowest = () =>
    Math.max(0, ...performance.getEntriesByType('resource').map((entry) => entry.responseEnd - entry.startTime));
  const watch = () =>
    enabled()
      ? report({ readyAt: performance.timeOrigin + performance.now(), slowest: slowest() })
      : requestAnimationFrame(watch);
  requestAnimationFrame(watch);
})();`;

type Mode = 'in-page' | 'iframe';

function page(api: string, mode: Mode) {
  const isolation = mode === 'iframe' ? ' isolation="iframe"' : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Shop</title><link rel="preconnect" href="${api}">
</head><body><main><h1>Sandbox Shop</h1>
<script src="${api}/widget/pay-checkout.iife.js" defer></script>
<pay-checkout link="${LINK}"${isolation}></pay-checkout>
<p>Questions about your order? Write to the shop; we answer within a day.</p>
</main></body></html>`;
}

/** One load: the wait for an enabled pay button, and the page's layout shift until a second after it. */
async function loadOnce(browser: Browser, url: string): Promise<{ ms: number; cls: number }> {
  const { context, page: tab } = await throttledPage(browser);
  try {
    let origin: number | undefined;
    let resolve!: (ms: number) => void;
    const ready = new Promise<number>((done, reject) => {
      resolve = done;
      setTimeout(() => reject(new Error(`${url}: no enabled pay button within 60 s`)), 60_000).unref();
    });
    type Report = { origin?: number; readyAt?: number; slowest?: number; top: boolean };
    let unthrottled = '';
    await tab.exposeBinding(REPORT, (_source, what: Report) => {
      if (what.origin !== undefined) origin = what.origin;
      if (what.readyAt === undefined || origin === undefined) return;
      if (!(what.slowest! >= THROTTLING.latencyMs))
        unthrottled = `${url}: no request of the ${what.top ? 'page' : 'frame'} took ${THROTTLING.latencyMs} ms: the throttling did not apply`;
      resolve(what.readyAt - origin);
    });
    await tab.addInitScript(PROBE);
    await tab.goto(url, { waitUntil: 'commit' });
    const ms = await ready;
    if (unthrottled) throw new Error(unthrottled);
    // About a second of frames after it, as payer-loads.ts settles, for a late change of height.
    // A string, so tsx's helpers (`__name`) do not reach the page.
    const shifts = await tab.evaluate<LayoutShift[]>(`new Promise((resolve) => {
      let frames = 0;
      const next = () => (++frames < 60 ? requestAnimationFrame(next) : resolve(window.__shifts));
      requestAnimationFrame(next);
    })`);
    return { ms, cls: cumulativeLayoutShift(shifts) };
  } finally {
    await context.close();
  }
}

const say = (text: string) => process.stdout.write(`${text}\n`);

async function main() {
  const storefrontPort = await freePort();
  const storefront = `http://127.0.0.1:${storefrontPort}`;
  const backend = await startBackend({ allowedOrigins: [storefront] });
  const csp = `default-src 'self'; script-src ${backend.url}; connect-src ${backend.url}; img-src ${backend.url}; frame-src ${backend.url}; style-src 'self'`;
  const server = createServer((request, response) => {
    const mode =
      request.url === '/iframe.html' ? 'iframe' : request.url === '/in-page.html' ? 'in-page' : null;
    if (!mode) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': csp,
      'cache-control': 'no-store',
    });
    response.end(page(backend.url, mode));
  });
  await new Promise<void>((resolve) => server.listen(storefrontPort, '127.0.0.1', resolve));
  const browser = await launchChromium([
    '--disable-site-isolation-trials',
    '--disable-features=IsolateOrigins,site-per-process,OriginIsolationHeader',
  ]);
  const modes: Mode[] = ['in-page', 'iframe'];
  const times: Record<Mode, number[]> = { 'in-page': [], iframe: [] };
  const shifts: Record<Mode, number[]> = { 'in-page': [], iframe: [] };
  try {
    await loadOnce(browser, `${storefront}/in-page.html`); // warm-up, not counted (see payer-loads.ts)
    for (let round = 0; round < ROUNDS; round++) {
      for (let turn = 0; turn < modes.length; turn++) {
        const mode = modes[(round + turn) % modes.length]!;
        const { ms, cls } = await loadOnce(browser, `${storefront}/${mode}.html`);
        times[mode].push(Math.round(ms));
        shifts[mode].push(cls);
      }
    }
  } finally {
    await browser.close();
    server.close();
    await backend.close();
  }
  for (const mode of modes)
    say(
      `${mode.padEnd(8)} median ${median(times[mode])} ms  CLS at most ${Math.max(...shifts[mode]).toFixed(3)}  loads ${times[mode].join(' ')}`,
    );
  say(`iframe / in-page: ${(median(times.iframe) / median(times['in-page'])).toFixed(2)}x`);
}

await main();
