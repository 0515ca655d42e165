/**
 * Asking the provider where a payment stands (verify), throttled to once per 5 seconds per reference
 * across every instance: the claim is a conditional update of `verified_at`, so two pollers of one
 * payment (two tabs, two instances, a poll and the reconciler) cost the provider one call, not two.
 */
import type { ProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import type { VerifyCollection } from '../provider/schemas.ts';
import type { PaymentRow } from '../store/schema.ts';
import { EXPIRED, hasLapsed, isFinal, type ProviderObservation } from './lifecycle.ts';
import { applyObservation, type Applied, type PaymentContext } from './repository.ts';

export const VERIFY_THROTTLE_MS = 5_000;

export interface VerifyContext extends PaymentContext {
  provider: ProviderClient;
  /** How long one code confirmation holds its payment (confirm.ts); a few provider timeouts. */
  confirmLeaseMs?: number;
}

export type VerifyOutcome =
  | { found: true; verified: VerifyCollection; applied: Applied | null }
  | { found: false }
  /** Throttled, or the provider could not answer: nothing was learnt. */
  | { found: null };

function fromVerify(verified: VerifyCollection): ProviderObservation {
  return {
    kind: 'provider',
    status: verified.status,
    amount: verified.amount,
    currency: verified.currency,
    paidAt: verified.paidAt == null ? null : verified.paidAt * 1000,
    message: verified.statusDescription ?? null,
    fee: verified.charge ?? null,
    total: verified.totalAmount ?? null,
  };
}

/** Takes this reference's verify slot if the last verify is old enough; false when throttled. */
async function claimVerify(context: PaymentContext, reference: string, now: number): Promise<boolean> {
  const claimed = await context.db
    .updateTable('payments')
    .set({ verified_at: now })
    .where('reference', '=', reference)
    .where((eb) => eb.or([eb('verified_at', 'is', null), eb('verified_at', '<=', now - VERIFY_THROTTLE_MS)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Verifies and applies. `force` skips the throttle (a timed-out charge, a conflicting webhook): those are
 * one-off checks whose answer we need now. Never throws for a provider failure.
 */
export async function verifyPayment(
  context: VerifyContext,
  reference: string,
  options: { force?: boolean } = {},
): Promise<VerifyOutcome> {
  const now = context.clock.now();
  if (!options.force && !(await claimVerify(context, reference, now))) return { found: null };
  if (options.force)
    await context.db
      .updateTable('payments')
      .set({ verified_at: now })
      .where('reference', '=', reference)
      .execute();
  let verified: VerifyCollection;
  try {
    verified = await context.provider.verifyCollection(reference);
  } catch (error) {
    if (error instanceof ProviderError && error.errorCode === 'NotFound') return { found: false };
    context.logger.warn({ err: error, reference }, 'verify failed; will try again later');
    return { found: null };
  }
  const applied = await applyObservation(context, reference, fromVerify(verified));
  if (applied?.conflicting) {
    context.logger.error(
      { reference, ...applied.conflicting },
      'provider verify disagrees with the final status we keep',
    );
  }
  return { found: true, verified, applied };
}

/**
 * Brings a non-final payment up to date before it is shown: verify when the last one is older than the
 * throttle, then expire it if the payer's step has lapsed. Answers the current row.
 */
export async function refreshPayment(context: VerifyContext, row: PaymentRow): Promise<PaymentRow> {
  if (isFinal(row.status)) return row;
  let current = row;
  const now = context.clock.now();
  if (current.verified_at === null || current.verified_at <= now - VERIFY_THROTTLE_MS) {
    const outcome = await verifyPayment(context, row.reference);
    if (outcome.found === true && outcome.applied) current = outcome.applied.row;
  }
  if (hasLapsed(current, context.clock.now())) {
    current = (await applyObservation(context, row.reference, EXPIRED))?.row ?? current;
  }
  return current;
}
