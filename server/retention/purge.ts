/**
 * RETENTION_DAYS: personal data of finished business is kept that many days after its
 * last change, then blanked, while the accounting record (reference, amounts, currency, status, times,
 * provider reference, link or session) stays for the books. Unset, nothing is ever purged.
 *
 * What goes, and why, is in payments.ts and payouts.ts. main.ts runs a round at start and every
 * RETENTION_INTERVAL_MS; createApp starts no timers. Work is done in batches, one transaction each, with
 * the event loop free between them, so a first purge of years of rows never stalls requests. Every step
 * selects only what is not purged yet: a round is idempotent, and one interrupted is finished by the next.
 * With PostgreSQL, a try-lock lets one instance do a round while the others skip it.
 */
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { Store } from '../store/database.ts';
import type { PurgeBatch } from './batch.ts';
import { purgePayments, purgeSessions } from './payments.ts';
import { purgePayouts, purgeRecipients } from './payouts.ts';
import { purgeNotifications } from './notifications.ts';
import { purgeUnknownWebhooks } from './webhooks.ts';

const DAY_MS = 86_400_000;
/** Rows per transaction: a few milliseconds of work on either engine. */
const PURGE_BATCH = 500;
/** Advisory-lock keys of the purge round (namespace shared with reconciliation, job 5). */
export const RETENTION_LOCK_KEYS = [0x70617921, 5] as const;

export interface RetentionDeps {
  store: Store;
  clock: Clock;
  config: Pick<Config, 'retentionDays'>;
  logger: Logger;
  /** Rows per transaction (default PURGE_BATCH; tests make it small to cross batch boundaries). */
  batchSize?: number;
  /** Ends the round after the current batch (shutdown); the next round carries on where it stopped. */
  signal?: AbortSignal;
}

/** What one round blanked or deleted; counts only, never whose. */
interface PurgeCounts {
  payments: number;
  uploads: number;
  sessions: number;
  payouts: number;
  recipients: number;
  webhooks: number;
  notifications: number;
}

export interface PurgeReport extends PurgeCounts {
  /** False when RETENTION_DAYS is unset, or another instance holds the round. */
  ran: boolean;
}

const NOTHING: PurgeCounts = {
  payments: 0,
  uploads: 0,
  sessions: 0,
  payouts: 0,
  recipients: 0,
  webhooks: 0,
  notifications: 0,
};

export async function purgeExpiredPersonalData(deps: RetentionDeps): Promise<PurgeReport> {
  const { store } = deps;
  const days = deps.config.retentionDays;
  if (days === undefined) return { ran: false, ...NOTHING };
  if (store.engine !== 'postgres') return { ran: true, ...(await purgeRound(deps, days)) };
  return store.db.connection().execute(async (connection) => {
    const [namespace, job] = RETENTION_LOCK_KEYS;
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${namespace}, ${job}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { ran: false, ...NOTHING };
    try {
      return { ran: true, ...(await purgeRound(deps, days)) };
    } finally {
      await sql`select pg_advisory_unlock(${namespace}, ${job})`.execute(connection);
    }
  });
}

async function purgeRound(deps: RetentionDeps, retentionDays: number): Promise<PurgeCounts> {
  const now = deps.clock.now();
  const batch: PurgeBatch = {
    store: deps.store,
    cutoff: now - retentionDays * DAY_MS,
    now,
    limit: deps.batchSize ?? PURGE_BATCH,
    signal: deps.signal,
  };
  const counts = { ...NOTHING };
  const add = (found: Partial<PurgeCounts>) => {
    for (const [key, value] of Object.entries(found) as [keyof PurgeCounts, number][]) counts[key] += value;
  };
  await inBatches(batch, purgePayments, add);
  await inBatches(batch, purgeSessions, add);
  await inBatches(batch, purgePayouts, add);
  await inBatches(batch, purgeRecipients, add);
  await inBatches(batch, purgeUnknownWebhooks, add);
  await inBatches(batch, purgeNotifications, add);
  deps.logger.info({ retentionDays, ...counts }, 'retention: personal data purged');
  return counts;
}

/** A step answers how many rows it took (`rows`) and what it purged; it runs until a batch comes up short. */
type Step = (batch: PurgeBatch) => Promise<{ rows: number; purged: Partial<PurgeCounts> }>;

async function inBatches(batch: PurgeBatch, step: Step, add: (purged: Partial<PurgeCounts>) => void) {
  for (;;) {
    if (batch.signal?.aborted) return;
    const { rows, purged } = await step(batch);
    add(purged);
    if (rows < batch.limit) return;
    // better-sqlite3 runs queries synchronously: let waiting requests in before the next batch.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
