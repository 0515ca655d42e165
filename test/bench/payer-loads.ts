/**
 * The payer on a slow phone: Debian's Chromium loads a page with the network throttled like a slow 3G
 * connection (400 ms of latency added to each request, 400 kbit/s down and up, the DevTools emulation)
 * and the CPU slowed 4x, at a phone's viewport, with a cold cache (a new browser context per load: its own
 * HTTP cache and its own connections). One load measures:
 * - the time from navigation to an enabled pay button: the first animation frame in which every
 *   `<pay-checkout>` on the page (or, on a page without one, the page itself) holds a `part="submit"`
 *   button that is neither `disabled` nor `aria-disabled`;
 * - the layout shifts until then and over a settle of SETTLE_FRAMES frames after it (shifts right after
 *   an input are left out; there is none), summed as CLS by session windows.
 * The probe runs inside the page, installed before any of its scripts, and reports once through a
 * binding: nothing of the harness polls or evaluates in the page while it loads. It goes on recording the
 * shifts, which the harness reads once the network has gone quiet: the layout shift of the whole load,
 * the pay page's widget taking its server form over included.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test';
import { launchChromium } from './browser.ts';
import { NetworkLog, type NetworkFigures } from './network-log.ts';
import { cumulativeLayoutShift, type LayoutShift } from './stats.ts';

/** A network and a CPU, as DevTools emulates them. */
export interface Throttling {
  latencyMs: number;
  kilobitsPerSecond: number;
  cpuSlowdown: number;
}

export const THROTTLING = {
  latencyMs: 400,
  kilobitsPerSecond: 400,
  cpuSlowdown: 4,
} as const satisfies Throttling;
export const VIEWPORT = { width: 360, height: 740 };
/** About one second at 60 frames a second: long enough for a late re-render (a locale's messages) to land. */
const SETTLE_FRAMES = 60;
const LOAD_TIMEOUT_MS = 60_000;
const REPORT = '__payerLoadReport';
/** The probe's shifts so far, read by the harness after the network went quiet. */
const SHIFTS_SO_FAR = '__payerLoadShifts';

const PROBE = `(() => {
  if (window.top !== window) return;
  const shifts = [];
  const record = (entries) => {
    for (const entry of entries) if (!entry.hadRecentInput) shifts.push({ startTime: entry.startTime, value: entry.value });
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  window.${SHIFTS_SO_FAR} = () => (record(observer.takeRecords()), shifts);
  const roots = () => {
    const hosts = [...document.querySelectorAll('pay-checkout')];
    return hosts.length > 0 ? hosts.map((host) => host.shadowRoot) : [document];
  };
  // The pay page has no part attributes: its form's one submit button is its pay button.
  const enabled = (root) => {
    const button = root && root.querySelector(root === document ? '[part~="submit"], form button[type="submit"]' : '[part~="submit"]');
    return !!button && !button.disabled && button.getAttribute('aria-disabled') !== 'true';
  };
  const settle = (readyAt, frames) => {
    if (frames < ${SETTLE_FRAMES}) requestAnimationFrame(() => settle(readyAt, frames + 1));
    else {
      record(observer.takeRecords()); // shifts of the last frames, not yet delivered to the callback
      window.${REPORT}({ readyAt, shifts, documentAt: performance.getEntriesByType('navigation')[0].responseEnd, scripts: document.scripts.length });
    }
  };
  const watch = () => (roots().every(enabled) ? settle(performance.now(), 0) : requestAnimationFrame(watch));
  requestAnimationFrame(watch);
})();`;

interface ProbeReport {
  readyAt: number;
  shifts: LayoutShift[];
  /** When the page's own HTML had arrived: at least the added latency if the throttling applied. */
  documentAt: number;
  /** The page's own script elements (the probe, injected by the browser's DevTools, is none of them). */
  scripts: number;
}

export interface PayerLoad {
  /** Milliseconds from navigation to the first frame with an enabled pay button. */
  readyMs: number;
  cls: number;
  /** The same over the whole load, until the network went quiet (2.5 s without a request). */
  clsUntilQuiet: number;
  /** How many script elements the page held once its button was enabled. */
  scripts: number;
  /** What went over the network before the button was enabled, and until the network went quiet. */
  network?: NetworkFigures;
  /** Milliseconds from navigation to the page's own HTML's last byte. */
  documentMs?: number;
}

/** A fresh context of `browser` at the payer's viewport, with one page throttled as `throttling` says. */
export async function throttledPage(
  browser: Browser,
  throttling: Throttling = THROTTLING,
): Promise<{ context: BrowserContext; page: Page; session: CDPSession }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttling.latencyMs,
    // Bytes per second.
    downloadThroughput: (throttling.kilobitsPerSecond * 1000) / 8,
    uploadThroughput: (throttling.kilobitsPerSecond * 1000) / 8,
  });
  await session.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
  return { context, page, session };
}

/** Loads `url` once in a fresh context of `browser`, throttled. */
async function loadOnce(browser: Browser, url: string, throttling: Throttling): Promise<PayerLoad> {
  const { context, page, session } = await throttledPage(browser, throttling);
  const network = new NetworkLog(session);
  try {
    let report!: (value: ProbeReport) => void;
    const reported = new Promise<ProbeReport>((resolve, reject) => {
      report = resolve;
      setTimeout(
        () => reject(new Error(`${url}: no enabled pay button within ${LOAD_TIMEOUT_MS / 1000} s`)),
        LOAD_TIMEOUT_MS,
      ).unref();
    });
    await page.exposeBinding(REPORT, (_source, value: ProbeReport) => report(value));
    await page.addInitScript(PROBE);
    await page.goto(url, { waitUntil: 'commit' });
    const { readyAt, shifts, documentAt, scripts } = await reported;
    // A Chromium that ignored the emulation would make every figure below meaningless: stop instead.
    if (!(documentAt >= throttling.latencyMs)) {
      throw new Error(
        `${url}: its HTML arrived after ${documentAt} ms: the network throttling did not apply`,
      );
    }
    await network.quiet();
    const shiftsUntilQuiet = await page.evaluate(
      (name) => (window as unknown as Record<string, () => LayoutShift[]>)[name]!(),
      SHIFTS_SO_FAR,
    );
    return {
      readyMs: readyAt,
      cls: cumulativeLayoutShift(shifts),
      clsUntilQuiet: cumulativeLayoutShift(shiftsUntilQuiet),
      scripts,
      network: network.figures(readyAt),
      documentMs: documentAt,
    };
  } finally {
    await context.close();
  }
}

/**
 * `loads` throttled loads of each page, taken in turn so that a busy moment of the machine falls on every
 * page alike, each round starting one page further (A B C, B C A, ...). One load before them is not
 * counted: a browser's first page also starts its network service and warms its font caches, which a
 * payer's long-running browser has done long before. Results in the order of the loads, per page.
 */
export async function measurePayerLoads<Key extends string>(
  pages: Record<Key, string>,
  loads: number,
  throttling: Throttling = THROTTLING,
): Promise<Record<Key, PayerLoad[]>> {
  const keys = Object.keys(pages) as Key[];
  const results = Object.fromEntries(keys.map((key) => [key, [] as PayerLoad[]])) as Record<Key, PayerLoad[]>;
  const browser = await launchChromium();
  try {
    await loadOnce(browser, pages[keys[0]!], throttling);
    for (let round = 0; round < loads; round++) {
      for (let turn = 0; turn < keys.length; turn++) {
        const key = keys[(round + turn) % keys.length]!;
        results[key].push(await loadOnce(browser, pages[key], throttling));
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}
