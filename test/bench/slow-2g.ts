/**
 * The payer on slow 2G: 800 ms added to each request, 50 kbit/s down and up (DevTools' emulation), the
 * CPU 4x slower, a cold cache per load, as the slow phone's loads (payer-loads.ts) but on a far thinner
 * network, where every request and every kilobyte shows. Three pages, each as a payer meets it:
 * - `storefront`: the demo storefront `/` (two embedded checkouts; both pay buttons enabled);
 * - `bare`: the bare two-line embed on a merchant's page of another origin;
 * - `payPage`: the link's pay page with JavaScript on (its server form is usable first; the widget that
 *   takes an untouched form over comes after, and its bytes are in the load's total).
 * For each: the time to an enabled pay button, the requests sent and bytes received by then, and the
 * same until the network went quiet. `BENCH_ONLY=slow2g npm run bench` runs this part alone.
 */
import { chromiumInstalled, CHROMIUM } from './browser.ts';
import { measurePayerLoads, type PayerLoad, type Throttling } from './payer-loads.ts';
import { median } from './stats.ts';
import { withStorefront } from './storefront/pages.ts';
import { fmt, formatTable } from './table.ts';

export const SLOW_2G = {
  latencyMs: 800,
  kilobitsPerSecond: 50,
  cpuSlowdown: 4,
} as const satisfies Throttling;
export const SLOW_2G_LOADS = Number(process.env.BENCH_SLOW_2G_LOADS ?? 3);
const LINK = 'lnk_fixed_ci';

export type Slow2gPage = 'storefront' | 'bare' | 'payPage';

export async function measureSlow2g(): Promise<Record<Slow2gPage, PayerLoad[]> | { notMeasured: string }> {
  if (!chromiumInstalled()) return { notMeasured: `no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)` };
  return withStorefront(LINK, async (backend, storefront) => {
    const pages: Record<Slow2gPage, string> = {
      storefront: `${backend.url}/`,
      bare: storefront.pageUrl('bare'),
      payPage: `${backend.url}/pay/${LINK}`,
    };
    return measurePayerLoads(pages, SLOW_2G_LOADS, SLOW_2G);
  });
}

const NAMES: Record<Slow2gPage, string> = {
  storefront: 'storefront / (two checkouts)',
  bare: 'bare embed',
  payPage: "pay page, JavaScript on (its server form's button)",
};

const NOT_COUNTED = {
  beforeReady: { requests: 0, bytes: 0 },
  total: { requests: 0, bytes: 0 },
  quietAt: 0,
  urlsBeforeReady: [],
};

/** One row per page: medians of its loads' figures, and the requests of its median load before Pay. */
export function slow2gTable(figures: Record<Slow2gPage, PayerLoad[]> | { notMeasured: string }): string {
  if ('notMeasured' in figures) return `slow 2G: not measured (${figures.notMeasured})`;
  const network = (load: PayerLoad) => load.network ?? NOT_COUNTED;
  const rows = (Object.keys(NAMES) as Slow2gPage[]).map((page) => {
    const loads = figures[page];
    const of = (pick: (load: PayerLoad) => number) => median(loads.map(pick));
    return [
      `${NAMES[page]} (median of ${loads.length})`,
      fmt.wholeMs(of((load) => load.readyMs)),
      fmt.int(of((load) => network(load).beforeReady.requests)),
      `${fmt.int(of((load) => network(load).beforeReady.bytes))} B`,
      fmt.int(of((load) => network(load).total.requests)),
      `${fmt.int(of((load) => network(load).total.bytes))} B`,
      fmt.wholeMs(of((load) => network(load).quietAt)),
    ];
  });
  return formatTable(
    [
      'page',
      'enabled pay',
      'requests then',
      'bytes of those',
      'requests in all',
      'bytes in all',
      'last byte',
    ],
    rows,
  );
}

/** The requests each page sent before its pay button was enabled (its first load): what to cut next. */
export function slow2gRequests(figures: Record<Slow2gPage, PayerLoad[]>): string {
  return (Object.keys(NAMES) as Slow2gPage[])
    .map((page) => {
      const urls = figures[page][0]?.network?.urlsBeforeReady ?? [];
      return `${page}: ${urls.map((url) => url.replace(/^https?:\/\/[^/]+/, '')).join(' ')}`;
    })
    .join('\n');
}
