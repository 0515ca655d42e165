/**
 * Part of `npm run bench`: does the group-commit SQLite driver (server/store/group-commit.ts) earn its
 * place? The payment run against (a) the backend as it ships, and (b) the same backend with
 * `SQLITE_GROUP_COMMIT=off`, Kysely's own SqliteDialect, where each write the code does not wrap in a
 * transaction commits alone. Both under `SQLITE_SYNCHRONOUS=full` (the default, which decides) and
 * `normal`, in alternating order over the rounds so other work on the machine falls on all alike.
 */
import type { LoadResult } from './load.ts';
import { PAYMENT_RUN_WARMUP_MS, paymentRun } from './payment-run.ts';
import { median } from './stats.ts';
import { fmt, formatTable } from './table.ts';

/** Group commit stays only while it makes the payment run at least this much faster under `full`. */
export const GROUP_COMMIT_MIN_GAIN = 1.2;
/** A backend's start-up and shutdown, on top of the run itself. */
const START_STOP_MS = 30_000;

const SYNCHRONOUS = ['full', 'normal'] as const;
const DRIVERS = [
  { key: 'group', label: 'group commit', env: { SQLITE_GROUP_COMMIT: 'on' } },
  { key: 'stock', label: "Kysely's SqliteDialect", env: { SQLITE_GROUP_COMMIT: 'off' } },
] as const;
type Synchronous = (typeof SYNCHRONOUS)[number];
type Driver = (typeof DRIVERS)[number]['key'];

/** The longest the comparison may take, for the bench's watchdog. */
export function groupCommitBudgetMs(seconds: number, rounds: number): number {
  return (
    rounds * SYNCHRONOUS.length * DRIVERS.length * (PAYMENT_RUN_WARMUP_MS + seconds * 1000 + START_STOP_MS)
  );
}

export type GroupCommitRuns = Record<Synchronous, Record<Driver, LoadResult[]>>;

export async function compareGroupCommit(
  seconds: number,
  rounds: number,
  say: (text: string) => void,
): Promise<GroupCommitRuns> {
  const runs: GroupCommitRuns = { full: { group: [], stock: [] }, normal: { group: [], stock: [] } };
  const order = SYNCHRONOUS.flatMap((synchronous) => DRIVERS.map((driver) => ({ synchronous, driver })));
  for (let round = 0; round < rounds; round += 1) {
    for (const { synchronous, driver } of round % 2 === 0 ? order : [...order].reverse()) {
      const result = await paymentRun({ SQLITE_SYNCHRONOUS: synchronous, ...driver.env }, seconds);
      runs[synchronous][driver.key].push(result);
      say(
        `  round ${round + 1}, ${synchronous}, ${driver.label}: ${fmt.rate(result.rps)}, p99 ${fmt.ms(result.p99)}, errors ${result.errors + result.non2xx}`,
      );
    }
  }
  return runs;
}

const medianRate = (results: LoadResult[]) => median(results.map((result) => result.rps));

/** The medians side by side, and whether group commit stays (judged under `full`, the default). */
export function groupCommitReport(runs: GroupCommitRuns): { table: string; keep: boolean; gain: number } {
  const gainOf = (synchronous: Synchronous) =>
    medianRate(runs[synchronous].group) / medianRate(runs[synchronous].stock);
  const rows = SYNCHRONOUS.map((synchronous) => [
    synchronous,
    fmt.rate(medianRate(runs[synchronous].group)),
    fmt.rate(medianRate(runs[synchronous].stock)),
    fmt.ratio(gainOf(synchronous)),
  ]);
  const table = formatTable(
    ['SQLITE_SYNCHRONOUS', '(a) group commit', "(b) Kysely's SqliteDialect", 'a/b'],
    rows,
  );
  const gain = gainOf('full');
  return { table, keep: gain >= GROUP_COMMIT_MIN_GAIN, gain };
}
