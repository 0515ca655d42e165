/**
 * A handoff belongs to the first phone that opens it: `claim_hash` is the SHA-256 of the secret that phone
 * was given (a cookie), null until then. Only that phone sees the payer's answers and pays through it.
 */
import type { Kysely, Migration } from 'kysely';

export const handoffClaimColumn: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('payment_handoffs').addColumn('claim_hash', 'text').execute();
  },
};
