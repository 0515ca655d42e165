/**
 * `npm run sandbox`: the provider sandbox alone, answering the provider API at the root of its port
 * (default 8788), as a remote provider would. Useful to point a backend in PAY_MODE=remote at it.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { loadConfig, ConfigError } from '../config.ts';
import { isLoopbackHost } from '../http/loopback.ts';
import { openStore } from '../store/database.ts';
import { createSandbox } from './app.ts';

async function main() {
  const config = loadConfig({ PORT: '8788', ...process.env, PAY_MODE: 'embedded' });
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    synchronous: config.sqliteSynchronous,
    groupCommit: config.sqliteGroupCommit,
  });
  const publicUrl = config.publicUrl ?? `http://${config.host}:${config.port}`;
  const sandbox = await createSandbox({
    db: store.db,
    config: {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      publicUrl,
      webhookUrl: config.sandbox.webhookUrl,
      // On loopback its callers are on this machine too (a remote-mode backend under test), and so may be
      // their webhooks; listening wider, only allowed origins, or anyone could reach this machine's ports.
      webhookTargets: { origins: config.sandbox.webhookAllowlist, loopback: isLoopbackHost(config.host) },
      outcomeDelayMs: config.sandbox.outcomeDelayMs,
    },
  });
  const app = new Hono().route('/', sandbox.app);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  const tick = setInterval(() => void sandbox.runDue().catch((error: unknown) => console.error(error)), 250);
  console.warn(`provider sandbox listening on ${publicUrl} (client-id ${config.clientId})`);
  const stop = () => {
    clearInterval(tick);
    server.close(() => void store.close().then(() => process.exit(0)));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(error instanceof ConfigError ? 78 : 1);
});
