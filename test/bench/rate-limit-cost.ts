/**
 * Dev aid, not part of `npm run bench`: what the shared rate-limit counter costs on PostgreSQL.
 * `DATABASE_URL=postgres://... node --import tsx test/bench/rate-limit-cost.ts` (an empty database).
 *
 * Three figures, each as alternating rounds in one run so a busy machine skews all sides alike:
 * - one hit counted in memory (SQLite's way) against one hit upserted into `rate_limit_windows`;
 * - the bare round trip to this database (`select 1`), the floor of any shared counter;
 * - a public API read (the warm link read, which counts the `ip` limit) on a PostgreSQL-backed app with
 *   limits on against the same app with `RATE_LIMITS=off`.
 */
import { sql } from 'kysely';
import { createApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { countHit } from '../../server/http/rate-limit.ts';
import {
  memoryWindowCounter,
  storedWindowCounter,
  type WindowCounter,
} from '../../server/http/window-counter.ts';
import { createLogger } from '../../server/logger.ts';
import { createProviderClient } from '../../server/provider/client.ts';
import { createSandbox } from '../../server/sandbox/app.ts';
import { inProcessFetch } from '../../server/sandbox/in-process.ts';
import { openStore, type Store } from '../../server/store/database.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('set DATABASE_URL to an empty PostgreSQL database');
const ROUNDS = 5;
const HITS = 2000;
const LIMIT = { max: 1e9, windowSeconds: 60 };

async function microsPer(count: number, work: (i: number) => unknown): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await work(i);
  return ((performance.now() - started) * 1000) / count;
}

async function appOn(store: Store, rateLimits: string) {
  const config = loadConfig({ PUBLIC_URL: 'http://pay.test', LOG_LEVEL: 'silent', RATE_LIMITS: rateLimits });
  const sandbox = await createSandbox({
    db: store.db,
    config: {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      publicUrl: 'http://pay.test/sandbox',
    },
  });
  const provider = createProviderClient({
    baseUrl: 'http://sandbox.internal',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    fetch: inProcessFetch(sandbox.app),
    timeoutMs: 5000,
  });
  const logger = createLogger('silent');
  return createApp({
    config,
    store,
    provider,
    clock: systemClock,
    logger,
    sandbox,
    publicUrl: 'http://pay.test',
  });
}

const store = await openStore({ databaseUrl });
const counters: [string, WindowCounter][] = [
  ['memory', memoryWindowCounter()],
  ['postgres', storedWindowCounter(store.db)],
];
const apps: [string, ReturnType<typeof createApp>][] = [
  ['limits off', await appOn(store, 'off')],
  ['limits on', await appOn(store, 'ip=1000000000/60')],
];
const read = async (app: ReturnType<typeof createApp>) =>
  (await app.request('/api/v1/links/lnk_fixed_ci')).text();
for (const [, app] of apps) await microsPer(200, () => read(app)); // warm: caches, JIT, pool

const results: Record<string, number[]> = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, counter] of counters)
    (results[`hit, ${name}`] ??= []).push(
      await microsPer(HITS, (i) => countHit(counter, systemClock, `ip:10.0.${i % 250}.1`, LIMIT, 'limited')),
    );
  (results['round trip, select 1'] ??= []).push(await microsPer(HITS, () => sql`select 1`.execute(store.db)));
  for (const [name, app] of apps)
    (results[`link read, ${name}`] ??= []).push(await microsPer(HITS / 2, () => read(app)));
}
for (const [name, values] of Object.entries(results)) {
  const median = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  process.stdout.write(
    `${name.padEnd(22)} median ${median.toFixed(1)} µs  (rounds: ${values.map((v) => v.toFixed(0)).join(', ')})\n`,
  );
}
await store.close();
