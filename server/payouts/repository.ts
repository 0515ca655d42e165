/**
 * The payout ledger's rows and its one rule: forward only. `processing -> success | failed`, and the
 * first final status stands; a later, different final status is reported as a conflict and not applied.
 * Every change bumps `version` through a conditional update, so two writers (a webhook and a verify)
 * racing on one payout cannot overwrite each other.
 */
import type { Kysely } from 'kysely';
import type { Payout } from '../../widget/shared/contract.ts';
import type { MerchantNotifier } from '../notifications/notifier.ts';
import type { DisbursementStatus } from '../provider/schemas.ts';
import type { Database, PayoutRow } from '../store/schema.ts';
import { randomHex } from '../random.ts';

/** `po_` and 32 lowercase hex digits (128 random bits). */
export const PAYOUT_REFERENCE_PATTERN = /^po_[0-9a-f]{32}$/;
export const newPayoutReference = () => `po_${randomHex(16)}`;

const isFinalPayoutStatus = (status: string) => status === 'success' || status === 'failed';

export function toPayout(row: PayoutRow): Payout {
  const payout: Payout = {
    reference: row.reference,
    status: row.status as Payout['status'],
    final: row.final === 1,
    amount: row.amount,
    currency: row.currency,
    country: row.country,
    provider: row.provider,
    transferRecipientId: row.transfer_recipient_id,
  };
  if (row.provider_reference !== null) payout.providerReference = row.provider_reference;
  if (row.label !== null) payout.transferRecipientLabel = row.label;
  if (row.status_description !== null) payout.statusDescription = row.status_description;
  if (row.completed_at !== null) payout.completedAt = new Date(row.completed_at).toISOString();
  if (row.refund_of !== null) payout.refundOf = row.refund_of;
  return payout;
}

export async function findPayout(db: Kysely<Database>, reference: string): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** What the provider said about a payout (its answer, a verify, a webhook or a list item). */
export interface PayoutObservation {
  status: DisbursementStatus;
  statusDescription?: string | null | undefined;
  providerReference?: string | null | undefined;
  label?: string | null | undefined;
  /** Epoch milliseconds; defaults to now for a final status. */
  completedAt?: number | null | undefined;
}

export interface PayoutApplied {
  row: PayoutRow;
  changed: boolean;
  /** Set when a different final status arrived after ours. */
  conflicting?: { stored: string; reported: string };
}

/** The changes an observation makes to a row, or null when it changes nothing (forward only). */
function changesFor(row: PayoutRow, seen: PayoutObservation, now: number): Partial<PayoutRow> | null {
  const changes: Partial<PayoutRow> = {};
  if (!row.provider_reference && seen.providerReference) changes.provider_reference = seen.providerReference;
  // A purged payout's recipient stays unnamed (RETENTION_DAYS), whatever a late webhook says.
  if (!row.label && seen.label && row.purged_at === null) changes.label = seen.label;
  if (row.final === 0 && isFinalPayoutStatus(seen.status)) {
    changes.status = seen.status;
    changes.final = 1;
    changes.completed_at = seen.completedAt ?? now;
    if (seen.statusDescription) changes.status_description = seen.statusDescription;
  } else if (row.final === 0 && seen.statusDescription && seen.statusDescription !== row.status_description) {
    changes.status_description = seen.statusDescription;
  }
  return Object.keys(changes).length === 0 ? null : changes;
}

/** Where payout changes are written; a notifier (MERCHANT_WEBHOOK_URL set) hears of final statuses. */
export interface PayoutStore {
  db: Kysely<Database>;
  notifier?: MerchantNotifier | undefined;
}

/** Applies an observation to the payout with our `reference`; null when there is no such payout. */
export async function applyPayoutObservation(
  { db, notifier }: PayoutStore,
  reference: string,
  seen: PayoutObservation,
  now: number,
): Promise<PayoutApplied | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await findPayout(db, reference);
    if (!row) return null;
    const conflicting =
      row.final === 1 && isFinalPayoutStatus(seen.status) && seen.status !== row.status
        ? { stored: row.status, reported: seen.status }
        : undefined;
    const changes = changesFor(row, seen, now);
    if (!changes) return { row, changed: false, ...(conflicting ? { conflicting } : {}) };
    const next = { ...changes, version: row.version + 1, updated_at: now };
    const written = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('payouts')
        .set(next)
        .where('reference', '=', reference)
        .where('version', '=', row.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return null;
      const written: PayoutRow = { ...row, ...next };
      // An outbox: the final status and its notification are committed together or not at all.
      if (changes.final === 1 && notifier) await notifier.payout(trx, written, now);
      return written;
    });
    if (written) return { row: written, changed: true, ...(conflicting ? { conflicting } : {}) };
  }
  throw new Error(`payout ${reference}: too many concurrent updates`);
}
