// What PostgreSQL-backed test files use: the run's cluster URL (or null) and an isolated database
// per file. Pattern:
//
//   describe.skipIf(!postgresUrl)('PostgresStore', () => {
//     let db: FreshDatabase;
//     beforeAll(async () => (db = await freshPostgresDatabase()));
//     afterAll(() => db.drop());
//     ...
//   });
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { inject } from 'vitest';

/** URL of the run's `pay_test` database (postgres-global-setup.ts), or null when PostgreSQL is unavailable. */
export const postgresUrl: string | null = inject('postgresUrl');

export interface FreshDatabase {
  /** Connection URL of the new, empty database. */
  url: string;
  /** Drops the database, closing any connection still open on it. */
  drop(): Promise<void>;
}

async function asAdmin<T>(baseUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a uniquely named database next to `baseUrl`'s, so test files running in parallel never see
 * each other's rows. The role of `baseUrl` needs CREATEDB (the throwaway cluster's superuser has it).
 */
export async function freshPostgresDatabase(baseUrl: string | null = postgresUrl): Promise<FreshDatabase> {
  if (!baseUrl)
    throw new Error('PostgreSQL is not available: guard the suite with describe.skipIf(!postgresUrl)');
  // Unquoted-identifier safe: lower case letters, digits and underscores only.
  const name = `pay_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await asAdmin(baseUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // WITH (FORCE) (PostgreSQL 13+) terminates leftover connections, e.g. a pool a test forgot to end.
      await asAdmin(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
