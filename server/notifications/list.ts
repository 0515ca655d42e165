/**
 * The delivery log for the merchant: `GET /api/v1/notifications` (newest first, with every attempt) and
 * the manual retry of one notification. Query rules are those of the other merchant lists (dated-list.ts).
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  NOTIFICATION_STATUSES,
  type Notification,
  type NotificationType,
} from '../contract/notifications.ts';
import { datedListQuerySchema, datedPage } from '../http/dated-list.ts';
import { DEFAULT_LIMITS } from '../provider/schemas.ts';
import type { Database, MerchantNotificationAttemptRow, MerchantNotificationRow } from '../store/schema.ts';

export const NotificationListQuerySchema = datedListQuerySchema(NOTIFICATION_STATUSES);
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

const iso = (time: number) => new Date(time).toISOString();

function toNotification(
  row: MerchantNotificationRow,
  attempts: MerchantNotificationAttemptRow[],
): Notification {
  const notification: Notification = {
    id: row.id,
    type: row.type as NotificationType,
    subject: row.subject,
    status: row.status as Notification['status'],
    attempts: row.attempts,
    createdAt: iso(row.created_at),
    ...(row.purged_at === null
      ? { payload: JSON.parse(row.payload) as Notification['payload'] }
      : { purgedAt: iso(row.purged_at) }),
    history: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: iso(attempt.at),
      ...(attempt.status_code === null ? {} : { statusCode: attempt.status_code }),
      ...(attempt.error === null ? {} : { error: attempt.error }),
      durationMs: attempt.duration_ms,
    })),
  };
  if (row.status === 'pending' && row.next_attempt_at !== null)
    notification.nextAttemptAt = iso(row.next_attempt_at);
  if (row.last_status_code !== null) notification.lastStatusCode = row.last_status_code;
  if (row.last_error !== null) notification.lastError = row.last_error;
  if (row.delivered_at !== null) notification.deliveredAt = iso(row.delivered_at);
  return notification;
}

async function withHistory(db: Kysely<Database>, rows: MerchantNotificationRow[]): Promise<Notification[]> {
  const attempts = rows.length
    ? await db
        .selectFrom('merchant_notification_attempts')
        .selectAll()
        .where(
          'notification_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('attempt')
        .execute()
    : [];
  return rows.map((row) =>
    toNotification(
      row,
      attempts.filter((attempt) => attempt.notification_id === row.id),
    ),
  );
}

export async function listNotifications(db: Kysely<Database>, query: NotificationListQuery) {
  const { rows, ...pages } = await datedPage(db, 'merchant_notifications', query, DEFAULT_LIMITS.checkouts);
  return { statusCode: 200, ...pages, data: await withHistory(db, rows) };
}

async function findNotification(db: Kysely<Database>, id: string): Promise<Notification | undefined> {
  const row = await db
    .selectFrom('merchant_notifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withHistory(db, [row]))[0] : undefined;
}

/**
 * Re-queues a notification that gave up (or was delivered: the merchant may have lost it) to be sent at
 * `now` with a fresh round of attempts; the same id and bytes, so receivers can still deduplicate. A
 * pending one is already queued and is left alone (it may be mid-attempt on another instance).
 */
export async function retryNotification(
  db: Kysely<Database>,
  id: string,
  now: number,
  maxAttempts: number,
): Promise<Notification | undefined> {
  await db
    .updateTable('merchant_notifications')
    .set((eb) => ({
      status: 'pending',
      next_attempt_at: now,
      max_attempts: eb('attempts', '+', maxAttempts),
      delivered_at: null,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'delivered'])
    .where('purged_at', 'is', null)
    .execute();
  return findNotification(db, id);
}
