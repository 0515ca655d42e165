/**
 * The Node entry: configuration, store, the embedded sandbox, listen, schedules, graceful shutdown.
 * Everything else is in createApp, which tests use without any of this.
 */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { createSandbox, type Sandbox } from './sandbox/app.ts';
import { openStore } from './store/database.ts';

/** How often due sandbox outcomes and webhook retries are looked for. */
const SANDBOX_TICK_MS = 250;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });

  // The app needs its public URL, which (with PORT=0) is known only once the socket is bound.
  const bound: { app?: Hono } = {};
  const server = serve({
    fetch: (request) => bound.app?.fetch(request) ?? new Response('starting', { status: 503 }),
    port: config.port,
    hostname: config.host,
  });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const publicUrl = config.publicUrl ?? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;

  let sandbox: Sandbox | undefined;
  if (config.mode === 'embedded') {
    sandbox = await createSandbox({
      db: store.db,
      config: {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        publicUrl: `${publicUrl}/sandbox`,
        webhookUrl: config.sandbox.webhookUrl,
        outcomeDelayMs: config.sandbox.outcomeDelayMs,
      },
    });
  }
  bound.app = createApp({ store, sandbox });

  const tick = sandbox
    ? setInterval(() => {
        sandbox.runDue().catch((error: unknown) => logger.error({ err: error }, 'sandbox tick failed'));
      }, SANDBOX_TICK_MS)
    : undefined;

  logger.info({ url: publicUrl, mode: config.mode, database: store.engine }, 'pay-checkout listening');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    clearInterval(tick);
    // Stop accepting, let in-flight requests finish, then close the database.
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await store.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('pay-checkout failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
