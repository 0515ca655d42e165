/**
 * Opens the one database the backend and the embedded sandbox share: better-sqlite3 (a file under
 * DATA_DIR, WAL) by default, or PostgreSQL when a DATABASE_URL is given. Everything above this file
 * talks Kysely and never asks which engine it is, except through `Store.engine`.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema.ts';
import { GroupCommitSqliteDialect, type SqliteHandle } from './group-commit.ts';
import { migrateToLatest } from './migrate.ts';

import type { Engine } from './engine.ts';

export type { Engine } from './engine.ts';

export interface Store {
  readonly db: Kysely<Database>;
  readonly engine: Engine;
  /** Closes the pool or the file; the store is unusable afterwards. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `postgres://...` selects PostgreSQL; anything else is ignored in favour of SQLite. */
  databaseUrl?: string | undefined;
  /** Directory of the SQLite file (created when missing). */
  dataDir?: string | undefined;
  /** Use an in-memory SQLite database (tests). */
  memory?: boolean;
  /**
   * SQLite's `synchronous` (WAL mode): `full` (default) syncs the log at every commit, so an answered
   * write survives a power loss; `normal` syncs only at checkpoints, so a power loss can undo the last
   * commits (a crash of the process alone cannot).
   */
  synchronous?: SqliteSynchronous | undefined;
  /**
   * SQLite: the writes of one event-loop turn share one COMMIT (group-commit.ts; the default), or, when
   * false, Kysely's own SqliteDialect commits each write alone (SQLITE_GROUP_COMMIT=off: the bench's
   * comparison, and a way out should the batching driver ever be suspected).
   */
  groupCommit?: boolean | undefined;
}

type SqliteSynchronous = 'full' | 'normal';

/** The SQLite file inside DATA_DIR. */
export const SQLITE_FILE = 'pay-checkout.sqlite';

// PostgreSQL answers bigint (int8) and SUM over bigint (numeric) as strings so no precision is lost.
// Our money and timestamps are integers far below 2^53, so this is the one place they become numbers;
// a value that would not fit is refused loudly rather than rounded.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
function parseSafeInteger(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`database integer out of safe range: ${text}`);
  return value;
}
function pgTypes(types: typeof pg.types) {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === PG_INT8 || oid === PG_NUMERIC) return parseSafeInteger;
      return types.getTypeParser(oid, format);
    },
  };
}

export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const store = options.databaseUrl?.startsWith('postgres')
    ? await openPostgres(options.databaseUrl)
    : openSqlite(options);
  try {
    await migrateToLatest(store.db, store.engine);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * Writes share one COMMIT per event-loop turn (group-commit.ts) unless `groupCommit` is false: the
 * commit is what a SQLite write costs.
 */
function openSqlite(options: StoreOptions): Store {
  let file = ':memory:';
  if (!options.memory) {
    const dir = options.dataDir ?? '.data';
    mkdirSync(dir, { recursive: true });
    file = join(dir, SQLITE_FILE);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous === 'normal' ? 'NORMAL' : 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const connection = withStatementCache(sqlite);
  const dialect =
    options.groupCommit === false
      ? new SqliteDialect({ database: connection })
      : new GroupCommitSqliteDialect(connection);
  const db = new Kysely<Database>({ dialect });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/**
 * The connection as the drivers see it, each statement prepared once per SQL text. Kysely prepares every
 * query afresh, and preparing costs more than running for our small queries (a select of a whole payment
 * by key costs several times as much uncached: `node --import tsx test/bench/prepared-cost.ts`). Our SQL
 * comes from a fixed set of query shapes (values are bound, never
 * inlined), so reusing a statement per SQL text is safe; better-sqlite3 runs them synchronously, one at a
 * time. Kysely's SqliteDialect takes any object with `prepare` and `close` (its SqliteDatabase interface).
 */
const STATEMENT_CACHE_LIMIT = 1000;
function withStatementCache(sqlite: SqliteDatabase.Database): SqliteHandle {
  const statements = new Map<string, SqliteDatabase.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
      statement = sqlite.prepare(source);
      statements.set(source, statement);
    }
    return statement;
  };
  return {
    prepare: prepare as SqliteHandle['prepare'],
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
  };
}

/** `pg` is loaded only here: a SQLite process never pays for the driver (memory, start-up). */
async function openPostgres(connectionString: string): Promise<Store> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: 10, types: pgTypes(pg.types) });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error('[store] idle PostgreSQL client error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}
