/**
 * Purging a payment (RETENTION_DAYS): once final and unchanged for the retention period, its row keeps
 * the accounting record and loses whatever names or reaches the payer:
 *
 * - blanked: `customer` (name, email, phone), `fields` (custom-field answers), `phone_number`,
 *   `return_url` (the merchant page's address may carry the payer's details in its query),
 *   `redirect_url` (a hosted page's address may carry them too), `bank_transfer` (a virtual account may be
 *   named after the payer), `last_confirm` (the hash of an OTP; of no use once final);
 * - deleted: the uploads the payment used (file bytes and the uploader's IP);
 * - emptied: the stored bodies of its provider webhooks (they carry the payer's phone and name);
 * - kept: reference, link or session, method, provider and network, amounts and fee, currency and
 *   country, status and message, flag, provider reference, times, and the token hash (the payer's
 *   receipt link still reads the status).
 *
 * Checkout sessions, which hold the customer the merchant gave, lose it (and their return URL) once
 * expired for the retention period; their amount, reference, description and metadata are the merchant's
 * own order data and stay.
 */
import { sql } from 'kysely';
import { FINAL_PAYMENT_STATUSES } from '../../widget/shared/contract.ts';
import type { PurgeBatch } from './batch.ts';
import { emptyWebhookBodies } from './webhooks.ts';

/** One batch of due payments, blanked with their uploads and webhook bodies in one transaction. */
export async function purgePayments({ store, cutoff, now, limit }: PurgeBatch) {
  return store.db.transaction().execute(async (trx) => {
    // `purged_at is null` is written as SQL so the partial index payments_to_purge serves the query.
    const due = await trx
      .selectFrom('payments')
      .select('reference')
      .where(sql<boolean>`purged_at is null`)
      .where('updated_at', '<', cutoff)
      .where('status', 'in', FINAL_PAYMENT_STATUSES)
      // A provider's paidAt may run ahead of our clock: the later of the two times counts.
      .where((eb) => eb.or([eb('paid_at', 'is', null), eb('paid_at', '<', cutoff)]))
      .orderBy('updated_at')
      .orderBy('reference')
      .limit(limit)
      .execute();
    const references = due.map((row) => row.reference);
    if (references.length === 0) return { rows: 0, purged: {} };
    // Neither `version` nor `updated_at` moves: the payer's view is unchanged, and the last change of
    // the payment itself stays what it was.
    const purged = await trx
      .updateTable('payments')
      .set({
        customer: '{}',
        fields: '{}',
        phone_number: null,
        return_url: null,
        redirect_url: null,
        bank_transfer: null,
        last_confirm: null,
        purged_at: now,
      })
      .where('reference', 'in', references)
      .where(sql<boolean>`purged_at is null`)
      .returning('reference')
      .execute();
    const done = purged.map((row) => row.reference);
    if (done.length === 0) return { rows: references.length, purged: {} };
    // By the upload's own link: one a later retry reuses belongs to that payment, and stays with it.
    const uploads = await trx.deleteFrom('uploads').where('payment_reference', 'in', done).executeTakeFirst();
    const webhooks = await emptyWebhookBodies(trx, done);
    return {
      rows: references.length,
      purged: { payments: done.length, uploads: Number(uploads.numDeletedRows), webhooks },
    };
  });
}

/** One batch of checkout sessions expired for the retention period: customer and return URL go. */
export async function purgeSessions({ store, cutoff, now, limit }: PurgeBatch) {
  const due = await store.db
    .selectFrom('checkout_sessions')
    .select('id')
    .where(sql<boolean>`purged_at is null`)
    .where('expires_at', '<', cutoff)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return { rows: 0, purged: {} };
  await store.db
    .updateTable('checkout_sessions')
    .set({ customer: null, return_url: null, purged_at: now })
    .where('id', 'in', ids)
    .execute();
  return { rows: ids.length, purged: { sessions: ids.length } };
}
