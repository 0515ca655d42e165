/**
 * The server ratios a change is judged against: each route's requests per second divided by the bare
 * Hono route's in the same run. A change may lower none of them by more than 15%
 * (docs/performance.md#budgets), so the bench compares this run's ratios with the ones recorded before
 * the change, on the same machine: `npm run bench -- --save-baseline` records them (at the commit before
 * a change), and a later run prints each ratio beside its recorded value, with the verdict.
 *
 * The file is committed so that a run always has something to compare with; its `commit` and `load`
 * say where it came from. A baseline measured on another machine says little: record a new one first.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BACKEND_CHECKOUT } from './servers.ts';

/** The routes whose ratio to the bare route is a budget. */
export const RATIO_ROUTES = ['apiLink', 'apiPayment', 'webhook'] as const;
export type RatioRoute = (typeof RATIO_ROUTES)[number];

/** How far a ratio may fall below its baseline before it is over budget. */
export const MAX_RATIO_DROP = 0.15;

export interface Baseline {
  /** The commit measured (`git rev-parse --short HEAD`, with `+changes` when the tree was dirty). */
  commit: string;
  measuredAt: string;
  /** The one-minute load average when the run started: above ~1 on 2 cores, other work shared the machine. */
  load: number;
  ratios: Record<RatioRoute, number>;
  peakRssBytes: number;
}

export const BASELINE_FILE = new URL('./baseline.json', import.meta.url);

/** The recorded baseline, or null when there is none (or it cannot be read: then say so and go on). */
export function readBaseline(file: URL = BASELINE_FILE): { baseline: Baseline } | { missing: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { missing: error instanceof Error ? error.message : String(error) };
  }
  const candidate = parsed as Partial<Baseline>;
  const ratiosOk = RATIO_ROUTES.every((route) => typeof candidate.ratios?.[route] === 'number' && candidate.ratios[route] > 0);
  if (!ratiosOk || typeof candidate.commit !== 'string' || typeof candidate.peakRssBytes !== 'number') {
    return { missing: `${file.pathname} is not a baseline (commit, ratios.${RATIO_ROUTES.join('/')}, peakRssBytes)` };
  }
  return { baseline: candidate as Baseline };
}

/** The commit whose backend was measured: this checkout's, or BENCH_BACKEND's (servers.ts). */
function measuredCommit(): string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', BACKEND_CHECKOUT ?? '.', ...args], { encoding: 'utf8' }).trim();
  try {
    const commit = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--untracked-files=no');
    return dirty ? `${commit}+changes` : commit;
  } catch {
    return 'unknown';
  }
}

export function saveBaseline(ratios: Record<RatioRoute, number>, peakRssBytes: number, startLoad: number, file: URL = BASELINE_FILE): Baseline {
  const baseline: Baseline = {
    commit: measuredCommit(),
    measuredAt: new Date().toISOString(),
    load: Number(startLoad.toFixed(2)),
    ratios: Object.fromEntries(RATIO_ROUTES.map((route) => [route, Number(ratios[route].toPrecision(4))])) as Record<RatioRoute, number>,
    peakRssBytes,
  };
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
  return baseline;
}

/** The load average now, for the record. */
export const currentLoad = () => loadavg()[0] ?? 0;
