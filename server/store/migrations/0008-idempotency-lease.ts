/**
 * Idempotency keys get a lease and the reference of what their request creates (a retry takes over the
 * key of a request that died and resolves that reference), and are stored as a hash of the client and
 * its key. Payment answers kept until now hold payment tokens in clear: they are deleted, not kept.
 * Payout keys are re-keyed to their hashed form, so a merchant's retry across the upgrade still replays.
 */
import { createHash } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/** The payout client as server/idempotency/keys.ts names it (one merchant per deployment). */
const PAYOUT_CLIENT = 'merchant';

export const idempotencyLease: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('idempotency_keys').addColumn('reference', 'text').execute();
    await db.schema.alterTable('idempotency_keys').addColumn('lease_until', 'bigint').execute();
    const keys = db as unknown as Kysely<{ idempotency_keys: { key: string } }>;
    await keys.deleteFrom('idempotency_keys').where('key', 'like', 'payments:%').execute();
    const payouts = await keys
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'like', 'payouts:%')
      .execute();
    for (const { key } of payouts) {
      const clientKey = key.slice('payouts:'.length);
      const digest = createHash('sha256').update(`${PAYOUT_CLIENT}\n${clientKey}`, 'utf8').digest('hex');
      await keys
        .updateTable('idempotency_keys')
        .set({ key: `payouts:${digest}` })
        .where('key', '=', key)
        .execute();
    }
  },
};
