/**
 * Whether a checkout can be paid now. The config carries its status; this turns a
 * status other than `active` into the answer a payer sees: 409 `link_unavailable` saying why (inactive,
 * expired, completed, exhausted), or 409 `session_paid`. Used by GET /links/:id, GET /sessions/:id and,
 * before anything is charged, by POST /payments.
 */
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { ApiError } from '../http/errors.ts';

export type Unavailability = 'inactive' | 'expired' | 'completed' | 'exhausted' | 'paid';

/** Why this checkout cannot be paid, or null when it can. */
export function unavailability(config: CheckoutConfig): Unavailability | null {
  if (config.status === 'active') return null;
  if (config.kind === 'session')
    return config.status === 'completed' ? 'paid' : config.status === 'expired' ? 'expired' : 'inactive';
  if (config.status !== 'completed') return config.status;
  const { remaining, fixed, min } = config.amount;
  // Completed by the provider, or by us because too little is left under the limit to pay anything.
  return remaining !== undefined && remaining < (fixed ?? min ?? 1) ? 'exhausted' : 'completed';
}

const LINK_MESSAGES: Record<Exclude<Unavailability, 'paid'>, string> = {
  inactive: 'This payment link is inactive: the merchant has paused it',
  expired: 'This payment link has expired',
  completed: 'This payment link is completed and takes no more payments',
  exhausted: 'This payment link is exhausted: it has collected all it may collect',
};

/** Throws the 409 a payer gets for a checkout that cannot be paid; returns the config otherwise. */
export function assertPayable(config: CheckoutConfig): CheckoutConfig {
  const reason = unavailability(config);
  if (reason === null) return config;
  if (reason === 'paid') throw new ApiError(409, 'session_paid', 'This checkout session is already paid');
  if (config.kind === 'session') {
    const message =
      reason === 'expired' ? 'This checkout session has expired' : 'This checkout session cannot be paid';
    throw new ApiError(409, 'link_unavailable', message);
  }
  throw new ApiError(409, 'link_unavailable', LINK_MESSAGES[reason]);
}
