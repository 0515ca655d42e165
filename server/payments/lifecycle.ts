/**
 * The payment lifecycle as pure decisions: what a provider answer, a webhook, a verify
 * or one of our own decisions does to a payment row. No I/O here (repository.ts writes the result), so
 * every rule can be read in one place and tested without a database. provider-answers.ts turns the
 * provider's charge answers into observations.
 *
 * Forward only: pending -> processing -> success|failed; pending -> expired|cancelled|failed. The first
 * final status wins, except that a provider `success` still wins over `expired`/`cancelled` (money
 * moved: flagged `late_success`). A success for another amount or currency is not a success.
 */
import type { PaymentAction } from '../../widget/shared/contract.ts';
import { FINAL_PAYMENT_STATUSES } from '../../widget/shared/contract.ts';
import type { PaymentRow } from '../store/schema.ts';

/** Wrong OTPs / customer codes before the payment fails. */
export const MAX_WRONG_CODES = 5;

/** The columns a lifecycle step may change; version and updated_at are the repository's. */
export type PaymentPatch = Partial<
  Pick<
    PaymentRow,
    | 'status'
    | 'action'
    | 'message'
    | 'redirect_url'
    | 'bank_transfer'
    | 'fee'
    | 'total'
    | 'expires_at'
    | 'paid_at'
    | 'provider_reference'
    | 'flag'
    | 'wrong_codes'
    | 'last_confirm'
    | 'reserved'
  >
>;

export const isFinal = (status: string): boolean =>
  (FINAL_PAYMENT_STATUSES as readonly string[]).includes(status);

/** What the provider told us about a pending step: a charge, confirm or checkout answer. */
export interface StepObservation {
  kind: 'step';
  status: 'pending' | 'processing';
  action: PaymentAction;
  patch: PaymentPatch;
}
/** A status from the provider's webhook or verify (or a charge answered already final). */
export interface ProviderObservation {
  kind: 'provider';
  status: 'pending' | 'success' | 'failed';
  amount: number;
  /** Null when the answer does not say (a charge answer): ours is then the only currency in play. */
  currency: string | null;
  /** Epoch ms. */
  paidAt?: number | null;
  message?: string | null;
  fee?: number | null;
  total?: number | null;
}
/** Our own decision: OTP lockout, a lapsed step, a hosted cancel, a charge the provider never took. */
export interface LocalDecision {
  kind: 'local';
  status: 'failed' | 'expired' | 'cancelled';
  message: string;
  patch?: PaymentPatch;
}
export type PaymentObservation = StepObservation | ProviderObservation | LocalDecision;

export interface Decision {
  patch: PaymentPatch;
  /** A second, different final status: keep the first, tell the merchant, check with verify. */
  conflicting?: { stored: string; reported: string };
}

/** The change an observation makes to `row`, or null when it changes nothing (duplicate, stale, regress). */
export function decide(row: PaymentRow, observation: PaymentObservation): Decision | null {
  switch (observation.kind) {
    case 'step':
      // A step never moves a final payment, nor a processing one back to waiting for the payer.
      if (isFinal(row.status) || (row.status === 'processing' && observation.status === 'pending'))
        return null;
      return { patch: { ...observation.patch, status: observation.status, action: observation.action } };
    case 'local':
      // Only a payment still waiting may lapse or be cancelled; one the provider has no record of may
      // also fail from processing (a charge whose answer was lost, see create.ts).
      if (row.status !== 'pending' && !(row.status === 'processing' && observation.status === 'failed'))
        return null;
      return {
        patch: {
          ...observation.patch,
          status: observation.status,
          action: 'none',
          message: observation.message,
          expires_at: null,
          ...(keepsReservation(row, observation) ? { reserved: 1 } : {}),
        },
      };
    case 'provider':
      return decideProviderStatus(row, observation);
  }
}

function decideProviderStatus(row: PaymentRow, seen: ProviderObservation): Decision | null {
  if (seen.status === 'pending') return null;
  const mismatch =
    seen.status === 'success' &&
    (seen.amount !== row.amount || (seen.currency !== null && seen.currency !== row.currency));
  const money = {
    ...(seen.fee != null ? { fee: seen.fee } : {}),
    ...(seen.total != null ? { total: seen.total } : {}),
  };
  const final = { action: 'none' as const, expires_at: null };

  if (!isFinal(row.status)) {
    if (mismatch) {
      const message = `The provider reported ${seen.amount} ${seen.currency ?? row.currency} instead of ${row.amount} ${row.currency}; the payment is not accepted`;
      return { patch: { ...final, status: 'failed', message, flag: 'amount_mismatch' } };
    }
    if (seen.status === 'success') {
      // No provider wording on a success: the widget shows its own receipt, whichever way the news came.
      return {
        patch: { ...money, ...final, status: 'success', message: null, paid_at: seen.paidAt ?? null },
      };
    }
    return { patch: { ...final, status: 'failed', message: seen.message ?? 'The payment failed' } };
  }

  const lapsed = row.status === 'expired' || row.status === 'cancelled';
  // The provider's word is final now: a reservation held for its answer is let go.
  const release = row.reserved ? { reserved: 0 } : {};
  if (mismatch)
    return row.flag === 'amount_mismatch' && !row.reserved
      ? null
      : { patch: { ...release, flag: 'amount_mismatch' } };
  if (lapsed && seen.status === 'failed') return row.reserved ? { patch: release } : null;
  if (seen.status === row.status) return null;
  if (lapsed && seen.status === 'success') {
    // Money moved after we gave up on the payer's step: the payment is paid, and the merchant should know.
    return {
      patch: {
        ...money,
        ...release,
        status: 'success',
        paid_at: seen.paidAt ?? null,
        message: null,
        flag: 'late_success',
      },
    };
  }
  const conflicting = { stored: row.status, reported: seen.status };
  return { patch: row.flag === 'conflicting_final' ? {} : { flag: 'conflicting_final' }, conflicting };
}

/**
 * Whether a payment we are giving up on may still be collected without us: the payer can still approve on
 * the provider's page or make the bank transfer. A code step cannot complete without our confirm, and a
 * charge the provider never took has nothing to collect.
 */
function keepsReservation(row: PaymentRow, observation: LocalDecision): boolean {
  return (
    observation.status !== 'failed' &&
    row.status === 'pending' &&
    (row.action === 'redirect' || row.action === 'bank-transfer')
  );
}

/** Whether the payer's step has lapsed at `now` (only a pending payment waits for the payer). */
export function hasLapsed(row: Pick<PaymentRow, 'status' | 'expires_at'>, now: number): boolean {
  return row.status === 'pending' && row.expires_at !== null && row.expires_at <= now;
}

export const EXPIRED: LocalDecision = {
  kind: 'local',
  status: 'expired',
  message: 'The time to complete this payment has run out',
};
