/**
 * State that several instances on one PostgreSQL must share so they behave as one server: the console's
 * sessions (a login on one instance is valid on all, and survives a restart) and the rate limits'
 * counters (N instances allow the limit once, not N times). SQLite serves one process, which counts its
 * rate limits in memory, so `rate_limit_windows` stays empty there; it exists on both engines to keep one
 * set of migrations.
 */
import type { Kysely, Migration } from 'kysely';

export const sharedStateTables: Migration = {
  async up(db: Kysely<unknown>) {
    // Keyed on the SHA-256 of the session id: the table never holds a cookie that would open the console.
    await db.schema
      .createTable('console_sessions')
      .addColumn('id_hash', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('console_sessions_by_expiry')
      .on('console_sessions')
      .column('expires_at')
      .execute();

    // One row per limited key (`scope:key`), holding the count of its current fixed window.
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('window_start', 'bigint', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('rate_limit_windows_by_expiry')
      .on('rate_limit_windows')
      .column('expires_at')
      .execute();
  },
};
