// Group commit on SQLite (server/store/group-commit.ts): the writes of one turn share one COMMIT, each
// answers only once it is durable, and transactions, failures and closing keep everyone else's writes
// right. Every statement SQLite runs is traced, so COMMITs are counted, not guessed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { openStore, SQLITE_FILE } from '../../../server/store/database.ts';
import { GroupCommitSqliteDialect } from '../../../server/store/group-commit.ts';
import { insertRow } from '../../../server/store/prepared.ts';

interface Tables {
  items: { name: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

let dir: string;
let file: string;
let trace: string[];
let db: Kysely<Tables>;
let listeners: ((statement: string) => void)[];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pay-group-commit-'));
  file = join(dir, 'test.sqlite');
  trace = [];
  listeners = [];
  const sqlite = new SqliteDatabase(file, {
    verbose: (statement) => {
      trace.push(String(statement));
      for (const listener of listeners) listener(String(statement));
    },
  });
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`create table items (name text primary key);
    create table parents (id integer primary key);
    create table children (id integer primary key, parent_id integer not null references parents (id));`);
  trace.length = 0;
  db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(sqlite) });
});

afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const commits = () => trace.filter((statement) => statement === 'commit').length;
const insert = (name: string) => db.insertInto('items').values({ name }).execute();
const names = async () =>
  (await db.selectFrom('items').select('name').orderBy('name').execute()).map((row) => row.name);

/** Resolves as soon as SQLite runs a statement starting with `prefix` (before its batch commits). */
function statementRun(prefix: string) {
  return new Promise<void>((resolve) => {
    listeners.push((statement) => {
      if (statement.startsWith(prefix)) resolve();
    });
  });
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((onResolve) => (resolve = onResolve));
  return { promise, resolve };
}

describe('group commit on SQLite', () => {
  it('commits the writes of many concurrent requests in one turn once, and keeps them all', async () => {
    const requests = Array.from({ length: 50 }, (_, index) =>
      insert(`item-${String(index).padStart(2, '0')}`),
    );
    await Promise.all(requests);
    expect(commits()).toBe(1);
    expect(trace.filter((statement) => statement === 'begin immediate')).toHaveLength(1);
    expect(await names()).toHaveLength(50);
  });

  it('answers a write only once it is committed: another connection on the file sees it by then', async () => {
    const reader = new SqliteDatabase(file, { readonly: true });
    try {
      const seen = await insert('durable').then(
        () => reader.prepare('select count(*) as count from items').get() as { count: number },
      );
      expect(seen.count).toBe(1);
      expect(trace.indexOf('commit')).toBeGreaterThan(
        trace.findIndex((statement) => statement.startsWith('insert')),
      );
    } finally {
      reader.close();
    }
  });

  it('answers a read with no batch open at once, outside any transaction', async () => {
    await insert('a');
    trace.length = 0;
    expect(await names()).toEqual(['a']);
    expect(trace).toEqual(['select "name" from "items" order by "name"']);
  });

  it('rejects only the statement that breaks a constraint; the rest of the batch commits', async () => {
    const outcomes = await Promise.allSettled([insert('a'), insert('a'), insert('b')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_PRIMARYKEY' } });
    expect(commits()).toBe(1);
    expect(await names()).toEqual(['a', 'b']);
  });

  it('tells a failing statement only once the batch whose write it collided with is committed', async () => {
    let committedAtFailure: number | undefined;
    const first = insert('a');
    const duplicate = insert('a').catch(() => (committedAtFailure = commits()));
    await Promise.all([first, duplicate]);
    expect(committedAtFailure).toBe(1);
    expect(await names()).toEqual(['a']);
  });

  it('fails every write of a batch that SQLite rolled back as a whole', async () => {
    const outcomes = await Promise.allSettled([
      insert('a'),
      sql`insert or rollback into items (name) values ('a')`.execute(db),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    expect(commits()).toBe(0);
    await insert('b');
    expect(await names()).toEqual(['b']);
  });

  it('rolls back a transaction alone: the other requests of its batch keep their writes', async () => {
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'in-transaction' }).execute();
      throw new Error('changed its mind');
    });
    const outcomes = await Promise.allSettled([insert('before'), transaction, insert('after')]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await names()).toEqual(['after', 'before']);
  });

  it('keeps a statement issued while a transaction awaits out of that transaction', async () => {
    const written = deferred();
    const resume = deferred();
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'in-transaction' }).execute();
      written.resolve();
      await resume.promise;
      throw new Error('changed its mind');
    });
    await written.promise;
    const outside = insert('outside');
    resume.resolve();
    await expect(transaction).rejects.toThrow('changed its mind');
    await outside;
    expect(await names()).toEqual(['outside']);
  });

  it('answers a committed transaction only after its batch committed', async () => {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'a' }).execute();
      expect(commits()).toBe(0);
    });
    expect(commits()).toBe(1);
    expect(await names()).toEqual(['a']);
  });

  it('rejects every waiter of a batch whose COMMIT fails, and the next batch works', async () => {
    const outcomes = await Promise.allSettled([
      insert('a'),
      sql`pragma defer_foreign_keys = on`.execute(db),
      db.insertInto('children').values({ id: 1, parent_id: 42 }).execute(),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(outcomes[0]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' } });
    expect(await names()).toEqual([]);
    await insert('b');
    expect(await names()).toEqual(['b']);
  });

  it('commits a busy turn in bounded batches', async () => {
    await Promise.all(Array.from({ length: 600 }, (_, index) => insert(`item-${index}`)));
    expect(commits()).toBe(2);
    expect(await names()).toHaveLength(600);
  });

  it('commits the pending batch on close', async () => {
    const pending = insert('pending');
    await statementRun('insert');
    await db.destroy();
    await expect(pending).resolves.toBeDefined();
    expect(commits()).toBe(1);
    const reopened = new SqliteDatabase(file, { readonly: true });
    try {
      expect(reopened.prepare('select name from items').all()).toEqual([{ name: 'pending' }]);
    } finally {
      reopened.close();
    }
  });

  it('on close, undoes an open transaction, fails what waits behind it and commits the rest', async () => {
    const written = deferred();
    const resume = deferred();
    const early = insert('early');
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'in-transaction' }).execute();
      written.resolve();
      await resume.promise;
    });
    await written.promise;
    const queued = insert('queued');
    await db.destroy();
    resume.resolve();
    await expect(early).resolves.toBeDefined();
    await expect(queued).rejects.toThrow('the database is closed');
    await expect(transaction).rejects.toThrow('the database is closed');
    const reopened = new SqliteDatabase(file, { readonly: true });
    try {
      expect(reopened.prepare('select name from items').all()).toEqual([{ name: 'early' }]);
    } finally {
      reopened.close();
    }
  });
});

