/**
 * Writing merchant notifications into the outbox. The payment and payout repositories call this inside
 * the transaction that makes a status final, so the message exists exactly when the change does; the
 * deliverer (deliver.ts) sends it later. The payload is built and fixed here: the bytes signed and sent
 * on every attempt, whatever happens to the row afterwards.
 */
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { NotificationType } from '../contract/notifications.ts';
import type { MerchantNotifier } from './notifier.ts';
import { toMerchantPayments } from '../payments/list.ts';
import { toPayout } from '../payouts/repository.ts';
import type { Database } from '../store/schema.ts';
import { randomHex } from '../random.ts';

const PAYMENT_TYPES: Record<string, NotificationType> = {
  success: 'payment.succeeded',
  failed: 'payment.failed',
  expired: 'payment.expired',
  cancelled: 'payment.cancelled',
};
const PAYOUT_TYPES: Record<string, NotificationType> = {
  success: 'payout.succeeded',
  failed: 'payout.failed',
};

/** `msg_` and 128 random bits: the Standard Webhooks `webhook-id`, kept across retries. */
const newNotificationId = () => `msg_${randomHex(16)}`;

/** The notifier when MERCHANT_WEBHOOK_URL is set; undefined means notifications are off. */
export function merchantNotifier(
  config: Pick<Config, 'merchantWebhookUrl' | 'merchantWebhookMaxAttempts'>,
): MerchantNotifier | undefined {
  if (!config.merchantWebhookUrl) return undefined;
  const maxAttempts = config.merchantWebhookMaxAttempts;
  return {
    async payment(db, row, now) {
      const type = PAYMENT_TYPES[row.status];
      if (!type) return;
      const [data] = await toMerchantPayments(db, [row]);
      await enqueue(db, { type, subject: row.reference, data, now, maxAttempts });
    },
    async flagged(db, row, now) {
      const [data] = await toMerchantPayments(db, [row]);
      await enqueue(db, { type: 'payment.flagged', subject: row.reference, data, now, maxAttempts });
    },
    async payout(db, row, now) {
      const type = PAYOUT_TYPES[row.status];
      if (!type) return;
      await enqueue(db, { type, subject: row.reference, data: toPayout(row), now, maxAttempts });
    },
  };
}

interface Outgoing {
  type: NotificationType;
  subject: string;
  data: unknown;
  now: number;
  maxAttempts: number;
}

async function enqueue(db: Kysely<Database>, message: Outgoing) {
  // The Standard Webhooks payload: what happened, when, and the object as the merchant's lists show it.
  const payload = JSON.stringify({
    type: message.type,
    timestamp: new Date(message.now).toISOString(),
    data: message.data,
  });
  await db
    .insertInto('merchant_notifications')
    .values({
      id: newNotificationId(),
      type: message.type,
      subject: message.subject,
      payload,
      status: 'pending',
      attempts: 0,
      max_attempts: message.maxAttempts,
      next_attempt_at: message.now,
      last_status_code: null,
      last_error: null,
      created_at: message.now,
      delivered_at: null,
      purged_at: null,
    })
    // A transition is written once (version-guarded), so this only guards against a second writer bug.
    .onConflict((conflict) => conflict.columns(['type', 'subject']).doNothing())
    .execute();
}
