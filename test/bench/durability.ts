/**
 * `npm run bench:durability`: what SQLITE_SYNCHRONOUS costs. The bench's payment run (POST
 * /api/v1/payments against the backend as `npm start` runs it) with `full` and with `normal`, in
 * alternating order over several rounds of the same run, so load from other work on the machine falls
 * on both alike. Reports, never gates. BENCH_SECONDS sets each run's length (default 5), BENCH_ROUNDS
 * the rounds (default 3).
 */
import { runLoadInChild, type LoadResult } from './load.ts';
import { benchRoutes, probeRequest } from './routes.ts';
import { startBackend } from './servers.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!(seconds > 0 && seconds <= 60) || !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)) {
  console.error('BENCH_SECONDS must be in (0, 60] and BENCH_ROUNDS a whole number in [1, 20]');
  process.exit(2);
}
const CONNECTIONS = 50;
const say = (text: string) => process.stdout.write(`${text}\n`);
const WARMUP_MS = 1000;
type Setting = 'full' | 'normal';

async function paymentRun(synchronous: Setting): Promise<LoadResult> {
  // A fresh backend and database per run: each measures the same amount of data, from empty.
  const backend = await startBackend({ env: { SQLITE_SYNCHRONOUS: synchronous } });
  try {
    const spec = benchRoutes('http://unused', backend.url).find((route) => route.key === 'apiPayment');
    if (!spec) throw new Error('the bench has no payment run');
    const { url, init } = probeRequest(spec);
    const probe = await fetch(url, init);
    if (probe.status !== spec.expected)
      throw new Error(`probe answered ${probe.status}: ${await probe.text()}`);
    return await runLoadInChild({
      ...spec.request,
      connections: CONNECTIONS,
      durationMs: seconds * 1000,
      warmupMs: WARMUP_MS,
      maxRequests: Math.ceil((seconds + 1) * 60_000),
    });
  } finally {
    await backend.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main() {
  const results: Record<Setting, LoadResult[]> = { full: [], normal: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: Setting[] = round % 2 === 0 ? ['full', 'normal'] : ['normal', 'full'];
    for (const setting of order) {
      const result = await paymentRun(setting);
      results[setting].push(result);
      say(
        `round ${round + 1} ${setting.padEnd(6)} ${result.rps.toFixed(0)} payments/s, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors + result.non2xx}`,
      );
    }
  }
  const rps = (setting: Setting) => median(results[setting].map((result) => result.rps));
  const p99 = (setting: Setting) => median(results[setting].map((result) => result.p99));
  say(
    `median over ${rounds} rounds: full ${rps('full').toFixed(0)}/s (p99 ${p99('full').toFixed(1)} ms), normal ${rps('normal').toFixed(0)}/s (p99 ${p99('normal').toFixed(1)} ms); full/normal = ${(rps('full') / rps('normal')).toFixed(2)}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