// SQLITE_GROUP_COMMIT picks the store's SQLite driver. Every commit appends at least one frame to the
// write-ahead log, so 20 writes that left fewer than 20 frames shared commits, and 20 or more is what 20
// commits of their own write.
describe('SQLITE_GROUP_COMMIT', () => {
  it('is on unless set to off, and refuses anything else', () => {
    expect(loadConfig({}).sqliteGroupCommit).toBe(true);
    expect(loadConfig({ SQLITE_GROUP_COMMIT: 'on' }).sqliteGroupCommit).toBe(true);
    expect(loadConfig({ SQLITE_GROUP_COMMIT: 'off' }).sqliteGroupCommit).toBe(false);
    expect(() => loadConfig({ SQLITE_GROUP_COMMIT: 'no' })).toThrow(/SQLITE_GROUP_COMMIT/);
  });

  async function framesForTwentyWrites(groupCommit: boolean): Promise<number> {
    const store = await openStore({ dataDir: dir, groupCommit });
    const observer = new SqliteDatabase(join(dir, SQLITE_FILE));
    try {
      observer.pragma('wal_checkpoint(TRUNCATE)'); // an empty log: the migrations' frames are gone
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          insertRow(store.db, 'sandbox_wallets', {
            id: `w-${index}`,
            type: 'deposit',
            country: 'CI',
            currency: 'XOF',
            amount: index,
            status: 'active',
            updated_at: 1,
          }),
        ),
      );
      const [checkpoint] = observer.pragma('wal_checkpoint(PASSIVE)') as { log: number }[];
      return checkpoint?.log ?? -1;
    } finally {
      observer.close();
      await store.close();
    }
  }

  it('on: concurrent writes share commits', async () => {
    const frames = await framesForTwentyWrites(true);
    expect(frames).toBeGreaterThan(0);
    expect(frames).toBeLessThan(20);
  });

  it("off: Kysely's own SqliteDialect commits each write alone", async () => {
    expect(await framesForTwentyWrites(false)).toBeGreaterThanOrEqual(20);
  });
});
