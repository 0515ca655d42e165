/**
 * RETENTION_DAYS (server/retention/purge.ts): a payment, payout, checkout session or merchant notification
 * whose personal data was purged keeps its accounting record and says when it was purged. The partial
 * indexes hold only what a purge round still has to look at, so a round stays quick however many purged
 * rows pile up.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const retentionColumns: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['payments', 'payouts', 'checkout_sessions', 'merchant_notifications']) {
      await db.schema.alterTable(table).addColumn('purged_at', 'bigint').execute();
    }
    await db.schema
      .createIndex('payments_to_purge')
      .on('payments')
      .columns(['status', 'updated_at'])
      .where(sql.ref('purged_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('payouts_to_purge')
      .on('payouts')
      .columns(['final', 'updated_at'])
      .where(sql.ref('purged_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('checkout_sessions_to_purge')
      .on('checkout_sessions')
      .column('expires_at')
      .where(sql.ref('purged_at'), 'is', null)
      .execute();
    // A recipient is blanked once none of its payouts is still kept whole.
    await db.schema
      .createIndex('payout_recipients_to_purge')
      .on('payout_recipients')
      .column('created_at')
      .where(sql<boolean>`account <> '{}'`)
      .execute();
    await db.schema
      .createIndex('payouts_by_recipient')
      .on('payouts')
      .columns(['transfer_recipient_id', 'purged_at'])
      .execute();
    // Stored webhook bodies not blanked yet: those of unknown references wait here for their cutoff.
    await db.schema
      .createIndex('provider_webhooks_with_body')
      .on('provider_webhooks')
      .column('received_at')
      .where(sql<boolean>`body <> ''`)
      .execute();
    await db.schema
      .createIndex('merchant_notifications_to_purge')
      .on('merchant_notifications')
      .columns(['status', 'created_at'])
      .where(sql.ref('purged_at'), 'is', null)
      .execute();
  },
};
