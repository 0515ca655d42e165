/**
 * The payout ledger: recipients validated through us (so a payout knows its
 * provider, currency, country and label before the provider is called) and one row per payout, keyed on
 * our reference (`po_` + 128 random bits), which the provider echoes back as `externalReference`.
 */
import type { Kysely, Migration } from 'kysely';

export const payoutTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payout_recipients')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('channel', 'text')
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('payouts')
      .addColumn('reference', 'text', (c) => c.primaryKey())
      .addColumn('merchant_reference', 'text')
      .addColumn('provider_reference', 'text')
      .addColumn('transfer_recipient_id', 'text', (c) => c.notNull())
      .addColumn('label', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('country', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('final', 'integer', (c) => c.notNull())
      .addColumn('status_description', 'text')
      .addColumn('narration', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('verified_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('completed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('payouts_by_created')
      .on('payouts')
      .columns(['created_at', 'reference'])
      .execute();
    await db.schema.createIndex('payouts_by_final').on('payouts').columns(['final', 'created_at']).execute();
    await db.schema
      .createIndex('payouts_by_provider_reference')
      .on('payouts')
      .column('provider_reference')
      .execute();
  },
};
