/**
 * Turns one run's measurements into the printed tables: the load runs, the server's budgets and the
 * payer's (docs/performance.md#budgets). Rows marked "ref" put a sandbox figure (or one part of a route)
 * next to the merchant route built on it: no budget of its own, but a ceiling for that route (a route
 * cannot be faster than its parts).
 */
import { MAX_RATIO_DROP, RATIO_ROUTES, type Baseline, type RatioRoute } from './baseline.ts';
import type { LoadResult } from './load.ts';
import type { RouteKey } from './routes.ts';
import type { PayerFigures, PayerPage } from './payer.ts';
import type { PayerLoad } from './payer-loads.ts';
import { median } from './stats.ts';
import type { WidgetReady } from './widget-ready.ts';
import { fmt, formatTable, verdict } from './table.ts';

// In kilobytes of 1000 bytes: 20 kB (the IIFE at the browser floor's target, docs/decisions/browser-floor.md) and 2 kB.
export const WIDGET_BUDGET_BYTES = 20_000;
export const LOCALE_BUDGET_BYTES = 2_000;
/** The payer's budgets: time to an enabled pay button as a ratio to the floor page's, CLS, Lighthouse. */
export const BARE_EMBED_MAX_RATIO = 1.5;
export const SNIPPET_MAX_RATIO = 1.25;
/**
 * The pay page: a server-rendered form, usable before any script runs, so no slower than the inline-script
 * floor page, nor than its own floor, the same form alone in a bare page (test/bench/storefront/pages.ts).
 */
export const PAY_PAGE_MAX_RATIO = 1;
export const CLS_BUDGET = 0.05;
export const LIGHTHOUSE_MIN_SCORE = 95;
export const RSS_BUDGET_BYTES = 150 * 1024 * 1024;

/** A load run's result, or why it was not run (a merchant route not built yet, or refusing the probe). */
export type RunOutcome = { label: string; optional: boolean } & ({ result: LoadResult; serverCpu: number } | { skipped: string; detail: string });

export interface Measurements {
  /** The load runs of one round (the last): the rates and latencies the tables show. */
  runs: Record<RouteKey, RunOutcome>;
  /**
   * Each round's ratios (serverRatios of its runs), when the load runs were repeated: the budgets judge
   * their medians, since one run on a shared 2-core machine varies by about 10%. Absent: `runs` alone.
   */
  roundRatios?: Record<RatioRoute, number>[];
  verify: { opsPerSecond: number; rejected: number };
  /** PNG QR codes drawn cold per second in the bench's process (probes.ts's qrDrawThroughput). */
  qrDraw?: { opsPerSecond: number; cpuMsPerDraw: number };
  rssAtStart: number;
  peakRss: number;
  /** Null when Chromium is missing or the measurement failed. */
  widgetReady: WidgetReady | null;
  widget: number | null;
  /** Brotli bytes `import 'pay-checkout'` adds to a plain Vite app (package-in-app.ts); absent: not run. */
  widgetInApp?: number | { notMeasured: string };
  locales: { name: string; bytes: number }[];
  payer: PayerFigures | { notMeasured: string };
}

export function loadTable({ runs }: Pick<Measurements, 'runs'>): string {
  return formatTable(
    ['route', 'requests', 'errors', 'non-2xx', '2xx/s', 'p50', 'p99', 'max', 'server cpu', 'cpu/request', 'client cpu'],
    Object.values(runs).map((run) => {
      if (!('result' in run)) return [run.label, `not run: ${run.skipped}`];
      const r = run.result;
      // The server's CPU per answer: steadier than requests/s when other work shares the machine, so
      // the figure to compare across runs and sessions.
      const perRequest = r.rps > 0 ? `${Math.round((run.serverCpu / r.rps) * 1e6)} µs` : '-';
      return [run.label, fmt.int(r.requests), fmt.int(r.errors), fmt.int(r.non2xx), fmt.rate(r.rps), fmt.ms(r.p50), fmt.ms(r.p99), fmt.ms(r.max), fmt.cores(run.serverCpu), perRequest, fmt.cores(r.clientCpu)];
    }),
  );
}

type Row = string[];

const skippedRow = (name: string, why: string): Row => [name, '-', `n/a (${why})`, 'n/a'];

