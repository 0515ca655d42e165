/**
 * Stored provider webhooks under RETENTION_DAYS. A webhook's raw body names the payer (phone, name) or
 * the payout's recipient, so it is emptied when its payment or payout is purged; the row itself stays,
 * so a redelivery is still recognised as a duplicate. A webhook that arrives for a record already purged
 * is emptied as it is processed (webhooks/ingest.ts, webhooks/disbursements.ts). One for a reference we
 * never knew is emptied once it is older than the retention period.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { PurgeBatch } from './batch.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The body as kept once emptied: nothing of what was received. */
export const EMPTIED_BODY = '';

/** Empties the stored bodies of webhooks for these references (ours); answers how many. */
export async function emptyWebhookBodies(db: Executor, references: string[]): Promise<number> {
  if (references.length === 0) return 0;
  const result = await db
    .updateTable('provider_webhooks')
    .set({ body: EMPTIED_BODY })
    .where('reference', 'in', references)
    .where(sql<boolean>`body <> ''`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** One batch of webhooks older than the cutoff for a reference that is no payment or payout of ours. */
export async function purgeUnknownWebhooks({ store, cutoff, limit }: PurgeBatch) {
  // `body <> ''` as SQL text: the partial index provider_webhooks_with_body serves exactly that.
  const due = await store.db
    .selectFrom('provider_webhooks as w')
    .select('w.dedup_key')
    .where(sql<boolean>`body <> ''`)
    .where('w.received_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('payments as p').select('p.reference').whereRef('p.reference', '=', 'w.reference')),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(selectFrom('payouts as o').select('o.reference').whereRef('o.reference', '=', 'w.reference')),
      ),
    )
    .orderBy('w.received_at')
    .limit(limit)
    .execute();
  const keys = due.map((row) => row.dedup_key);
  if (keys.length === 0) return { rows: 0, purged: {} };
  await store.db
    .updateTable('provider_webhooks')
    .set({ body: EMPTIED_BODY })
    .where('dedup_key', 'in', keys)
    .execute();
  return { rows: keys.length, purged: { webhooks: keys.length } };
}
