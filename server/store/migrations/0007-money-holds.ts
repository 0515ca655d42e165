/**
 * What keeps money from being taken twice or past a link's limit when payers race:
 * - `reserved`: 1 on a payment we gave up on (expired or cancelled on our side) while the provider may
 *   still collect it (its page, a bank transfer). Its amount keeps counting against the link's limit, and
 *   it keeps its session busy, until the provider says it is final or the reservation's time is up.
 * - `confirming_until`: the lease of the one code confirmation in flight for a payment; a second one
 *   waits for it, so wrong codes cannot reach the provider faster than we count them.
 */
import type { Kysely, Migration } from 'kysely';

export const moneyHoldColumns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('payments')
      .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('payments').addColumn('confirming_until', 'bigint').execute();
  },
};
