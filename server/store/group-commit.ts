/**
 * Measured gain, `npm run bench` (test/bench/group-commit.ts), its `group commit:` line: the payment run
 * against Kysely's own SqliteDialect, where each write the code does not wrap in a transaction commits
 * alone (SQLITE_GROUP_COMMIT=off), under SQLITE_SYNCHRONOUS=full and normal. It stays while it is at
 * least 1.2x under full, the default (docs/storage.md#queries-and-commits).
 *
 * Group commit for better-sqlite3, below Kysely. On SQLite the COMMIT is what a write costs (the WAL
 * append and, now and then, a checkpoint), while the write itself inside an open transaction costs far
 * less. So every write issued during one event-loop turn, by any number of
 * concurrent requests, joins one transaction (the batch) that commits once, in a `setImmediate` after
 * the turn; each write's promise resolves only once that COMMIT succeeded, so no caller ever acts on a
 * write that could still be lost.
 *
 * Kysely's own SqliteDriver runs every query under one mutex, held from acquiring the connection to
 * releasing it. With writes that resolve only after a deferred commit, that mutex would make each write
 * its own batch, so this driver has none for plain statements. What must still be kept apart:
 * - A Kysely transaction is a SAVEPOINT inside the batch. While it is open across awaits, a statement of
 *   anyone else would land inside it and be rolled back with it: such statements queue until it ends,
 *   and so do other transactions (one at a time, as before). The batch cannot commit meanwhile either
 *   (COMMIT would commit the half-done transaction): it commits when the transaction ends.
 * - A read while no batch is open runs alone in autocommit and answers at once. A read while a batch is
 *   open may see that batch's writes, which are not durable yet: it joins the batch and answers after
 *   the COMMIT, like a write. So does a statement that fails (a unique key taken by a write of the
 *   batch), so nobody acts on a write that could still be rolled back.
 */
import type SqliteDatabase from 'better-sqlite3';
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';

/** A batch commits early at this many statements, so a busy turn cannot grow it (and its waiters) unbounded. */
const BATCH_LIMIT = 500;
/** One Kysely transaction is open at a time, so one fixed name serves. */
const SAVEPOINT = 'kysely_transaction';

/** What the driver uses of a better-sqlite3 connection (database.ts hands it one with cached statements). */
export type SqliteHandle = Pick<SqliteDatabase.Database, 'prepare' | 'close' | 'inTransaction'>;

export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #sqlite: SqliteHandle;
  constructor(sqlite: SqliteHandle) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }
  override createDriver(): Driver {
    return new GroupCommitDriver(this.#sqlite);
  }
}

/** The writes of one turn: one BEGIN IMMEDIATE, one COMMIT, and everyone waiting for that COMMIT. */
interface Batch {
  statements: number;
  readonly committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** Work held back while a transaction is open; `start` runs it once the transaction has ended. */
interface Waiter {
  start(): void;
  fail(error: unknown): void;
}

/**
 * Kysely asks for a connection per query or transaction; each gets its own lightweight object, so a
 * transaction's statements can be told from everyone else's by identity.
 */
class GroupCommitConnection implements DatabaseConnection {
  readonly #driver: GroupCommitDriver;
  constructor(driver: GroupCommitDriver) {
    this.#driver = driver;
  }
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute(this, query) as Promise<QueryResult<R>>;
  }
  /** Read whole, then handed out row by row: an open iterator would lock the one SQLite connection. */
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (const row of rows) yield { rows: [row] };
  }
}

class GroupCommitDriver implements Driver {
  readonly #sqlite: SqliteHandle;
  #batch: Batch | undefined;
  /** The connection whose Kysely transaction is open. */
  #owner: DatabaseConnection | undefined;
  /** SQLite rolled back the whole batch under the open transaction (see #run). */
  #ownerLost = false;
  /** The batch was due to commit while a transaction was open: it commits as soon as that ends. */
  #commitDue = false;
  readonly #waiting: Waiter[] = [];
  #closed = false;

