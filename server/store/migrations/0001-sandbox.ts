/** The sandbox's own tables: links, transactions, payouts, wallets, deliveries. */
import type { Kysely, Migration } from 'kysely';

// Kysely's schema builder writes portable DDL; `bigint` is INTEGER affinity on SQLite.
export const sandboxTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sandbox_payment_links')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint')
      .addColumn('is_amount_fixed', 'integer', (c) => c.notNull())
      .addColumn('minimum_amount', 'bigint')
      .addColumn('maximum_amount', 'bigint')
      .addColumn('amount_limit', 'bigint')
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('locale', 'text')
      .addColumn('logo', 'text')
      .addColumn('is_anonymous_payment_enabled', 'integer', (c) => c.notNull())
      .addColumn('redirect_url', 'text')
      .addColumn('custom_fields', 'text', (c) => c.notNull())
      .addColumn('providers', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sandbox_payment_links_by_created')
      .on('sandbox_payment_links')
      .columns(['created_at', 'id'])
      .execute();

    await db.schema
      .createTable('sandbox_transactions')
      .addColumn('reference', 'text', (c) => c.primaryKey())
      .addColumn('checkout_id', 'text', (c) => c.notNull().unique())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('payment_link_id', 'text')
      .addColumn('provider', 'text')
      .addColumn('network', 'text')
      .addColumn('channel', 'text')
      .addColumn('providers_reference', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('charge', 'bigint', (c) => c.notNull())
      .addColumn('total_amount', 'bigint', (c) => c.notNull())
      .addColumn('customer', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('scenario', 'text', (c) => c.notNull())
      .addColumn('otp_attempts', 'integer', (c) => c.notNull())
      .addColumn('due_status', 'text')
      .addColumn('due_at', 'bigint')
      .addColumn('webhook_url', 'text')
      .addColumn('redirect_url', 'text')
      .addColumn('cancel_url', 'text')
      .addColumn('metadata', 'text')
      .addColumn('narration', 'text')
      .addColumn('status_description', 'text', (c) => c.notNull())
      .addColumn('bank_transfer', 'text')
      .addColumn('paid_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sandbox_transactions_by_created')
      .on('sandbox_transactions')
      .columns(['created_at', 'reference'])
      .execute();
    await db.schema.createIndex('sandbox_transactions_due').on('sandbox_transactions').column('due_at').execute();
    await db.schema
      .createIndex('sandbox_transactions_by_link')
      .on('sandbox_transactions')
      .columns(['payment_link_id', 'status'])
      .execute();

    await db.schema
      .createTable('sandbox_recipients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('account_label', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sandbox_disbursements')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('reference', 'text', (c) => c.notNull().unique())
      .addColumn('external_reference', 'text', (c) => c.notNull().unique())
      .addColumn('providers_reference', 'text', (c) => c.notNull())
      .addColumn('transfer_recipient_id', 'text', (c) => c.notNull())
      .addColumn('transfer_recipient_label', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('charge', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('channel', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('status_description', 'text', (c) => c.notNull())
      .addColumn('narration', 'text')
      .addColumn('webhook_url', 'text')
      .addColumn('due_status', 'text')
      .addColumn('due_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('completed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('sandbox_disbursements_by_created')
      .on('sandbox_disbursements')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema.createIndex('sandbox_disbursements_due').on('sandbox_disbursements').column('due_at').execute();

    await db.schema
      .createTable('sandbox_wallets')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sandbox_webhook_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('signature', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('last_status', 'integer')
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('delivered_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('sandbox_webhook_deliveries_due')
      .on('sandbox_webhook_deliveries')
      .columns(['state', 'next_attempt_at'])
      .execute();

    await db.schema
      .createTable('sandbox_webhook_attempts')
      .addColumn('delivery_id', 'text', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('error', 'text')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sandbox_webhook_attempts_pk', ['delivery_id', 'attempt'])
      .execute();
  },
};