/** The bare route's rate for ratios: the mean of its two runs around the others, and how far they drift. */
export function bareRate({ runs }: Pick<Measurements, 'runs'>): { rps: number; drift: number } {
  const rateOf = (run: RunOutcome) => ('result' in run ? run.result.rps : 0);
  const [before, after] = [rateOf(runs.bare), rateOf(runs.bareAgain)];
  return { rps: (before + after) / 2, drift: Math.abs(before - after) / Math.max(before, after, 1) };
}

/** This run's ratio of each budgeted route to the bare route; 0 for a route that was not run. */
export function serverRatios(m: Pick<Measurements, 'runs'>): Record<RatioRoute, number> {
  const bare = bareRate(m).rps;
  const ratioOf = (run: RunOutcome) => ('result' in run && bare > 0 ? run.result.rps / bare : 0);
  return Object.fromEntries(RATIO_ROUTES.map((route) => [route, ratioOf(m.runs[route])])) as Record<RatioRoute, number>;
}

/** Each route's median ratio over the rounds. */
export function medianRatios(rounds: readonly Record<RatioRoute, number>[]): Record<RatioRoute, number> {
  return Object.fromEntries(
    RATIO_ROUTES.map((route) => [route, median(rounds.map((ratios) => ratios[route]))]),
  ) as Record<RatioRoute, number>;
}

/** The ratios the budgets judge: the rounds' medians, or the one round's. */
export function judgedRatios(m: Pick<Measurements, 'runs' | 'roundRatios'>): Record<RatioRoute, number> {
  return m.roundRatios?.length ? medianRatios(m.roundRatios) : serverRatios(m);
}

/**
 * A budgeted route: its rate, then its ratio to the bare route against the recorded baseline's (at most
 * 15% lower). Without a baseline the ratio is printed with no verdict.
 */
function budgetedRows(
  run: RunOutcome,
  name: string,
  ratio: number,
  baseline: Baseline | null,
  route: RatioRoute,
  rounds: number,
): Row[] {
  if (!('result' in run)) return [skippedRow(name, run.skipped)];
  const rows: Row[] = [[name, fmt.rate(run.result.rps), '-', 'n/a']];
  const what = rounds > 1 ? `ratio to bare, median of ${rounds} rounds` : 'ratio to bare';
  if (baseline === null) return [...rows, [`  ${what}`, fmt.pct(ratio), 'no baseline recorded', 'n/a']];
  const before = baseline.ratios[route];
  const change = ratio / before - 1;
  return [
    ...rows,
    [
      `  ${what} (${change >= 0 ? '+' : ''}${fmt.pct(change)} against the baseline's ${fmt.pct(before)})`,
      fmt.pct(ratio),
      `>= ${fmt.pct(before * (1 - MAX_RATIO_DROP))}`,
      verdict(ratio >= before * (1 - MAX_RATIO_DROP)),
    ],
  ];
}

/** A figure shown beside the budgeted routes (a sandbox route they are built on): no budget of its own. */
function referenceRows(run: RunOutcome, name: string, bare: number): Row[] {
  if (!('result' in run)) return [skippedRow(name, run.skipped)];
  return [[`${name} (ref; ${fmt.pct(run.result.rps / bare)} of bare, p99 ${fmt.ms(run.result.p99)})`, fmt.rate(run.result.rps), '-', 'n/a']];
}

/**
 * The server's budgets: each ratio against the recorded baseline, and peak memory. `baseline` is what
 * readBaseline found; `why` says why there is none.
 */
