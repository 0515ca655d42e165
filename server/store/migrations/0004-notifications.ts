/**
 * Merchant notifications (issue 6): an outbox of Standard Webhooks messages and the log of every
 * delivery attempt. A row is written in the same transaction as the status change it reports, so a
 * crash after the change cannot lose it; its payload is fixed then and every attempt sends those bytes
 * under the same id. Times are bigint epoch ms, as in the other tables.
 */
import type { Kysely, Migration } from 'kysely';

export const notificationTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('merchant_notifications')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('max_attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('last_status_code', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute();
    // The type names the final status (payment.succeeded, payout.failed...): one message per transition.
    await db.schema
      .createIndex('merchant_notifications_once')
      .on('merchant_notifications')
      .columns(['type', 'subject'])
      .unique()
      .execute();
    await db.schema
      .createIndex('merchant_notifications_due')
      .on('merchant_notifications')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('merchant_notifications_by_created')
      .on('merchant_notifications')
      .columns(['created_at', 'id'])
      .execute();

    await db.schema
      .createTable('merchant_notification_attempts')
      .addColumn('notification_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('merchant_notification_attempts_pk', ['notification_id', 'attempt'])
      .execute();
  },
};
