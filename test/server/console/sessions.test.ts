/**
 * Console sessions live in the store, on both engines: a login on one instance is valid on another on the
 * same database and after a restart; logout ends it everywhere; only the SHA-256 of the id is stored;
 * ended sessions are refused and then purged.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { purgeExpiredConsoleSessions } from '../../../server/console/sessions.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';

const sqliteDir = mkdtempSync(join(tmpdir(), 'pay-console-sessions-'));
let postgres: FreshDatabase | undefined;

const engines = [
  { name: 'sqlite', available: true, open: () => openStore({ dataDir: sqliteDir }) },
  {
    name: 'postgres',
    available: postgresUrl !== null,
    open: async () => {
      postgres ??= await freshPostgresDatabase();
      return openStore({ databaseUrl: postgres.url });
    },
  },
];

afterAll(async () => {
  rmSync(sqliteDir, { recursive: true, force: true });
  await postgres?.drop();
});

const EIGHT_HOURS = 8 * 3600_000;

describe.each(engines)('console sessions on $name', (engine) => {
  if (!engine.available) {
    it.skip('PostgreSQL is not available on this machine', () => {});
    return;
  }
  const open: { store: Store; app: AppFixture }[] = [];
  /** One more instance of the backend: its own store connection, on the shared database. */
  async function instance(): Promise<AppFixture> {
    const store = await engine.open();
    const app = await startApp({ store });
    open.push({ store, app });
    return app;
  }
  afterEach(async () => {
    for (const { app, store } of open.splice(0)) {
      await app.close();
      await store.close();
    }
  });

  async function login(t: AppFixture): Promise<{ cookie: string; id: string }> {
    const res = await t.request('POST', '/console/login', `apiKey=${TEST_MERCHANT_KEY}`, {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_PUBLIC_URL,
    });
    const id = /^pay_console=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
    if (!id) throw new Error(`no session cookie (status ${res.status})`);
    return { cookie: `pay_console=${id}`, id };
  }
  const wallets = (t: AppFixture, cookie: string) =>
    t.request('GET', '/api/v1/wallets', undefined, { cookie });

  it('a login on one instance opens the console on another, and survives a restart of both', async () => {
    const a = await instance();
    const b = await instance();
    const { cookie } = await login(a);
    expect((await wallets(b, cookie)).status).toBe(200);
    const session = await b.request('GET', '/console/session', undefined, { cookie });
    expect(session.json.data.expiresAt).toBe(new Date(a.clock.now() + EIGHT_HOURS).toISOString());

    for (const { app, store } of open.splice(0)) {
      await app.close();
      await store.close();
    }
    const restarted = await instance();
    expect((await wallets(restarted, cookie)).status).toBe(200);
  });

  it('stores only the SHA-256 of the id, never the cookie itself', async () => {
    const a = await instance();
    await a.store.db.deleteFrom('console_sessions').execute(); // earlier tests' sessions
    const { id } = await login(a);
    const rows = await a.store.db.selectFrom('console_sessions').selectAll().execute();
    expect(rows).toEqual([
      {
        id_hash: createHash('sha256').update(id).digest('base64url'),
        created_at: a.clock.now(),
        expires_at: a.clock.now() + EIGHT_HOURS,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('logout on one instance ends the session on the other', async () => {
    const a = await instance();
    const b = await instance();
    const { cookie } = await login(a);
    const out = await b.request('POST', '/console/logout', undefined, { cookie, origin: TEST_PUBLIC_URL });
    expect(out.status).toBe(303);
    expect((await wallets(a, cookie)).status).toBe(401);
    expect((await wallets(b, cookie)).status).toBe(401);
  });

  it('refuses a session once its 8 hours are over, and the purge deletes it then, not before', async () => {
    const a = await instance();
    const { cookie, id } = await login(a);
    const idHash = createHash('sha256').update(id).digest('base64url');
    const stored = () =>
      a.store.db.selectFrom('console_sessions').select('id_hash').where('id_hash', '=', idHash).execute();

    a.clock.advance(EIGHT_HOURS - 1);
    expect((await wallets(a, cookie)).status).toBe(200);
    await purgeExpiredConsoleSessions(a.store.db, a.clock.now());
    expect(await stored()).toHaveLength(1);

    a.clock.advance(1);
    expect((await wallets(a, cookie)).status).toBe(401);
    expect(await purgeExpiredConsoleSessions(a.store.db, a.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await stored()).toEqual([]);
  });
});
