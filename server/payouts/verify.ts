/**
 * Asking the provider where a payout stands (verify by our reference, which it knows as
 * `externalReference`), throttled to once per 5 seconds per payout across instances: the claim is a
 * conditional update of `verified_at`, as for payments.
 */
import type { Logger } from '../logger.ts';
import type { Clock } from '../clock.ts';
import type { ProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import type { Disbursement } from '../provider/schemas.ts';
import type { PayoutRow } from '../store/schema.ts';
import {
  applyPayoutObservation,
  type PayoutApplied,
  type PayoutObservation,
  type PayoutStore,
} from './repository.ts';

const PAYOUT_VERIFY_THROTTLE_MS = 5_000;

export interface PayoutContext extends PayoutStore {
  provider: ProviderClient;
  clock: Clock;
  logger: Logger;
}

export type PayoutVerifyOutcome =
  | { found: true; disbursement: Disbursement; applied: PayoutApplied | null }
  | { found: false }
  /** Throttled, or the provider could not answer: nothing was learnt. */
  | { found: null };

export function fromDisbursement(disbursement: Disbursement): PayoutObservation {
  return {
    status: disbursement.status,
    statusDescription: disbursement.statusDescription,
    providerReference: disbursement.reference,
    label: disbursement.transferRecipientLabel,
    completedAt: completedAtOf(disbursement),
  };
}

/** `completedAt` (epoch seconds) is an extra field of the sandbox's object; absent means "now". */
function completedAtOf(disbursement: Disbursement): number | null {
  const value = (disbursement as { completedAt?: unknown }).completedAt;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value * 1000 : null;
}

async function claimVerify(context: PayoutContext, reference: string, now: number, force: boolean) {
  let claim = context.db.updateTable('payouts').set({ verified_at: now }).where('reference', '=', reference);
  if (!force) {
    claim = claim.where((eb) =>
      eb.or([eb('verified_at', 'is', null), eb('verified_at', '<=', now - PAYOUT_VERIFY_THROTTLE_MS)]),
    );
  }
  return Number((await claim.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Verifies and applies; `force` skips the throttle (a timed-out request). Never throws for the provider. */
export async function verifyPayout(
  context: PayoutContext,
  reference: string,
  options: { force?: boolean } = {},
): Promise<PayoutVerifyOutcome> {
  const now = context.clock.now();
  if (!(await claimVerify(context, reference, now, options.force === true))) return { found: null };
  let disbursement: Disbursement;
  try {
    disbursement = await context.provider.verifyDisbursement(reference);
  } catch (error) {
    if (error instanceof ProviderError && error.errorCode === 'NotFound') return { found: false };
    context.logger.warn({ err: error, reference }, 'payout verify failed; will try again later');
    return { found: null };
  }
  const applied = await applyPayoutObservation(context, reference, fromDisbursement(disbursement), now);
  if (applied?.conflicting) {
    context.logger.error(
      { reference, ...applied.conflicting },
      'payout verify disagrees with the final status we keep',
    );
  }
  return { found: true, disbursement, applied };
}

/** A non-final payout brought up to date (when the last verify is old enough) before it is shown. */
export async function refreshPayout(context: PayoutContext, row: PayoutRow): Promise<PayoutRow> {
  if (row.final === 1) return row;
  const outcome = await verifyPayout(context, row.reference);
  return outcome.found === true && outcome.applied ? outcome.applied.row : row;
}
