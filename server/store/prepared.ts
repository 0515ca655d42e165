/**
 * Query shapes compiled once. Kysely builds an operation tree and compiles it to SQL on every call, which
 * on our 2-core machines costs 50 to 100 µs for a select by key or an insert of a full row: more than
 * SQLite takes to run it. The hot paths (a payment's lifecycle, a webhook's ingest, the sandbox's charge)
 * run a handful of fixed shapes, so each is built once with placeholders and afterwards only its values
 * change. The SQL is still Kysely's, for whichever engine the executor talks to; values are always bound
 * parameters, never spliced into the text.
 *
 *     const byReference = prepared((db, reference: string) =>
 *       db.selectFrom('payments').selectAll().where('reference', '=', reference));
 *     const row = await first(byReference(db, 'PAY-...'));
 */
import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.ts';

type Executor = Kysely<Database>;

/** SQL text and, per parameter, the argument it takes (a number) or the constant it keeps. */
interface Shape {
  sql: string;
  parameters: readonly ({ argument: number } | { constant: unknown })[];
}

/**
 * The engine an executor compiles for. Transactions are new objects each time but share their parent's
 * adapter, so this keys the cache by engine, not by connection. (`getExecutor` is marked internal in
 * Kysely; the version is pinned, and every prepared query runs in the suite on both engines.)
 */
const engineOf = (db: Executor): object => db.getExecutor().adapter.constructor;

/** Runs compiled SQL on a store's driver without Kysely's executor in between. */
export type DirectExecutor = (sql: string, parameters: readonly unknown[]) => Promise<QueryResult<unknown>>;
const directExecutors = new WeakMap<Executor, DirectExecutor>();

/**
 * A store whose driver can take SQL straight (SQLite's group commit, database.ts) registers it here.
 * Kysely's executor around a query (connection provider, acquire and release, result transforms, each
 * a layer of promises) costs more than the driver's own work for our small statements; with no plugins
 * configured it adds nothing to the result. Only the root Kysely instance is registered: a transaction
 * is another instance, so its statements keep going through its own connection.
 */
export function registerDirectExecutor(db: Executor, execute: DirectExecutor): void {
  directExecutors.set(db, execute);
}

/**
 * A placeholder for an argument while the shape is built: its position behind a Unicode noncharacter,
 * which no constant written in our queries contains. Real values are never compared with it.
 */
const hole = (index: number) => `\uFDD0argument:${index}`;
const HOLE = /^\uFDD0argument:(\d+)$/;

function compileShape(compiled: CompiledQuery, arity: number): Shape {
  const seen = new Set<number>();
  const parameters = compiled.parameters.map((value) => {
    const match = typeof value === 'string' ? HOLE.exec(value) : null;
    if (!match) return { constant: value };
    const argument = Number(match[1]);
    seen.add(argument);
    return { argument };
  });
  // An argument the query never binds (used in a condition's shape, say) would be silently ignored.
  if (seen.size !== arity)
    throw new Error(`prepared query: an argument is not a bound value in ${compiled.sql}`);
  return { sql: compiled.sql, parameters };
}

/**
 * A query built once per engine from `build`, then run with new values. `build` must only pass its
 * arguments on as values (where, set, values, limit...), never branch on them: it runs once, with
 * placeholders.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Executor, ...args: Args) => Compilable<Row>,
): (db: Executor, ...args: Args) => Promise<QueryResult<Row>> {
  const shapes = new Map<object, Shape>();
  return (db, ...args) => {
    const engine = engineOf(db);
    let shape = shapes.get(engine);
    if (!shape) {
      const holes = args.map((_, index) => hole(index)) as Args;
      try {
        shape = compileShape(build(db, ...holes).compile(), args.length);
      } catch (error) {
        return Promise.reject(error);
      }
      shapes.set(engine, shape);
    }
    const values = shape.parameters.map((parameter) =>
      'argument' in parameter ? args[parameter.argument] : parameter.constant,
    );
    const direct = directExecutors.get(db);
    if (direct) return direct(shape.sql, values) as Promise<QueryResult<Row>>;
    return db.executeQuery(CompiledQuery.raw(shape.sql, values) as CompiledQuery<Row>);
  };
}

/** The first row of a prepared select, like Kysely's `executeTakeFirst`. */
export async function first<Row>(result: Promise<QueryResult<Row>>): Promise<Row | undefined> {
  return (await result).rows[0];
}

/** Rows a prepared insert, update or delete changed (Kysely's numInserted/Updated/DeletedRows). */
export async function changed(result: Promise<QueryResult<unknown>>): Promise<number> {
  return Number((await result).numAffectedRows ?? 0n);
}

type Table = keyof Database & string;

/**
 * The row helpers take any table's row as a plain object: the caller's row is typed by its own table,
 * and one function for every table costs this one cast to a schema of untyped columns.
 */
const untyped = (db: Executor) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/**
 * `insert into table (...) values (...)` for a whole row object, compiled once per table, engine and set
 * of columns: the same SQL Kysely's `insertInto(table).values(row)` writes. Columns whose value is
 * `undefined` are left out, as Kysely leaves them out. `ignoreConflictOn` adds
 * `on conflict (column) do nothing`; the result's numAffectedRows is then 0 for a conflict.
 */
export function insertRow(
  db: Executor,
  table: Table,
  rowObject: object,
  ignoreConflictOn?: string,
): Promise<QueryResult<never>> {
  const row = rowObject as Record<string, unknown>;
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const key = `${table}\u0000${ignoreConflictOn ?? ''}\u0000${columns.join(',')}`;
  let query = rowInserts.get(key);
  if (!query) {
    query = prepared((executor, ...values: unknown[]) => {
      const placeholders = Object.fromEntries(columns.map((column, index) => [column, values[index]]));
      const insert = untyped(executor).insertInto(table).values(placeholders);
      return ignoreConflictOn
        ? insert.onConflict((conflict) => conflict.column(ignoreConflictOn).doNothing())
        : insert;
    });
    rowInserts.set(key, query);
  }
  return query(db, ...columns.map((column) => row[column])) as Promise<QueryResult<never>>;
}
const rowInserts = new Map<string, (db: Executor, ...values: unknown[]) => Promise<QueryResult<unknown>>>();

/**
 * `update table set ... where a = ? and b = ?`, compiled once per table, engine, set columns and where
 * columns (undefined values are left out of `set`, as Kysely does). Answers the rows changed.
 */
export function updateWhere(
  db: Executor,
  table: Table,
  setObject: object,
  whereObject: object,
): Promise<number> {
  const set = setObject as Record<string, unknown>;
  const where = whereObject as Record<string, unknown>;
  const columns = Object.keys(set).filter((column) => set[column] !== undefined);
  const conditions = Object.keys(where);
  const key = `${table}\u0000${columns.join(',')}\u0000${conditions.join(',')}`;
  let query = rowUpdates.get(key);
  if (!query) {
    query = prepared((executor, ...values: unknown[]) => {
      const assignments = Object.fromEntries(columns.map((column, index) => [column, values[index]]));
      let update = untyped(executor).updateTable(table).set(assignments);
      conditions.forEach((column, index) => {
        update = update.where(column, '=', values[columns.length + index]);
      });
      return update;
    });
    rowUpdates.set(key, query);
  }
  const values = [...columns.map((column) => set[column]), ...conditions.map((column) => where[column])];
  return changed(query(db, ...values));
}
const rowUpdates = new Map<string, (db: Executor, ...values: unknown[]) => Promise<QueryResult<unknown>>>();
