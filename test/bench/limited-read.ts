/**
 * What rate limits cost a request, on each engine: the warm link read (`GET /api/v1/links/:id`, which
 * counts the per-IP limit) with limits off and on, on SQLite and on PostgreSQL, in-process through
 * `app.request` so the figures are the backend's work alone. On PostgreSQL also with
 * `RATE_LIMIT_SYNC_MS=0`, which upserts every hit: the round trip per request the batched sync avoids.
 * Alternating rounds in one run, medians, so a busy machine skews every side alike.
 *
 * PostgreSQL comes from BENCH_DATABASE_URL (an empty database), else a throwaway cluster started as the
 * test suite starts one; without either the PostgreSQL rows say why they were not measured.
 * `node --import tsx test/bench/limited-read.ts` runs it alone.
 */
import { createApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { createProviderClient } from '../../server/provider/client.ts';
import { createSandbox } from '../../server/sandbox/app.ts';
import { inProcessFetch } from '../../server/sandbox/in-process.ts';
import { openStore, type Store } from '../../server/store/database.ts';
import startThrowawayPostgres from '../server/postgres-global-setup.ts';

const ROUNDS = 5;
const READS = 500;
/** Never reached: the limit is counted, never refused. */
const ON = 'ip=1000000000/60';

type App = ReturnType<typeof createApp>;

async function appOn(store: Store, env: Record<string, string>): Promise<App> {
  const config = loadConfig({ PUBLIC_URL: 'http://pay.test', LOG_LEVEL: 'silent', ...env });
  const sandbox = await createSandbox({
    db: store.db,
    config: { clientId: config.clientId, clientSecret: config.clientSecret, publicUrl: 'http://pay.test/sandbox' },
  });
  const provider = createProviderClient({
    baseUrl: 'http://sandbox.internal',
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    fetch: inProcessFetch(sandbox.app),
    timeoutMs: 5000,
  });
  return createApp({
    config,
    store,
    provider,
    clock: systemClock,
    logger: createLogger('silent'),
    sandbox,
    publicUrl: 'http://pay.test',
  });
}

/** What @hono/node-server hands the app for a request from a socket: without it the client IP is unknown. */
const FROM_A_SOCKET = { incoming: { socket: { remoteAddress: '203.0.113.7', remotePort: 50_000, remoteFamily: 'IPv4' } } };

async function microsPerRead(app: App, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const response = await app.request('/api/v1/links/lnk_fixed_ci', undefined, FROM_A_SOCKET);
    if (response.status !== 200) throw new Error(`the link read answered ${response.status}`);
    await response.text();
  }
  return ((performance.now() - started) * 1000) / count;
}

/** A PostgreSQL URL and how to let it go, or why there is none. */
async function postgres(): Promise<{ url: string; stop(): void } | { missing: string }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => undefined };
  let url: string | null = null;
  const errors: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  // The harness reports an unavailable PostgreSQL on stderr; here that is the row's note instead.
  process.stderr.write = ((chunk: string) => (errors.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    const stop = await startThrowawayPostgres({
      provide: (_key: string, value: string | null) => (url = value),
    } as unknown as Parameters<typeof startThrowawayPostgres>[0]);
    if (url) return { url, stop: () => stop?.() };
    return { missing: errors.join(' ').trim() || 'PostgreSQL could not be started' };
  } finally {
    process.stderr.write = write;
  }
}

export interface LimitedReadRow {
  label: string;
  /** Median microseconds per read, or why it was not measured. */
  micros: number | { missing: string };
}

export async function measureLimitedRead(): Promise<LimitedReadRow[]> {
  const sqlite = await openStore({ memory: true });
  const sides: [string, App][] = [
    ['SQLite, limits off', await appOn(sqlite, { RATE_LIMITS: 'off' })],
    ['SQLite, limits on', await appOn(sqlite, { RATE_LIMITS: ON })],
  ];
  const pg = await postgres();
  const stores: Store[] = [sqlite];
  if ('url' in pg) {
    const store = await openStore({ databaseUrl: pg.url });
    stores.push(store);
    sides.push(
      ['PostgreSQL, limits off', await appOn(store, { RATE_LIMITS: 'off' })],
      ['PostgreSQL, limits on', await appOn(store, { RATE_LIMITS: ON })],
      ['PostgreSQL, limits on, a round trip per hit', await appOn(store, { RATE_LIMITS: ON, RATE_LIMIT_SYNC_MS: '0' })],
    );
  }
  try {
    for (const [, app] of sides) await microsPerRead(app, 100); // warm: caches, JIT, pool
    const rounds = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round++)
      for (const [label, app] of sides) rounds.set(label, [...(rounds.get(label) ?? []), await microsPerRead(app, READS)]);
    const rows: LimitedReadRow[] = [...rounds].map(([label, values]) => ({
      label,
      micros: [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0,
    }));
    if ('missing' in pg) rows.push({ label: 'PostgreSQL', micros: { missing: pg.missing } });
    return rows;
  } finally {
    for (const store of stores) await store.close();
    if ('stop' in pg) pg.stop();
  }
}

export function limitedReadTable(rows: LimitedReadRow[]): string {
  return rows
    .map(({ label, micros }) =>
      typeof micros === 'number'
        ? `  ${label.padEnd(46)} ${(micros / 1000).toFixed(3)} ms`
        : `  ${label.padEnd(46)} not measured: ${micros.missing}`,
    )
    .join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`warm link read, in-process, medians of ${ROUNDS} rounds\n${limitedReadTable(await measureLimitedRead())}\n`);
}
