/**
 * The backend's own tables (docs/storage.md#storage): checkout sessions, payments, idempotency keys,
 * uploads and received provider webhooks. Money and times are bigint (minor units, epoch ms UTC).
 */
import type { Kysely, Migration } from 'kysely';
import type { Engine } from '../engine.ts';

export function paymentTables(engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('checkout_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('merchant_reference', 'text')
        .addColumn('customer', 'text')
        .addColumn('description', 'text')
        .addColumn('metadata', 'text')
        .addColumn('return_url', 'text')
        .addColumn('paid_reference', 'text')
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('payments')
        .addColumn('reference', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('link_id', 'text')
        .addColumn('session_id', 'text')
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('provider', 'text')
        .addColumn('network', 'text')
        .addColumn('phone_number', 'text')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint')
        .addColumn('total', 'bigint')
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('currency_exponent', 'integer', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('message', 'text')
        .addColumn('redirect_url', 'text')
        .addColumn('bank_transfer', 'text')
        .addColumn('wrong_codes', 'integer', (c) => c.notNull())
        .addColumn('last_confirm', 'text')
        .addColumn('expires_at', 'bigint')
        .addColumn('paid_at', 'bigint')
        .addColumn('customer', 'text', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('return_url', 'text')
        .addColumn('provider_reference', 'text')
        .addColumn('flag', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('verified_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_by_status').on('payments').columns(['status', 'updated_at']).execute();
      await db.schema.createIndex('payments_by_link').on('payments').columns(['link_id', 'status']).execute();
      await db.schema.createIndex('payments_by_session').on('payments').columns(['session_id', 'status']).execute();
      await db.schema.createIndex('payments_by_created').on('payments').columns(['created_at', 'reference']).execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idempotency_keys_expiry').on('idempotency_keys').column('expires_at').execute();

      await db.schema
        .createTable('uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('data', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('payment_reference', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint')
        .execute();
      await db.schema.createIndex('uploads_by_ip').on('uploads').columns(['ip', 'created_at']).execute();

      await db.schema
        .createTable('provider_webhooks')
        .addColumn('dedup_key', 'text', (c) => c.primaryKey())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('processed_at', 'bigint')
        .execute();
      await db.schema.createIndex('provider_webhooks_by_reference').on('provider_webhooks').column('reference').execute();
    },
  };
}