export function budgetTable(m: Measurements, baseline: Baseline | null): string {
  const { runs } = m;
  const bare = bareRate(m);
  const ratios = judgedRatios(m);
  const rounds = m.roundRatios?.length ?? 1;
  const paymentP99 = 'result' in runs.apiPayment ? `, p99 ${fmt.ms(runs.apiPayment.result.p99)}` : '';
  const table: Row[] = [
    [
      `bare Hono GET /ping (baseline of the ratios, mean${rounds > 1 ? ' of the last round; each round divides by its own' : ''})`,
      fmt.rate(bare.rps),
      `drift ${fmt.pct(bare.drift)} between its runs`,
      'n/a',
    ],
    ...budgetedRows(runs.apiLink, 'GET /api/v1/links/:id (warm)', ratios.apiLink, baseline, 'apiLink', rounds),
    ...referenceRows(runs.sandboxLink, 'sandbox GET payment-links/:id', bare.rps),
    ...referenceRows(runs.qrPng, 'GET /pay/qr/:link.png (cached)', bare.rps),
    m.qrDraw === undefined
      ? ['  PNG QR code drawn cold: not measured', '-', '-', 'n/a']
      : [
          `  PNG QR code drawn cold (each request without the cache; ref; ${fmt.pct(m.qrDraw.opsPerSecond / bare.rps)} of bare, ${m.qrDraw.cpuMsPerDraw.toFixed(1)} ms cpu each)`,
          fmt.rate(m.qrDraw.opsPerSecond),
          '-',
          'n/a',
        ],
    ...budgetedRows(runs.apiPayment, `POST /api/v1/payments${paymentP99}`, ratios.apiPayment, baseline, 'apiPayment', rounds),
    ...referenceRows(runs.sandboxCharge, 'sandbox POST direct-charge', bare.rps),
    ...budgetedRows(runs.webhook, 'POST /webhooks/payments (ingest)', ratios.webhook, baseline, 'webhook', rounds),
    ['  signature verify alone (600 B, ref)', fmt.rate(m.verify.opsPerSecond), '-', m.verify.rejected === 0 ? 'n/a' : 'WRONG'],
    ['backend RSS before load', fmt.mb(m.rssAtStart), '-', 'n/a'],
    ['peak RSS under load', fmt.mb(m.peakRss), '<= 150 MB', verdict(m.peakRss <= RSS_BUDGET_BYTES)],
    m.widgetReady === null
      ? ['widget interactive after its config: not measured', '-', '-', 'n/a']
      : [
          `widget interactive after its config (median of ${m.widgetReady.samples.length}, max ${fmt.ms(m.widgetReady.max)}, first load ${fmt.ms(m.widgetReady.first)})`,
          fmt.ms(m.widgetReady.median),
          '-',
          'n/a',
        ],
  ];
  return formatTable(['metric', 'value', 'budget', 'verdict'], table);
}

/** Median time to an enabled pay button over a page's loads, with the range in the label. */
function readyRow(name: string, loads: PayerLoad[]): Row {
  const times = loads.map((load) => load.readyMs);
  const range = `${fmt.wholeMs(Math.min(...times))} to ${fmt.wholeMs(Math.max(...times))}`;
  return [`${name} (median of ${times.length}, ${range})`, fmt.wholeMs(median(times)), '-', 'n/a'];
}

/** A page's median against a floor's: judged against `maxRatio`, or only reported where it has none. */
function ratioToFloor(
  loads: PayerLoad[],
  floorMs: number,
  maxRatio: number | undefined,
  floor = 'the floor page',
): Row {
  const ratio = median(loads.map((load) => load.readyMs)) / floorMs;
  if (maxRatio === undefined) return [`  ratio to ${floor}`, fmt.ratio(ratio), '-', 'n/a'];
  return [`  ratio to ${floor}`, fmt.ratio(ratio), `<= ${fmt.ratio(maxRatio)}`, verdict(ratio <= maxRatio)];
}

function lighthouseRow(figures: PayerFigures['lighthouse']): Row {
  const name = 'Lighthouse Performance, storefront /, mobile preset';
  if ('notMeasured' in figures) return [`${name}: not measured (${figures.notMeasured})`, '-', `>= ${LIGHTHOUSE_MIN_SCORE}`, 'n/a'];
  return [
    `${name} (median of ${figures.scores.join(', ')}; its CLS ${fmt.cls(figures.cls)})`,
    String(figures.median),
    `>= ${LIGHTHOUSE_MIN_SCORE}`,
    verdict(figures.median >= LIGHTHOUSE_MIN_SCORE),
  ];
}

/**
 * The pay page's layout shift over its whole load, until the network went quiet: with JavaScript on (as
 * in the bench) its widget takes the server's form over after its deferred scripts, past the settle that
 * the other pages' CLS covers.
 */
function payPageClsRow(loads: PayerLoad[]): Row {
  const cls = median(loads.map((load) => load.clsUntilQuiet));
  return [
    `CLS, the pay page until the network went quiet, its widget's takeover included (median of ${loads.length})`,
    fmt.cls(cls),
    `<= ${CLS_BUDGET}`,
    verdict(cls <= CLS_BUDGET),
  ];
}

