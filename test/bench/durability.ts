/**
 * `npm run bench:durability`: what SQLITE_SYNCHRONOUS costs. The bench's payment run (POST
 * /api/v1/payments against the backend as `npm start` runs it) with `full` and with `normal`, in
 * alternating order over several rounds of the same run, so load from other work on the machine falls
 * on both alike. Reports, never gates. BENCH_SECONDS sets each run's length (default 5), BENCH_ROUNDS
 * the rounds (default 3).
 */
import type { LoadResult } from './load.ts';
import { paymentRun } from './payment-run.ts';
import { median } from './stats.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!(seconds > 0 && seconds <= 60) || !(Number.isInteger(rounds) && rounds >= 1 && rounds <= 20)) {
  console.error('BENCH_SECONDS must be in (0, 60] and BENCH_ROUNDS a whole number in [1, 20]');
  process.exit(2);
}
const say = (text: string) => process.stdout.write(`${text}\n`);
type Setting = 'full' | 'normal';

async function main() {
  const results: Record<Setting, LoadResult[]> = { full: [], normal: [] };
  for (let round = 0; round < rounds; round += 1) {
    const order: Setting[] = round % 2 === 0 ? ['full', 'normal'] : ['normal', 'full'];
    for (const setting of order) {
      const result = await paymentRun({ SQLITE_SYNCHRONOUS: setting }, seconds);
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
