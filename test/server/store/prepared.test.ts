// Prepared query shapes (server/store/prepared.ts) on both engines: the same rows and counts as the Kysely
// query they stand for, with values bound anew on every call, inside transactions too, through Kysely's
// executor. The queries are shared by both engines' stores, so each engine gets SQL in its own dialect.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from '../../../server/store/database.ts';
import { changed, first, insertRow, prepared, updateWhere } from '../../../server/store/prepared.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';

let postgres: FreshDatabase | undefined;
const engines = [
  { name: 'sqlite', available: true, open: () => openStore({ memory: true }) },
  {
    name: 'sqlite, group commit off',
    available: true,
    open: () => openStore({ memory: true, groupCommit: false }),
  },
  {
    name: 'postgres',
    available: postgresUrl !== null,
    open: async () => {
      postgres ??= await freshPostgresDatabase();
      return openStore({ databaseUrl: postgres.url });
    },
  },
];
afterAll(async () => postgres?.drop());

const wallet = (id: string, amount: number) => ({
  id,
  type: 'deposit',
  country: 'CI',
  currency: 'XOF',
  amount,
  status: 'active',
  updated_at: 1,
});

// One prepared query shared by both engines' stores, as the app's module-level ones are.
const balanceOf = prepared((db, id: string) =>
  db.selectFrom('sandbox_wallets').select('amount').where('id', '=', id),
);
const credit = prepared((db, delta: number, id: string) =>
  db
    .updateTable('sandbox_wallets')
    .set({ amount: sql`amount + ${delta}` })
    .where('id', '=', id)
    .where('status', '=', 'active'),
);

describe.each(engines)('prepared queries on $name', (engine) => {
  if (!engine.available) {
    it.skip('PostgreSQL is not available on this machine', () => {});
    return;
  }
  let store: Store;
  beforeAll(async () => {
    store = await engine.open();
  });
  afterAll(async () => store.close());

  it('binds new values on every call and keeps constants of the shape', async () => {
    await insertRow(store.db, 'sandbox_wallets', wallet('w-a', 100));
    await insertRow(store.db, 'sandbox_wallets', wallet('w-b', 5));
    expect(await first(balanceOf(store.db, 'w-a'))).toEqual({ amount: 100 });
    expect(await first(balanceOf(store.db, 'w-b'))).toEqual({ amount: 5 });
    expect(await first(balanceOf(store.db, 'nope'))).toBeUndefined();

    expect(await changed(credit(store.db, 7, 'w-a'))).toBe(1);
    expect(await changed(credit(store.db, -2, 'w-b'))).toBe(1);
    await updateWhere(store.db, 'sandbox_wallets', { status: 'frozen' }, { id: 'w-b' });
    // The constant `status = 'active'` of the shape still applies: a frozen wallet is not credited.
    expect(await changed(credit(store.db, 1000, 'w-b'))).toBe(0);
    expect(await first(balanceOf(store.db, 'w-a'))).toEqual({ amount: 107 });
    expect(await first(balanceOf(store.db, 'w-b'))).toEqual({ amount: 3 });
  });

  it('leaves undefined columns out of an insert and counts an ignored conflict as 0', async () => {
    const row = { ...wallet('w-c', 1), status: undefined } as unknown as ReturnType<typeof wallet>;
    // status has no default: leaving it out (as Kysely does) makes the insert fail, not store "undefined".
    await expect(insertRow(store.db, 'sandbox_wallets', row)).rejects.toThrow();
    const inserted = await insertRow(store.db, 'sandbox_wallets', wallet('w-c', 1), 'id');
    expect(Number(inserted.numAffectedRows)).toBe(1);
    const again = await insertRow(store.db, 'sandbox_wallets', wallet('w-c', 999), 'id');
    expect(Number(again.numAffectedRows)).toBe(0);
    expect(await first(balanceOf(store.db, 'w-c'))).toEqual({ amount: 1 });
  });

  it('runs inside a transaction and is rolled back with it', async () => {
    await insertRow(store.db, 'sandbox_wallets', wallet('w-d', 10));
    await expect(
      store.db.transaction().execute(async (trx) => {
        await credit(trx, 90, 'w-d');
        expect(await first(balanceOf(trx, 'w-d'))).toEqual({ amount: 100 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await first(balanceOf(store.db, 'w-d'))).toEqual({ amount: 10 });
  });

  it("keeps the root instance's statements out of an open transaction", async () => {
    await insertRow(store.db, 'sandbox_wallets', wallet('w-e', 10));
    let outside: Promise<number> | undefined;
    await expect(
      store.db.transaction().execute(async (trx) => {
        await credit(trx, 90, 'w-e');
        // Issued while the transaction is open: it must neither join it nor be rolled back with it.
        outside = changed(credit(store.db, 5, 'w-e'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toBe(1);
    expect(await first(balanceOf(store.db, 'w-e'))).toEqual({ amount: 15 });
  });

  it("runs through Kysely's executeQuery, so plugins see every statement", async () => {
    const viaKysely = vi.spyOn(store.db, 'executeQuery');
    try {
      await insertRow(store.db, 'sandbox_wallets', wallet('w-f', 3));
      expect(await first(balanceOf(store.db, 'w-f'))).toEqual({ amount: 3 });
      expect(viaKysely).toHaveBeenCalledTimes(2);
    } finally {
      viaKysely.mockRestore();
    }
    const results: unknown[] = [];
    const observed = store.db.withPlugin({
      transformQuery: ({ node }) => node,
      transformResult: async ({ result }) => {
        results.push(result.rows);
        return result;
      },
    });
    expect(await first(balanceOf(observed, 'w-f'))).toEqual({ amount: 3 });
    expect(await changed(credit(observed, 1, 'w-f'))).toBe(1);
    expect(results).toEqual([[{ amount: 3 }], []]);
  });

  it('refuses a shape that does not bind one of its arguments', async () => {
    const broken = prepared((db, id: string, _unused: number) =>
      db.selectFrom('sandbox_wallets').select('amount').where('id', '=', id),
    );
    await expect(broken(store.db, 'w-a', 1)).rejects.toThrow(/not a bound value/);
  });
});
