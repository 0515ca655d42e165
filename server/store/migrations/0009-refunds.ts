/**
 * A flagged payment's money sent back as a payout (the provider has no refund call): the payment names
 * its refund payout (`refund_payout`, the latest one: a failed refund may be sent again), and a payout
 * names the payment it refunds (`refund_of`), so either list leads to the other.
 */
import type { Kysely, Migration } from 'kysely';

export const refundColumns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payments').addColumn('refund_payout', 'text').execute();
    await db.schema.alterTable('payouts').addColumn('refund_of', 'text').execute();
    await db.schema.createIndex('payouts_by_refund_of').on('payouts').column('refund_of').execute();
  },
};
