/**
 * Where rate limits keep their counts: one counter per limited key (`scope:key`) and window, judged by the
 * sliding window of sliding-window.ts.
 *
 * - SQLite (one process): in memory. Nothing to share, and a limit is a shield against bursts rather
 *   than an accounting record, so it costs no database write.
 * - PostgreSQL (one or several instances): rows of `rate_limit_windows` (one per key and window), so N
 *   instances behind a balancer allow each limit about once, not N times. Two ways to count there:
 *   - `exact`, for the few hits that gate costly or sensitive work (a payment creation, an SMS to a
 *     phone, an upload, a console login): one atomic upsert per hit, the round trip being small beside
 *     the work it guards.
 *   - batched, for the limits every request pays (per IP, per payment): each instance counts in memory
 *     against the totals it last read, and at most every `syncMs` one request adds the instance's
 *     admitted hits to the store in one statement and reads back the totals. A request costs no round
 *     trip; the price is a bounded overshoot: each instance judges on totals up to `syncMs` old, so
 *     with N instances a burst that lands within one sync interval can be admitted up to N times the
 *     limit, and a steady stream gets the limit plus what the other instances admitted in that interval.
 *
 * Cost, measured with test/bench/limited-read.ts (docs/decisions/rate-limits.md): the warm link read on
 * PostgreSQL with limits on costs about what it costs with them off, against a database round trip per
 * request when every hit was upserted.
 */
import { sql, type Kysely } from 'kysely';
import type { RateLimit } from '../config.ts';
import type { Store } from '../store/database.ts';
import type { Database } from '../store/schema.ts';
import { admits, msUntilAdmitted, windowOf, type WindowCounts } from './sliding-window.ts';

export type Verdict = { admitted: true } | { admitted: false; retryAfterMs: number };

export interface RateCounter {
  /**
   * Counts one hit of `id` at `now` if `limit` admits it. `exact`: counted against the shared total at
   * once (a round trip on PostgreSQL); otherwise the counter may judge on a recent local view.
   */
  take(id: string, limit: RateLimit, now: number, exact: boolean): Verdict | Promise<Verdict>;
}

/** The counter the store's engine calls for: shared on PostgreSQL, per process on SQLite. */
export function rateCounterFor(store: Store, syncMs: number): RateCounter {
  return store.engine === 'postgres' ? storedRateCounter(store.db, syncMs) : memoryRateCounter();
}

/** A counter's row: the key, the start of its window. Rows live two windows: their own and the next. */
const rowId = (id: string, start: number) => `${id}@${start}`;

function verdict(counts: WindowCounts, limit: RateLimit, now: number): Verdict {
  return admits(counts, limit, now)
    ? { admitted: true }
    : { admitted: false, retryAfterMs: msUntilAdmitted(counts, limit, now) };
}

/** Past this many live rows, rows whose two windows have passed are swept. */
const SWEEP_THRESHOLD = 10_000;

interface TallyRow {
  /** The total in the store when last read (always 0 in memory alone). */
  stored: number;
  /** Hits admitted here and not yet added to the store. */
  unsent: number;
  windowStart: number;
  /** When the row stops mattering: the end of the window after its own. */
  expiresAt: number;
}

/** Counts per row in this process: the memory counter's whole state, the batched counter's local view. */
class Tally {
  readonly rows = new Map<string, TallyRow>();
  /** Rows hit since the last sync, whose totals the next sync adds to and reads back. */
  readonly dirty = new Set<string>();
  #nextSweepAt = SWEEP_THRESHOLD;

