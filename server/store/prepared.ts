/**
 * Query shapes compiled once. Kysely builds an operation tree and compiles it to SQL on every call; the
 * hot paths (a payment's lifecycle, a webhook's ingest, the sandbox's charge) run a handful of fixed
 * shapes, so each is built once with placeholders and afterwards only its values change. The SQL is still
 * Kysely's, for whichever dialect the instance compiles to, and it runs through Kysely's public
 * `executeQuery`, so plugins and logging see it; values are always bound parameters, never spliced in.
 *
 * Measured gain: `node --import tsx test/bench/prepared-cost.ts` prints, per shape and engine, the
 * prepared and the built-each-time cost. On SQLite it is a large share of a select by key and more of a
 * whole-row insert; on PostgreSQL a small share of the round trip.
 *
 *     const byReference = prepared((db, reference: string) =>
 *       db.selectFrom('payments').selectAll().where('reference', '=', reference));
 *     const row = await first(byReference(db, 'PAY-...'));
 */
import {
  CompiledQuery,
  sql,
  type Compilable,
  type Insertable,
  type Kysely,
  type QueryResult,
  type Selectable,
  type Updateable,
} from 'kysely';
import type { Database } from './schema.ts';

type Executor = Kysely<Database>;

/** SQL text and, per parameter, the argument it takes (a number) or the constant it keeps. */
interface Shape {
  sql: string;
  parameters: readonly ({ argument: number } | { constant: unknown })[];
}

/**
 * What a Kysely instance compiles to, told by the SQL of a one-reference, one-value probe (SQLite
 * `"x" = ?`, PostgreSQL `"x" = $1`): the shapes are cached per dialect, not per connection, since a
 * transaction is a new instance every time but compiles as its parent does. Remembered per instance, so a
 * root instance compiles the probe once and a transaction once in its life.
 */
const dialects = new WeakMap<Executor, string>();
function dialectOf(db: Executor): string {
  let dialect = dialects.get(db);
  if (dialect === undefined) {
    dialect = sql`${sql.ref('x')} = ${0}`.compile(db).sql;
    dialects.set(db, dialect);
  }
  return dialect;
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
  const shapes = new Map<string, Shape>();
  return (db, ...args) => {
    const dialect = dialectOf(db);
    let shape = shapes.get(dialect);
    if (!shape) {
      const holes = args.map((_, index) => hole(index)) as Args;
      try {
        shape = compileShape(build(db, ...holes).compile(), args.length);
      } catch (error) {
        return Promise.reject(error);
      }
      shapes.set(dialect, shape);
    }
    const values = shape.parameters.map((parameter) =>
      'argument' in parameter ? args[parameter.argument] : parameter.constant,
    );
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
 * `Given`, refused when it has a key that is not a column of `Row`. Kysely's `Insertable`/`Updateable`
 * alone catch a misspelt column only in an object literal written at the call; this also catches it in a
 * row built beforehand and passed as a variable.
 */
type ColumnsOf<Row, Given> = Given & Record<Exclude<keyof Given, keyof Row>, never>;

/**
 * The helpers build the SQL from whichever columns the caller's row holds, which Kysely's types cannot
 * follow: the row is checked against its table at the call (above), and the query is built on this view
 * of the schema with untyped columns.
 */
const untyped = (db: Executor) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/**
 * `insert into table (...) values (...)` for a whole row object, compiled once per table, engine and set
 * of columns: the same SQL Kysely's `insertInto(table).values(row)` writes. Columns whose value is
 * `undefined` are left out, as Kysely leaves them out. `ignoreConflictOn` adds
 * `on conflict (column) do nothing`; the result's numAffectedRows is then 0 for a conflict.
 */
export function insertRow<T extends Table, Row extends Insertable<Database[T]>>(
  db: Executor,
  table: T,
  rowObject: ColumnsOf<Database[T], Row>,
  ignoreConflictOn?: keyof Database[T] & string,
): Promise<QueryResult<never>> {
  const name: string = table;
  const row: Record<string, unknown> = rowObject;
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  const key = `${table}\u0000${ignoreConflictOn ?? ''}\u0000${columns.join(',')}`;
  let query = rowInserts.get(key);
  if (!query) {
    query = prepared((executor, ...values: unknown[]) => {
      const placeholders = Object.fromEntries(columns.map((column, index) => [column, values[index]]));
      const insert = untyped(executor).insertInto(name).values(placeholders);
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
export function updateWhere<
  T extends Table,
  Set extends Updateable<Database[T]>,
  Where extends Partial<Selectable<Database[T]>>,
>(
  db: Executor,
  table: T,
  setObject: ColumnsOf<Database[T], Set>,
  whereObject: ColumnsOf<Database[T], Where>,
): Promise<number> {
  const name: string = table;
  const set: Record<string, unknown> = setObject;
  const where: Record<string, unknown> = whereObject;
  const columns = Object.keys(set).filter((column) => set[column] !== undefined);
  const conditions = Object.keys(where);
  const key = `${table}\u0000${columns.join(',')}\u0000${conditions.join(',')}`;
  let query = rowUpdates.get(key);
  if (!query) {
    query = prepared((executor, ...values: unknown[]) => {
      const assignments = Object.fromEntries(columns.map((column, index) => [column, values[index]]));
      let update = untyped(executor).updateTable(name).set(assignments);
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