function payerLoadRows(figures: PayerFigures): Row[] {
  const { loads } = figures;
  const floorMs = median(loads.floor.map((load) => load.readyMs));
  const inlineScriptMs = median(loads.inlineScriptFloor.map((load) => load.readyMs));
  const inlineScript = 'the inline-script floor page';
  const cls = (page: PayerPage) => median(loads[page].map((load) => load.cls));
  const demoCls = cls('demo');
  return [
    readyRow('floor page: navigation to an enabled pay button', loads.floor),
    readyRow('inline-script floor page: the same script inline in the page', loads.inlineScriptFloor),
    readyRow('bare embed: script tag + element', loads.bare),
    ratioToFloor(loads.bare, floorMs, BARE_EMBED_MAX_RATIO),
    // The inline-script floor has no budget of the embeds' own: reported beside the judged ratio.
    ratioToFloor(loads.bare, inlineScriptMs, undefined, inlineScript),
    readyRow('recommended snippet: preconnect, preload of the config, embed', loads.snippet),
    ratioToFloor(loads.snippet, floorMs, SNIPPET_MAX_RATIO),
    ratioToFloor(loads.snippet, inlineScriptMs, undefined, inlineScript),
    readyRow("inline floor page: the pay page's form alone in a bare page", loads.inlineFloor),
    readyRow("the link's pay page (/pay/<link>): its server-rendered form", loads.payPage),
    ratioToFloor(loads.payPage, median(loads.inlineFloor.map((load) => load.readyMs)), PAY_PAGE_MAX_RATIO, 'the inline floor page'),
    // The floor the pay page's budget names; the inline floor above is the stricter of the two.
    ratioToFloor(loads.payPage, inlineScriptMs, PAY_PAGE_MAX_RATIO, inlineScript),
    readyRow('storefront / (two checkouts): both pay buttons enabled', loads.demo),
    [`CLS, storefront / (median of ${loads.demo.length} loads, session windows)`, fmt.cls(demoCls), `<= ${CLS_BUDGET}`, verdict(demoCls <= CLS_BUDGET)],
    [`  the same on the floor, bare and snippet pages`, [cls('floor'), cls('bare'), cls('snippet')].map(fmt.cls).join(', '), '-', 'n/a'],
    payPageClsRow(loads.payPage),
    lighthouseRow(figures.lighthouse),
  ];
}

/** The payer's table: times to an enabled pay button against the floor page, CLS, Lighthouse, sizes. */
/** The npm route's row: what the widget adds to an app, held to the IIFE's budget. */
function widgetInAppRow(figure: Measurements['widgetInApp']): Row[] {
  const label = "widget from npm: added to a plain Vite app, brotli q11";
  if (figure === undefined) return [];
  if (typeof figure !== 'number') return [[`${label}: not measured (${figure.notMeasured})`, '-', `<= ${fmt.int(WIDGET_BUDGET_BYTES)} B`, 'n/a']];
  return [[label, `${fmt.int(figure)} B`, `<= ${fmt.int(WIDGET_BUDGET_BYTES)} B`, verdict(figure <= WIDGET_BUDGET_BYTES)]];
}

export function payerTable(m: Pick<Measurements, 'payer' | 'widget' | 'widgetInApp' | 'locales'>): string {
  const table: Row[] = [
    ...('notMeasured' in m.payer ? [[`payer loads: not measured (${m.payer.notMeasured})`, '-', '-', 'n/a']] : payerLoadRows(m.payer)),
    m.widget === null
      ? ['widget: not built yet', '-', `<= ${fmt.int(WIDGET_BUDGET_BYTES)} B`, 'n/a']
      : ['widget IIFE, brotli q11', `${fmt.int(m.widget)} B`, `<= ${fmt.int(WIDGET_BUDGET_BYTES)} B`, verdict(m.widget <= WIDGET_BUDGET_BYTES)],
    ...widgetInAppRow(m.widgetInApp),
    ...(m.locales.length === 0
      ? [['widget locales: not built yet', '-', `<= ${fmt.int(LOCALE_BUDGET_BYTES)} B each`, 'n/a']]
      : m.locales.map(({ name, bytes }) => [`locale ${name}, brotli q11`, `${fmt.int(bytes)} B`, `<= ${fmt.int(LOCALE_BUDGET_BYTES)} B`, verdict(bytes <= LOCALE_BUDGET_BYTES)])),
  ];
  return formatTable(['metric', 'value', 'budget', 'verdict'], table);
}
