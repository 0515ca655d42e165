/**
 * createApp(deps): the backend's one Hono app. It mounts sub-apps and starts no timers; the caller
 * (main.ts, or a test) owns schedules. The merchant API lands here with the backend issue; today it
 * serves health checks and, in embedded mode, the provider sandbox at /sandbox.
 */
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { Sandbox } from './sandbox/app.ts';
import type { Store } from './store/database.ts';

export interface AppDeps {
  store: Store;
  /** The embedded provider sandbox; absent in remote mode. */
  sandbox?: Sandbox;
}

export function createApp({ store, sandbox }: AppDeps) {
  const app = new Hono()
    .get('/healthz', (c) => c.json({ statusCode: 200, data: { status: 'ok' } }, 200))
    .get('/readyz', async (c) => {
      try {
        await sql`select 1`.execute(store.db);
        return c.json({ statusCode: 200, data: { status: 'ready' } }, 200);
      } catch {
        return c.json({ statusCode: 503, error: { code: 'provider_unavailable', message: 'The database is not reachable' } }, 503);
      }
    });
  if (sandbox) app.route('/sandbox', sandbox.app);
  return app;
}

export type AppType = ReturnType<typeof createApp>;
