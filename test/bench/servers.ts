/**
 * The two servers the bench compares, both on 127.0.0.1 with an ephemeral port, both through the same
 * @hono/node-server `serve()` as production, so a ratio between them isolates the cost of our own code.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import { systemClock } from '../../server/clock.ts';
import { loadConfig } from '../../server/config.ts';
import { createLogger } from '../../server/logger.ts';
import { createPaymentEvents, type PaymentEvents } from '../../server/payments/events.ts';
import { createProviderClient } from '../../server/provider/client.ts';
import { createSandbox, type Sandbox } from '../../server/sandbox/app.ts';
import { openStore } from '../../server/store/database.ts';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export const BENCH_CLIENT_ID = 'pk_bench';
export const BENCH_CLIENT_SECRET = 'sk_bench_secret_0123';

/** Same period as server/main.ts, so background settlement competes with requests as it does live. */
const SANDBOX_TICK_MS = 250;

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

async function listen(fetch: FetchHandler): Promise<{ url: string; stop(): Promise<void> }> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('server did not bind a TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    // closeAllConnections: keep-alive sockets left by the load generator would otherwise hold close().
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** The baseline: the cheapest route Hono can answer. */
export async function startBare(): Promise<Running> {
  const app = new Hono().get('/ping', (c) => c.json({ ok: true }));
  const { url, stop } = await listen(app.fetch);
  return { url, close: stop };
}

/**
 * The backend as server/main.ts assembles it in embedded mode (main.ts runs on import, so its wiring is
 * mirrored here, minus the reconciliation timer, whose first round is 60 s away), on a fresh SQLite file,
 * with a silent logger, instant sandbox outcomes and rate limits off. The config goes through loadConfig
 * so every setting we do not name gets its production default.
 */
export async function startBackend(): Promise<Running & { tickErrors(): number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pay-bench-'));
  const config = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PAY_MODE: 'embedded',
    PAY_CLIENT_ID: BENCH_CLIENT_ID,
    PAY_CLIENT_SECRET: BENCH_CLIENT_SECRET,
    SANDBOX_OUTCOME_DELAY_MS: '0',
    RATE_LIMITS: 'off', // DESIGN section 10 measures payments "limits lifted"
  });
  const logger = createLogger(config.logLevel);
  const store = await openStore({ dataDir });
  const bound: { app?: { fetch: FetchHandler } } = {};
  // Exactly as server/main.ts: the Node bindings travel along (getConnInfo reads the socket from them).
  const { url, stop } = await listen(
    (request, env) => bound.app?.fetch(request, env) ?? new Response('starting', { status: 503 }),
  );
  const cleanUp = async () => {
    await stop();
    await store.close();
    await rm(dataDir, { recursive: true, force: true });
  };

  let sandbox: Sandbox;
  let events: PaymentEvents | undefined;
  try {
    sandbox = await createSandbox({
      db: store.db,
      config: { clientId: config.clientId, clientSecret: config.clientSecret, publicUrl: `${url}/sandbox`, outcomeDelayMs: 0 },
    });
    const embedded = sandbox;
    const provider = createProviderClient({
      baseUrl: 'http://sandbox.internal',
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      timeoutMs: config.providerTimeoutMs,
      fetch: (input, init) => Promise.resolve(embedded.app.request(input, init)),
    });
    events = createPaymentEvents(store, { databaseUrl: config.databaseUrl, logger });
    bound.app = createApp({ config, store, provider, clock: systemClock, logger, sandbox, publicUrl: url, events });
  } catch (error) {
    await events?.close();
    await cleanUp();
    throw error;
  }

  let tickErrors = 0;
  const tick = setInterval(() => {
    sandbox.runDue().catch(() => (tickErrors += 1));
  }, SANDBOX_TICK_MS);

  return {
    url,
    tickErrors: () => tickErrors,
    async close() {
      clearInterval(tick);
      await sandbox.runDue().catch(() => undefined); // let a running tick finish before the file goes
      await events?.close();
      await cleanUp();
    },
  };
}
