/**
 * The hostile suites on both engines: `eachEngine` runs a suite on SQLite and on PostgreSQL (one fresh
 * database per file, skipped visibly when none is available). `instance(env)` starts one more backend
 * on the suite's store, as a second process on the same database would be, with its own clock.
 */
import { afterAll, afterEach, describe, it } from 'vitest';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';

export type Instance = (env?: Record<string, string>) => Promise<AppFixture>;

export function eachEngine(title: string, suite: (instance: Instance, store: () => Store) => void): void {
  let postgres: FreshDatabase | undefined;
  afterAll(() => postgres?.drop());
  const engines = [
    { name: 'SQLite', available: true, open: () => openStore({ memory: true }) },
    {
      name: 'PostgreSQL',
      available: postgresUrl !== null,
      open: async () => {
        postgres ??= await freshPostgresDatabase();
        return openStore({ databaseUrl: postgres.url });
      },
    },
  ];
  describe.each(engines)(`${title} on $name`, (engine) => {
    if (!engine.available) {
      it.skip('PostgreSQL is not available on this machine', () => {});
      return;
    }
    let shared: Store | undefined;
    const started: AppFixture[] = [];
    afterEach(async () => {
      for (const app of started.splice(0)) await app.close();
      await shared?.close();
      shared = undefined;
    });
    suite(
      async (env = {}) => {
        shared ??= await engine.open();
        const app = await startApp({ store: shared, env });
        started.push(app);
        return app;
      },
      () => {
        if (!shared) throw new Error('start an instance first');
        return shared;
      },
    );
  });
}

/** Every value of every row of every table, as text (binary columns read as UTF-8): what a dump holds. */
export async function dumpText(store: Store): Promise<string[]> {
  const texts: string[] = [];
  for (const table of await store.db.introspection.getTables()) {
    const rows = await store.db
      .selectFrom(table.name as never)
      .selectAll()
      .execute();
    for (const row of rows as Record<string, unknown>[]) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) texts.push(Buffer.from(value).toString('utf8'));
        else if (value !== null && value !== undefined) texts.push(String(value));
      }
    }
  }
  return texts;
}
