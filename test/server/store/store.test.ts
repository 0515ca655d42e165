// The store on both engines: migrations, money as exact integers, concurrent wallet moves, and a whole
// sandbox payment stored and settled. PostgreSQL runs use a throwaway cluster (postgres-global-setup.ts).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/clock.ts';
import { createSandbox } from '../../../server/sandbox/app.ts';
import { moveWallet, walletBalance } from '../../../server/sandbox/wallets.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';

interface Engine {
  name: string;
  available: boolean;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

const sqliteDir = mkdtempSync(join(tmpdir(), 'pay-store-'));
const stockDir = mkdtempSync(join(tmpdir(), 'pay-store-stock-'));
let postgres: FreshDatabase | undefined;

const engines: Engine[] = [
  {
    name: 'sqlite',
    available: true,
    open: () => openStore({ dataDir: sqliteDir }),
    cleanup: async () => rmSync(sqliteDir, { recursive: true, force: true }),
  },
  {
    // SQLITE_GROUP_COMMIT=off: Kysely's own SqliteDialect, each write committing alone.
    name: 'sqlite, group commit off',
    available: true,
    open: () => openStore({ dataDir: stockDir, groupCommit: false }),
    cleanup: async () => rmSync(stockDir, { recursive: true, force: true }),
  },
  {
    name: 'postgres',
    available: postgresUrl !== null,
    open: async () => {
      postgres ??= await freshPostgresDatabase();
      return openStore({ databaseUrl: postgres.url });
    },
    cleanup: async () => postgres?.drop(),
  },
];

const SECRET = 'store-test-secret';

describe.each(engines)('store on $name', (engine) => {
  if (!engine.available) {
    it.skip('PostgreSQL is not available on this machine (see the notice above)', () => {});
    return;
  }
  let store: Store;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => {
    await store?.close();
    await engine.cleanup();
  });

  it('applies every migration once, and reopening applies none again', async () => {
    // Every file in server/store/migrations is one migration, named as its file.
    const migrationNames = readdirSync(new URL('../../../server/store/migrations/', import.meta.url))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    const applied = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(
      store.db,
    );
    expect(applied.rows.map((row) => row.name)).toEqual(migrationNames);
    expect(migrationNames.slice(0, 2)).toEqual(['0001-sandbox', '0002-payments']);
    const again = await engine.open();
    const after = await sql<{ name: string }>`select name from schema_migrations`.execute(again.db);
    expect(after.rows).toHaveLength(migrationNames.length);
    await again.close();
  });

  it('keeps money as exact integers, including sums above 2^32', async () => {
    const large = 2 ** 40 + 7;
    await moveWallet(store.db, 'deposit', 'ZZ', 'ZZZ', large, 1);
    await moveWallet(store.db, 'deposit', 'ZZ', 'ZZZ', large, 2);
    const balance = await walletBalance(store.db, 'deposit', 'ZZ', 'ZZZ');
    expect(balance).toBe(2 * large);
    expect(typeof balance).toBe('number');
    const total = await store.db
      .selectFrom('sandbox_wallets')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('country', '=', 'ZZ')
      .executeTakeFirstOrThrow();
    expect(total.total).toBe(2 * large);
  });

  it('loses no wallet move under 20 concurrent updates', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => moveWallet(store.db, 'deposit', 'YY', 'YYY', i + 1, 3)),
    );
    expect(await walletBalance(store.db, 'deposit', 'YY', 'YYY')).toBe(210);
  });

  it('runs a sandbox payment from charge to signed webhook', async () => {
    const delivered: string[] = [];
    const clock = new ManualClock();
    const sandbox = await createSandbox({
      db: store.db,
      clock,
      config: {
        clientId: 'store-test',
        clientSecret: SECRET,
        publicUrl: 'http://sandbox.test/sandbox',
        webhookUrl: 'http://merchant.test/hook',
        outcomeDelayMs: 0,
      },
      fetch: async (_url, init) => {
        delivered.push(String(init?.body));
        return new Response('ok');
      },
    });
    const headers = {
      'client-id': 'store-test',
      'client-secret': SECRET,
      'content-type': 'application/json',
    };
    const charge = await sandbox.app.request('/payments/v1/payments/direct-charge', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        provider: 'mtn-ci',
        amount: 15000,
        customerInput: { phoneNumber: '+2250700000001' },
      }),
    });
    expect(charge.status).toBe(201);
    const { data } = (await charge.json()) as {
      data: { reference: string; action: string; totalAmount: number };
    };
    expect(data.action).toBe('processing');
    expect(data.totalAmount).toBe(15150);

    await sandbox.runDue();
    const verify = await sandbox.app.request(`/payments/v1/payments/verify/${data.reference}`, { headers });
    const verified = (await verify.json()) as { data: { status: string; amount: number } };
    expect(verified.data).toMatchObject({ status: 'success', amount: 15000 });
    expect(delivered).toHaveLength(1);
    expect(JSON.parse(delivered[0] ?? '{}')).toMatchObject({
      event: 'payment.completed',
      data: { reference: data.reference },
    });

    const links = await sandbox.app.request('/payments/v1/payment-links?limit=100', { headers });
    expect(((await links.json()) as { total: number }).total).toBe(11);
  });
});