  constructor(sqlite: SqliteHandle) {
    this.#sqlite = sqlite;
  }

  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }
  async releaseConnection(): Promise<void> {}

  execute(connection: DatabaseConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (this.#closed) return Promise.reject(closedError());
    if (this.#owner === connection) {
      // Inside its own savepoint: the transaction answers at once and waits for the batch at its commit.
      if (this.#ownerLost) return Promise.reject(new Error('the transaction was rolled back by SQLite'));
      try {
        return Promise.resolve(this.#run(this.#sqlite.prepare(query.sql), query));
      } catch (error) {
        return Promise.reject(error);
      }
    }
    if (!this.#owner) return this.#executePlain(query);
    return new Promise((resolve, reject) =>
      this.#waiting.push({ start: () => resolve(this.#executePlain(query)), fail: reject }),
    );
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#closed) throw closedError();
    if (this.#owner) {
      await new Promise<void>((resolve, reject) =>
        this.#waiting.push({
          start: () => {
            this.#owner = connection;
            resolve();
          },
          fail: reject,
        }),
      );
    } else {
      this.#owner = connection;
    }
    try {
      this.#openBatch();
      this.#exec(`savepoint ${SAVEPOINT}`);
    } catch (error) {
      this.#endTransaction();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#closed) throw closedError();
    if (this.#owner !== connection) throw new Error('commit of a transaction that is not open');
    const batch = this.#batch;
    if (this.#ownerLost || !batch) {
      this.#endTransaction();
      throw new Error('the transaction was rolled back by SQLite');
    }
    this.#exec(`release ${SAVEPOINT}`);
    this.#endTransaction();
    await batch.committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    // Kysely also rolls back after a failed commit (or a close): the transaction has ended already then.
    if (this.#owner !== connection) return;
    try {
      if (!this.#ownerLost && this.#batch) this.#undoTransaction();
    } finally {
      this.#endTransaction();
    }
  }

  /**
   * Never waits for anyone: what waits behind an open transaction fails, the open transaction is undone
   * (its next step fails), and the batch commits, so its waiters are answered either way.
   */
  async destroy(): Promise<void> {
    this.#closed = true;
    for (const waiter of this.#waiting.splice(0)) waiter.fail(closedError());
    if (this.#owner && !this.#ownerLost && this.#batch) this.#undoTransaction();
    this.#owner = undefined;
    if (this.#batch) this.#commit(this.#batch);
    this.#sqlite.close();
  }

  #executePlain(query: CompiledQuery): Promise<QueryResult<unknown>> {
    try {
      const statement = this.#sqlite.prepare(query.sql);
      if (!this.#batch && statement.readonly) return Promise.resolve(this.#run(statement, query));
      const batch = this.#openBatch();
      let result: QueryResult<unknown>;
      try {
        result = this.#run(statement, query);
      } catch (error) {
        // Only this statement was undone, but its failure may stem from another request's write that is
        // not durable yet (a unique key): like a success, it is told once the batch's outcome is known.
        if (this.#batch !== batch) throw error;
        const failed = () => Promise.reject(error instanceof Error ? error : new Error(String(error)));
        return batch.committed.then(failed, failed);
      }
      batch.statements += 1;
      if (batch.statements >= BATCH_LIMIT) this.#commit(batch);
      return batch.committed.then(() => result);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #run(statement: SqliteDatabase.Statement, query: CompiledQuery): QueryResult<unknown> {
    const parameters = query.parameters as unknown[];
    try {
      if (statement.reader) return { rows: statement.all(parameters) };
      const { changes, lastInsertRowid } = statement.run(parameters);
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } catch (error) {
      // A failing statement normally undoes only itself (ABORT: constraints and the like) and the batch
      // goes on. A few failures (OR ROLLBACK, a full disk, I/O errors) roll back the whole transaction:
      // everyone in the batch must then learn that their writes are gone.
      const batch = this.#batch;
      if (batch && !this.#sqlite.inTransaction) this.#abandon(batch, error);
      throw error;
    }
  }

  #openBatch(): Batch {
    if (this.#batch) return this.#batch;
    this.#exec('begin immediate');
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const committed = new Promise<void>((onCommit, onFailure) => {
      resolve = onCommit;
      reject = onFailure;
    });
    // A batch whose only user was a transaction that rolled back has nobody awaiting it.
    committed.catch(() => {});
    const batch: Batch = { statements: 0, committed, resolve, reject };
    this.#batch = batch;
    setImmediate(() => this.#commit(batch));
    return batch;
  }

  #commit(batch: Batch) {
    if (this.#batch !== batch) return; // committed early, or abandoned
    if (this.#owner) {
      this.#commitDue = true;
      return;
    }
    this.#batch = undefined;
    this.#commitDue = false;
    try {
      this.#exec('commit');
    } catch (error) {
      // E.g. a deferred foreign key still violated: the COMMIT fails and the transaction stays open.
      try {
        if (this.#sqlite.inTransaction) this.#exec('rollback');
      } finally {
        batch.reject(error);
      }
      return;
    }
    batch.resolve();
  }

  /** SQLite rolled the batch back: its waiters fail, and so does the open transaction's next step. */
  #abandon(batch: Batch, error: unknown) {
    this.#batch = undefined;
    this.#commitDue = false;
    if (this.#owner) this.#ownerLost = true;
    batch.reject(new Error('the batch of writes was rolled back', { cause: error }));
  }

  /** Commits the batch if it fell due meanwhile, then lets the held-back work in, in arrival order. */
  #endTransaction() {
    this.#owner = undefined;
    this.#ownerLost = false;
    if (this.#commitDue && this.#batch) this.#commit(this.#batch);
    // Each start runs its statement now (or takes ownership, which stops the loop): nobody can slip in.
    while (!this.#owner && this.#waiting.length > 0) this.#waiting.shift()?.start();
  }

  #undoTransaction() {
    this.#exec(`rollback to ${SAVEPOINT}`);
    this.#exec(`release ${SAVEPOINT}`);
  }

  #exec(source: string) {
    this.#sqlite.prepare(source).run();
  }
}

function closedError() {
  return new Error('the database is closed');
}
