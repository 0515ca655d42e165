/**
 * Reconciliation: every non-final payment older than a minute (and every one we gave up on that still
 * holds a reservation, payments/holds.ts) is verified with the provider and expired when the payer's step
 * has lapsed, so a lost webhook, a crash between our row and
 * the provider's answer, or a restart never leaves a payment waiting forever. main.ts runs it at start
 * and every RECONCILE_INTERVAL_MS; createApp starts no timers.
 *
 * With PostgreSQL, several instances run the same schedule: a session advisory lock (try, never wait)
 * lets one of them do a round while the others skip it.
 */
import { sql } from 'kysely';
import type { Store } from '../store/database.ts';
import { DEFAULT_RESERVATION_MS, holdsMoney } from './holds.ts';
import { EXPIRED, hasLapsed, isFinal } from './lifecycle.ts';
import { applyObservation, findPayment } from './repository.ts';
import { verifyPayment, type VerifyContext } from './verify.ts';

/** Younger payments are still in their creating request, or just answered: leave them alone. */
export const RECONCILE_MIN_AGE_MS = 60_000;
const BATCH = 100;
/** Advisory-lock keys of the reconciliation round (namespace, job). */
const LOCK_KEYS = [0x70617921, 1] as const;

export interface ReconcileDeps extends Omit<VerifyContext, 'db'> {
  store: Store;
  /** Payments younger than this are left alone (default RECONCILE_MIN_AGE_MS). */
  minAgeMs?: number;
  /** PAYMENT_RESERVATION_MS: payments we gave up on are verified while they hold a reservation. */
  reservationMs?: number;
}

export interface ReconcileReport {
  /** False when another instance holds the round. */
  ran: boolean;
  checked: number;
  changed: number;
}

export async function reconcilePayments(deps: ReconcileDeps): Promise<ReconcileReport> {
  const { store } = deps;
  if (store.engine !== 'postgres') return { ran: true, ...(await reconcileRound(deps)) };
  return store.db.connection().execute(async (connection) => {
    const [namespace, job] = LOCK_KEYS;
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${namespace}, ${job}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { ran: false, checked: 0, changed: 0 };
    try {
      return { ran: true, ...(await reconcileRound(deps)) };
    } finally {
      await sql`select pg_advisory_unlock(${namespace}, ${job})`.execute(connection);
    }
  });
}

async function reconcileRound(deps: ReconcileDeps): Promise<Omit<ReconcileReport, 'ran'>> {
  const context: VerifyContext = { ...deps, db: deps.store.db };
  const now = deps.clock.now();
  const cutoff = now - (deps.minAgeMs ?? RECONCILE_MIN_AGE_MS);
  let checked = 0;
  let changed = 0;
  // Keyset pagination over (created_at, reference): rows that change status drop out of the filter
  // without shifting the pages still to come.
  let after: { created: number; reference: string } | null = null;
  for (;;) {
    // A reserved payment is asked about until the provider says it is final: that frees its amount.
    let query = context.db
      .selectFrom('payments')
      .select(['reference', 'created_at'])
      .where((eb) => holdsMoney(eb, now, deps.reservationMs ?? DEFAULT_RESERVATION_MS))
      .where('created_at', '<=', cutoff);
    if (after) {
      const { created, reference } = after;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', created),
          eb.and([eb('created_at', '=', created), eb('reference', '>', reference)]),
        ]),
      );
    }
    const batch = await query.orderBy('created_at').orderBy('reference').limit(BATCH).execute();
    for (const { reference } of batch) {
      checked += 1;
      try {
        if (await reconcileOne(context, reference)) changed += 1;
      } catch (error) {
        deps.logger.error({ err: error, reference }, 'reconcile: payment not reconciled');
      }
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) break;
    after = { created: last.created_at, reference: last.reference };
  }
  if (changed > 0) deps.logger.info({ checked, changed }, 'reconcile: payments updated');
  return { checked, changed };
}

async function reconcileOne(context: VerifyContext, reference: string): Promise<boolean> {
  const outcome = await verifyPayment(context, reference);
  let changed = outcome.found === true && outcome.applied?.changed === true;
  if (outcome.found === false) {
    // Older than a minute and unknown to the provider: its charge never arrived, so nothing was taken.
    const failed = await applyObservation(context, reference, {
      kind: 'local',
      status: 'failed',
      message: 'The payment provider has no record of this payment; nothing was charged',
    });
    changed ||= failed?.changed === true;
  }
  const row = await findPayment(context.db, reference);
  if (row && !isFinal(row.status) && hasLapsed(row, context.clock.now())) {
    changed = (await applyObservation(context, reference, EXPIRED))?.changed === true || changed;
  }
  return changed;
}
