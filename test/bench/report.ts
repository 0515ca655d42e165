/**
 * Turns one run's measurements into the two printed tables. Budgets: docs/architecture.md#budgets. Rows
 * marked "ref" put a sandbox figure (or one part of a route) next to the budget of the merchant route
 * built on it: not that budget itself, but a ceiling for it (the route cannot be faster than its parts).
 */
import type { LoadResult } from './load.ts';
import type { RouteKey } from './routes.ts';
import type { WidgetReady } from './widget-ready.ts';
import { fmt, formatTable, verdict } from './table.ts';

// Sizes in kilobytes of 1000 bytes.
export const WIDGET_BUDGET_BYTES = 16_000;
export const LOCALE_BUDGET_BYTES = 2_000;
export const RSS_BUDGET_BYTES = 150 * 1024 * 1024;
export const WIDGET_READY_BUDGET_MS = 16;

/** A load run's result, or why it was not run (a merchant route not built yet, or refusing the probe). */
export type RunOutcome = { label: string; optional: boolean } & ({ result: LoadResult; serverCpu: number } | { skipped: string; detail: string });

export interface Measurements {
  runs: Record<RouteKey, RunOutcome>;
  verify: { opsPerSecond: number; rejected: number };
  rssAtStart: number;
  peakRss: number;
  /** Null when Chromium is missing or the measurement failed. */
  widgetReady: WidgetReady | null;
  widget: number | null;
  locale: { name: string; bytes: number; count: number } | null;
}

export function loadTable({ runs }: Measurements): string {
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

/** A rate, and its ratio to the bare route (the mean of the two runs around it) against `minRatio`. */
function ratioRows(run: RunOutcome, name: string, bareRps: number, minRatio: number, budget: string): Row[] {
  if (!('result' in run)) return [skippedRow(name, run.skipped)];
  const ratio = run.result.rps / bareRps;
  return [
    [name, fmt.rate(run.result.rps), '-', 'n/a'],
    ['  ratio to bare', fmt.pct(ratio), budget, verdict(ratio >= minRatio)],
  ];
}

/** A rate judged against `minRps`, and its p99 against `maxP99` when given. */
function rateRows(run: RunOutcome, name: string, minRps: number, prefix: string, maxP99?: number): Row[] {
  if (!('result' in run)) return [skippedRow(name, run.skipped)];
  const r = run.result;
  const out: Row[] = [[name, fmt.rate(r.rps), `${prefix}>= ${fmt.int(minRps)}/s`, verdict(r.rps >= minRps)]];
  if (maxP99 !== undefined) out.push(['  p99', fmt.ms(r.p99), `${prefix}<= ${maxP99} ms`, verdict(r.p99 <= maxP99)]);
  return out;
}

export function budgetTable(m: Measurements): string {
  const { runs } = m;
  const rateOf = (run: RunOutcome) => ('result' in run ? run.result.rps : 0);
  const [before, after] = [rateOf(runs.bare), rateOf(runs.bareAgain)];
  const bare = (before + after) / 2;
  const drift = Math.abs(before - after) / Math.max(before, after, 1);
  const table: Row[] = [
    ['bare Hono GET /ping (baseline, mean)', fmt.rate(bare), `drift ${fmt.pct(drift)} between its runs`, 'n/a'],
    ...ratioRows(runs.apiLink, 'GET /api/v1/links/:id (warm)', bare, 0.7, '>= 70% of bare'),
    ...ratioRows(runs.sandboxLink, 'sandbox GET payment-links/:id', bare, 0.7, 'ref: >= 70% of bare'),
    ...rateRows(runs.apiPayment, 'POST /api/v1/payments', 2000, '', 25),
    ...rateRows(runs.sandboxCharge, 'sandbox POST direct-charge', 2000, 'ref: ', 25),
    ...rateRows(runs.webhook, 'POST /webhooks/payments (ingest)', 5000, ''),
    ['  signature verify alone (600 B)', fmt.rate(m.verify.opsPerSecond), 'ref: >= 5,000/s', verdict(m.verify.opsPerSecond >= 5000 && m.verify.rejected === 0)],
    ['backend RSS before load', fmt.mb(m.rssAtStart), '-', 'n/a'],
    ['peak RSS under load', fmt.mb(m.peakRss), '<= 150 MB', verdict(m.peakRss <= RSS_BUDGET_BYTES)],
    m.widgetReady === null
      ? ['widget interactive after its config: not measured', '-', `<= ${WIDGET_READY_BUDGET_MS} ms`, 'n/a']
      : [
          `widget interactive after its config (median of ${m.widgetReady.samples.length}, max ${fmt.ms(m.widgetReady.max)}, first load ${fmt.ms(m.widgetReady.first)})`,
          fmt.ms(m.widgetReady.median),
          `<= ${WIDGET_READY_BUDGET_MS} ms`,
          verdict(m.widgetReady.median <= WIDGET_READY_BUDGET_MS),
        ],
    m.widget === null
      ? ['widget: not built yet', '-', `<= ${fmt.int(WIDGET_BUDGET_BYTES)} B`, 'n/a']
      : ['widget IIFE, brotli q11', `${fmt.int(m.widget)} B`, `<= ${fmt.int(WIDGET_BUDGET_BYTES)} B`, verdict(m.widget <= WIDGET_BUDGET_BYTES)],
    m.locale === null
      ? ['widget locales: not built yet', '-', `<= ${fmt.int(LOCALE_BUDGET_BYTES)} B each`, 'n/a']
      : [`largest locale (${m.locale.name} of ${m.locale.count}), brotli`, `${fmt.int(m.locale.bytes)} B`, `<= ${fmt.int(LOCALE_BUDGET_BYTES)} B each`, verdict(m.locale.bytes <= LOCALE_BUDGET_BYTES)],
  ];
  return formatTable(['metric', 'value', 'budget', 'verdict'], table);
}
