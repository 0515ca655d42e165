/**
 * Two backend instances (`startApp`, each with its own store pool, caches and locks) on one fresh
 * PostgreSQL database, as two processes behind a balancer are. Call it inside a `describe` that is
 * skipped without PostgreSQL; the instances exist from its `beforeAll` on:
 *
 *   describe.skipIf(!postgresUrl)('…', () => {
 *     const instances = twoInstancesOnOnePostgres();
 *     it('…', async () => { const { one, two } = instances; … });
 *   });
 */
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../../server/store/database.ts';
import { startApp, type AppFixture } from './app-fixture.ts';
import { freshPostgresDatabase, type FreshDatabase } from './postgres.ts';

export interface TwoInstances {
  one: AppFixture;
  two: AppFixture;
}

export function twoInstancesOnOnePostgres(): TwoInstances {
  const instances = {} as TwoInstances;
  let database: FreshDatabase;
  let stores: Store[] = [];
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    stores = [await openStore({ databaseUrl: database.url }), await openStore({ databaseUrl: database.url })];
    instances.one = await startApp({ store: stores[0] });
    instances.two = await startApp({ store: stores[1] });
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await database?.drop();
  });
  return instances;
}
