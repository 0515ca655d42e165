/**
 * Purging the payout ledger (RETENTION_DAYS). A final payout unchanged for the retention period keeps its
 * money facts (reference, provider reference, recipient id, amount, currency, country, provider, status,
 * description, times) and the merchant's own reference and narration; it loses the recipient's label
 * ("Aya Kouassi (MTN Mobile Money ****0001)"), and its stored webhook bodies, which carry that label.
 *
 * A validated recipient holds the holder's name and the account (phone or account number). Once it is
 * older than the retention period and none of its payouts is still kept whole, its label and account are
 * blanked. The row stays, with its provider and market, so a payout to it still works; the provider's
 * answer then names the recipient on that new payout.
 */
import { sql } from 'kysely';
import type { PurgeBatch } from './batch.ts';
import { emptyWebhookBodies } from './webhooks.ts';

/** The account of a blanked recipient (the column is required). */
const BLANK_ACCOUNT = '{}';

/** One batch of due payouts, blanked with their webhook bodies in one transaction. */
export async function purgePayouts({ store, cutoff, now, limit }: PurgeBatch) {
  return store.db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('payouts')
      .select('reference')
      .where(sql<boolean>`purged_at is null`)
      .where('updated_at', '<', cutoff)
      .where('final', '=', 1)
      .where((eb) => eb.or([eb('completed_at', 'is', null), eb('completed_at', '<', cutoff)]))
      .orderBy('updated_at')
      .orderBy('reference')
      .limit(limit)
      .execute();
    const references = due.map((row) => row.reference);
    if (references.length === 0) return { rows: 0, purged: {} };
    const purged = await trx
      .updateTable('payouts')
      .set({ label: null, purged_at: now })
      .where('reference', 'in', references)
      .where(sql<boolean>`purged_at is null`)
      .returning('reference')
      .execute();
    const done = purged.map((row) => row.reference);
    const webhooks = await emptyWebhookBodies(trx, done);
    return { rows: references.length, purged: { payouts: done.length, webhooks } };
  });
}

/** One batch of recipients validated before the cutoff whose payouts are all purged (or who have none). */
export async function purgeRecipients({ store, cutoff, limit }: PurgeBatch) {
  const due = await store.db
    .selectFrom('payout_recipients as r')
    .select('r.id')
    // As SQL text, so the partial index payout_recipients_to_purge serves it.
    .where(sql<boolean>`account <> '{}'`)
    .where('r.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('payouts as p')
            .select('p.reference')
            .whereRef('p.transfer_recipient_id', '=', 'r.id')
            .where('p.purged_at', 'is', null),
        ),
      ),
    )
    .orderBy('r.created_at')
    .limit(limit)
    .execute();
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return { rows: 0, purged: {} };
  await store.db
    .updateTable('payout_recipients')
    .set({ label: '', account: BLANK_ACCOUNT })
    .where('id', 'in', ids)
    .execute();
  return { rows: ids.length, purged: { recipients: ids.length } };
}
