/**
 * Dev aid, not part of `npm run bench`: loads one bench route for a few seconds and prints the backend's
 * CPU per request, so a change can be judged even on a busy machine. To profile the backend:
 * `BACKEND_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' node --import tsx test/bench/profile-route.ts apiPayment`.
 */
import { runLoadInChild } from './load.ts';
import { benchRoutes, type RouteKey } from './routes.ts';
import { startBackend, startBare } from './servers.ts';

const key = (process.argv[2] ?? 'apiPayment') as RouteKey;
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const bare = await startBare();
const backend = await startBackend();
const spec = benchRoutes(bare.url, backend.url).find((route) => route.key === key);
if (!spec) throw new Error(`no route ${key}`);
const cpuBefore = backend.cpuMs();
const result = await runLoadInChild({ ...spec.request, connections: 50, durationMs: seconds * 1000, warmupMs: 1000, maxRequests: 1_000_000 });
const cpuMs = backend.cpuMs() - cpuBefore;
process.stdout.write(`${key} ${JSON.stringify(result)}\n`);
// Server CPU per answered request (warm-up included in both): robust to a busy machine, unlike requests/s.
const answered = result.requests / (seconds / (seconds + 1)); // rough: requests counted after warm-up only
process.stdout.write(`server cpu per request: ${(cpuMs / answered).toFixed(3)} ms\n`);
if (key === 'apiPayment') process.stdout.write(`payments by status: ${JSON.stringify(backend.paymentStatuses())}\n`);
const memory = backend.memory();
process.stdout.write(`backend rss ${(memory.rss / 1e6).toFixed(0)} MB, peak ${(memory.peak / 1e6).toFixed(0)} MB\n`);
await Promise.all([bare.close(), backend.close()]);
process.exit(0);