  counts(id: string, limit: RateLimit, now: number): { counts: WindowCounts; current: string; previous: string } {
    const { start, length } = windowOf(limit, now);
    const current = rowId(id, start);
    const previous = rowId(id, start - length);
    return { counts: { previous: this.#total(previous), current: this.#total(current) }, current, previous };
  }

  add(row: string, windowStart: number, expiresAt: number, now: number) {
    let entry = this.rows.get(row);
    if (!entry) {
      if (this.rows.size >= this.#nextSweepAt) this.#sweep(now);
      entry = { stored: 0, unsent: 0, windowStart, expiresAt };
      this.rows.set(row, entry);
    }
    entry.unsent += 1;
  }

  #total(row: string): number {
    const entry = this.rows.get(row);
    return entry ? entry.stored + entry.unsent : 0;
  }

  #sweep(now: number) {
    for (const [row, entry] of this.rows)
      if (entry.expiresAt <= now && entry.unsent === 0 && !this.dirty.has(row)) this.rows.delete(row);
    this.#nextSweepAt = Math.max(SWEEP_THRESHOLD, this.rows.size * 2);
  }
}

/** Counts one hit on `tally` alone; synchronous. */
function takeLocally(tally: Tally, id: string, limit: RateLimit, now: number): Verdict {
  const { counts, current, previous } = tally.counts(id, limit, now);
  const answer = verdict(counts, limit, now);
  if (answer.admitted) {
    const { start, length } = windowOf(limit, now);
    tally.add(current, start, start + 2 * length, now);
    tally.dirty.add(current);
    // The previous window's total is read back too, so the weight it carries is everyone's hits.
    if (tally.rows.has(previous)) tally.dirty.add(previous);
  }
  return answer;
}

function memoryRateCounter(): RateCounter {
  const tally = new Tally();
  return {
    take(id, limit, now) {
      const answer = takeLocally(tally, id, limit, now);
      tally.dirty.clear(); // nothing to sync to
      return answer;
    },
  };
}

/**
 * The PostgreSQL counter: exact hits upserted one by one, the others counted locally and synced in
 * batches (see the file's header). Writes commit with `synchronous_commit` off: a counter lost in a crash
 * hands out at most one window's allowance again, which does not justify a WAL flush per hit.
 * (set_config sits in the FROM so that it runs before the rows are written.)
 */
export function storedRateCounter(db: Kysely<Database>, syncMs: number): RateCounter & { sync(now: number): Promise<void> } {
  const tally = new Tally();
  let lastSync = Number.NEGATIVE_INFINITY;
  let syncing: Promise<void> | null = null;

  async function sync(now: number): Promise<void> {
    lastSync = now;
    const rows = [...tally.dirty].sort(); // one lock order for every instance's batch: no deadlock
    tally.dirty.clear();
    if (rows.length === 0) return;
    const entries = rows.map((row) => tally.rows.get(row) ?? { stored: 0, unsent: 0, windowStart: 0, expiresAt: now });
    const sent = entries.map((entry) => entry.unsent);
    for (const entry of entries) entry.unsent = 0;
    try {
      const { rows: totals } = await sql<{ id: string; count: number }>`
        insert into rate_limit_windows as w (id, window_start, count, expires_at)
        select batch.id, batch.window_start, batch.hits, batch.expires_at
        from unnest(
            ${rows}::text[],
            ${entries.map((entry) => entry.windowStart)}::bigint[],
            ${sent}::int[],
            ${entries.map((entry) => entry.expiresAt)}::bigint[]
          ) as batch(id, window_start, hits, expires_at),
          (select set_config('synchronous_commit', 'off', true)) as relaxed
        on conflict (id) do update set count = w.count + excluded.count
        returning w.id, w.count`.execute(db);
      for (const { id, count } of totals) {
        const entry = tally.rows.get(id);
        // Hits admitted while the batch was out stay unsent, on top of the total read back.
        if (entry) entry.stored = count;
      }
    } catch (error) {
      // Not counted yet: the next sync sends them again.
      rows.forEach((row, index) => {
        const entry = tally.rows.get(row);
        if (entry) entry.unsent += sent[index] ?? 0;
        tally.dirty.add(row);
      });
      throw error;
    }
  }

  async function takeExactly(id: string, limit: RateLimit, now: number): Promise<Verdict> {
    const { start, length } = windowOf(limit, now);
    const current = rowId(id, start);
    const { rows } = await sql<{ current: number; previous: number | null }>`
      with hit as (
        insert into rate_limit_windows as w (id, window_start, count, expires_at)
        select ${current}::text, ${start}::bigint, 1, ${start + 2 * length}::bigint
        from (select set_config('synchronous_commit', 'off', true)) as relaxed
        on conflict (id) do update set count = w.count + 1
        returning w.count)
      select (select count from hit) as current,
        (select count from rate_limit_windows where id = ${rowId(id, start - length)}) as previous`.execute(db);
    // Judged on the counts before this hit: concurrent hits each see their own place in the order.
    const counts = { previous: rows[0]?.previous ?? 0, current: (rows[0]?.current ?? 1) - 1 };
    const answer = verdict(counts, limit, now);
    // Only admitted hits count: a refused one is taken back.
    if (!answer.admitted)
      await sql`update rate_limit_windows set count = count - 1 where id = ${current}`.execute(db);
    return answer;
  }

  return {
    sync,
    async take(id, limit, now, exact) {
      if (exact || syncMs === 0) return takeExactly(id, limit, now);
      // The request that finds the last sync too old carries the next one; the others go on locally.
      if (!syncing && now - lastSync >= syncMs) {
        syncing = sync(now).finally(() => (syncing = null));
        await syncing;
      }
      return takeLocally(tally, id, limit, now);
    },
  };
}

/** Deletes counters whose window and the one after it have ended; run on a schedule. Answers how many went. */
export async function purgeEndedRateLimitWindows(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('rate_limit_windows').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
