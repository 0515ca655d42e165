/**
 * Which payments still hold money back: counted against a link's `amountLimit` and keeping their checkout
 * session busy. A payment not yet final holds; so does one we expired or cancelled while the provider
 * could still collect it (`reserved`: its page still open, a bank transfer still possible), until the
 * provider says it is final or PAYMENT_RESERVATION_MS after its creation, the provider's own deadline.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../store/schema.ts';

/** PAYMENT_RESERVATION_MS's default: an hour, past any provider's page or prompt we know of. */
export const DEFAULT_RESERVATION_MS = 3_600_000;

export function holdsMoney(eb: ExpressionBuilder<Database, 'payments'>, now: number, reservationMs: number) {
  // The statuses first, on their own: the (link_id, status) and (session_id, status) indexes then skip
  // every final payment that can hold nothing, a link's many successes above all.
  return eb.and([
    eb('status', 'in', ['pending', 'processing', 'expired', 'cancelled']),
    eb.or([
      eb('status', 'in', ['pending', 'processing']),
      // Only a payment we expired or cancelled is ever reserved.
      eb.and([eb('reserved', '=', 1), eb('created_at', '>', now - reservationMs)]),
    ]),
  ]);
}
