/**
 * Payout reconciliation: every non-final payout older than a minute is verified with
 * the provider (one the provider has never heard of is failed: nothing was paid out), then the ledger is
 * compared with the provider's disbursement list over the last days and every mismatch is logged (a
 * provider status we lack is applied, forward only). The caller schedules it; createApp starts no timers.
 * With PostgreSQL a try-lock lets one instance do a round while the others skip it.
 */
import { sql } from 'kysely';
import type { Store } from '../store/database.ts';
import type { Disbursement } from '../provider/schemas.ts';
import { applyPayoutObservation, findPayout } from './repository.ts';
import { fromDisbursement, verifyPayout, type PayoutContext } from './verify.ts';

/** Younger payouts are still in their creating request: leave them alone. */
const PAYOUT_RECONCILE_MIN_AGE_MS = 60_000;
/** How far back the ledger is compared with the provider's list. */
const PAYOUT_COMPARE_DAYS = 7;
const DAY_MS = 86_400_000;
const PAGE_LIMIT = 100;
/** Bounds one round's calls to the list endpoint. */
const MAX_PAGES = 20;
/** Bounds one round's verify calls; the oldest open payouts go first, the rest wait for the next round. */
const MAX_VERIFIES = 500;
/** Advisory-lock keys of the payout round (namespace shared with payments, job 2). */
export const PAYOUT_LOCK_KEYS = [0x70617921, 2] as const;

export interface PayoutReconcileDeps extends Omit<PayoutContext, 'db'> {
  store: Store;
}

export interface PayoutReconcileReport {
  /** False when another instance holds the round. */
  ran: boolean;
  checked: number;
  changed: number;
  /** Differences between the ledger and the provider's list, each also logged. */
  mismatches: number;
}

export async function reconcilePayouts(deps: PayoutReconcileDeps): Promise<PayoutReconcileReport> {
  const { store } = deps;
  if (store.engine !== 'postgres') return { ran: true, ...(await reconcileRound(deps)) };
  return store.db.connection().execute(async (connection) => {
    const [namespace, job] = PAYOUT_LOCK_KEYS;
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_lock(${namespace}, ${job}) as locked`.execute(connection);
    if (!rows[0]?.locked) return { ran: false, checked: 0, changed: 0, mismatches: 0 };
    try {
      return { ran: true, ...(await reconcileRound(deps)) };
    } finally {
      await sql`select pg_advisory_unlock(${namespace}, ${job})`.execute(connection);
    }
  });
}

async function reconcileRound(deps: PayoutReconcileDeps): Promise<Omit<PayoutReconcileReport, 'ran'>> {
  const context: PayoutContext = { ...deps, db: deps.store.db };
  const { checked, changed } = await verifyOpenPayouts(context);
  const compared = await compareWithProvider(context);
  if (changed + compared.changed > 0 || compared.mismatches > 0) {
    context.logger.info(
      { checked, changed: changed + compared.changed, mismatches: compared.mismatches },
      'reconcile: payouts',
    );
  }
  return { checked, changed: changed + compared.changed, mismatches: compared.mismatches };
}

async function verifyOpenPayouts(context: PayoutContext) {
  const cutoff = context.clock.now() - PAYOUT_RECONCILE_MIN_AGE_MS;
  const open = await context.db
    .selectFrom('payouts')
    .select('reference')
    .where('final', '=', 0)
    .where('created_at', '<=', cutoff)
    .orderBy('created_at')
    .orderBy('reference')
    .limit(MAX_VERIFIES)
    .execute();
  let changed = 0;
  for (const { reference } of open) {
    try {
      const outcome = await verifyPayout(context, reference);
      if (outcome.found === true && outcome.applied?.changed) changed += 1;
      if (outcome.found === false) {
        const failed = await applyPayoutObservation(
          context,
          reference,
          {
            status: 'failed',
            statusDescription: 'The provider has no record of this payout; nothing was paid out',
          },
          context.clock.now(),
        );
        if (failed?.changed) changed += 1;
      }
    } catch (error) {
      context.logger.error({ err: error, reference }, 'reconcile: payout not reconciled');
    }
  }
  return { checked: open.length, changed };
}

/** The provider's disbursements of the last days against the ledger; answers what changed and differed. */
async function compareWithProvider(context: PayoutContext) {
  const now = context.clock.now();
  const dateFrom = new Date(now - PAYOUT_COMPARE_DAYS * DAY_MS).toISOString().slice(0, 10);
  const seen = new Set<string>();
  let changed = 0;
  let mismatches = 0;
  let complete = false;
  const mismatch = (details: object, message: string) => {
    mismatches += 1;
    context.logger.warn(details, `reconcile: ${message}`);
  };
  for (let page = 1; page <= MAX_PAGES; page++) {
    let items: Disbursement[];
    let pages: number;
    try {
      const list = await context.provider.listDisbursements({ dateFrom, page, limit: PAGE_LIMIT });
      items = list.data;
      pages = list.pages;
    } catch (error) {
      context.logger.warn({ err: error }, 'reconcile: provider disbursement list unavailable');
      return { changed, mismatches };
    }
    for (const item of items) {
      seen.add(item.externalReference);
      const row = await findPayout(context.db, item.externalReference);
      if (!row) {
        mismatch(
          { providerReference: item.reference, externalReference: item.externalReference },
          'provider disbursement missing from the ledger',
        );
        continue;
      }
      if (row.amount !== item.amount || row.currency !== item.currency) {
        mismatch(
          { reference: row.reference, stored: row.amount, provider: item.amount },
          'payout amount differs from the provider',
        );
        continue;
      }
      if (row.status === item.status) continue;
      const applied = await applyPayoutObservation(context, row.reference, fromDisbursement(item), now);
      if (applied?.changed && applied.row.status === item.status) {
        changed += 1;
      } else {
        mismatch(
          { reference: row.reference, stored: row.status, provider: item.status },
          'payout status differs from the provider',
        );
      }
    }
    if (page >= pages) {
      complete = true;
      break;
    }
  }
  if (!complete) return { changed, mismatches };
  // Ledger rows of the window the provider does not list: only those past their creating request.
  const missing = await context.db
    .selectFrom('payouts')
    .select(['reference', 'status'])
    .where('created_at', '>=', Date.parse(`${dateFrom}T00:00:00.000Z`))
    .where('created_at', '<=', now - PAYOUT_RECONCILE_MIN_AGE_MS)
    .where('provider_reference', 'is not', null)
    .execute();
  for (const row of missing) {
    if (!seen.has(row.reference))
      mismatch({ reference: row.reference, status: row.status }, 'payout missing from the provider list');
  }
  return { changed, mismatches };
}
