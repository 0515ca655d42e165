/**
 * "Pay on your phone": a desktop payer's checkout moved to a phone through a QR code. A handoff names the
 * checkout, the answers the payer had typed, and, once the phone pays through it, that payment; it
 * expires. `follow_hash` is the SHA-256 of the desktop's follow token, so the table never holds a
 * token that would open the payment's result.
 */
import type { Kysely, Migration } from 'kysely';

export const handoffTables: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('payment_handoffs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('follow_hash', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('checkout_id', 'text', (c) => c.notNull())
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('payment_reference', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};
