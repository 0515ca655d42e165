/**
 * Serialising payment creation per link: a link's `remaining` counts our own in-flight
 * payments, so two payers racing for the last 15,000 must be decided one after the other: each re-reads
 * `remaining` and stores its payment row inside the lock, so the second one sees the first.
 *
 * In-process, a promise chain per key does it (SQLite serves one process). With PostgreSQL several
 * instances share the database, so the work also runs in a transaction holding a transaction-scoped
 * advisory lock on the key; committing the new payment row and releasing the lock are then one step.
 * Such a transaction holds a pool connection while the work reads `remaining` through another one, so
 * at most a few run at once: a pool full of lock holders each waiting for a second connection would
 * otherwise wait forever.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Engine } from '../store/engine.ts';
import type { Database } from '../store/schema.ts';

export type Executor = Kysely<Database> | Transaction<Database>;

/** Advisory-lock namespace of payment creation (the first of the two int4 lock keys). */
const CHECKOUT_LOCK_CLASS = 0x70617921;
/** Lock transactions open at once per instance: under half the store's pool of 10 connections. */
const MAX_LOCK_TRANSACTIONS = 4;

export interface CheckoutLock {
  /** Runs `work` alone for `key`; `work` writes through the executor it is given. */
  run<T>(key: string, work: (db: Executor) => Promise<T>): Promise<T>;
}

export function createCheckoutLock(db: Kysely<Database>, engine: Engine): CheckoutLock {
  const tails = new Map<string, Promise<unknown>>();

  function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    tails.set(key, tail);
    // The last one out forgets the key, so the map holds only keys with work queued.
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return result;
  }

  let open = 0;
  const waiting: (() => void)[] = [];
  async function bounded<T>(work: () => Promise<T>): Promise<T> {
    // A finishing holder hands its slot straight to the next waiter, so no newcomer can slip in between.
    if (open >= MAX_LOCK_TRANSACTIONS) await new Promise<void>((resolve) => waiting.push(resolve));
    else open += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else open -= 1;
    }
  }

  return {
    run(key, work) {
      if (engine !== 'postgres') return serialised(key, () => work(db));
      return serialised(key, () =>
        bounded(() =>
          db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(${CHECKOUT_LOCK_CLASS}, hashtext(${key}))`.execute(trx);
            return work(trx);
          }),
        ),
      );
    },
  };
}
