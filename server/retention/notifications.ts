/**
 * Merchant notifications under RETENTION_DAYS. A payment notification's payload carries the customer and
 * the custom-field answers, so once the notification is settled (delivered, or given up) and older than
 * the retention period, its payload is replaced by `{}` and `purged_at` set: the delivery log keeps
 * what was sent when and how it was answered, and the retry route refuses to send it again. A pending
 * one keeps its payload until it is settled: it still has to be delivered.
 */
import type { PurgeBatch } from './batch.ts';

export async function purgeNotifications({ store, cutoff, now, limit }: PurgeBatch) {
  const due = await store.db
    .selectFrom('merchant_notifications')
    .select('id')
    .where('status', 'in', ['delivered', 'failed'])
    .where('created_at', '<', cutoff)
    .where('purged_at', 'is', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  const ids = due.map((row) => row.id);
  if (ids.length === 0) return { rows: 0, purged: {} };
  await store.db
    .updateTable('merchant_notifications')
    .set({ payload: '{}', purged_at: now })
    .where('id', 'in', ids)
    .where('status', 'in', ['delivered', 'failed']) // a retry may have re-queued it since the select
    .execute();
  return { rows: ids.length, purged: { notifications: ids.length } };
}
