/**
 * What the payments and payouts engines call when a record becomes final: an interface in a leaf module,
 * so they depend on no part of notifications (whose notifier reads their rows back through their mappers).
 */
import type { Kysely } from 'kysely';
import type { Database, PaymentRow, PayoutRow } from '../store/schema.ts';

/** Records notifications in the caller's transaction (`db` is that transaction). */
export interface MerchantNotifier {
  /** `row` has just become final (or a lapsed payment has just become a late success). */
  payment(db: Kysely<Database>, row: PaymentRow, now: number): Promise<void>;
  /** `row`, already final, has just been flagged (its final status was notified before). */
  flagged(db: Kysely<Database>, row: PaymentRow, now: number): Promise<void>;
  /** `row` has just become final. */
  payout(db: Kysely<Database>, row: PayoutRow, now: number): Promise<void>;
}
