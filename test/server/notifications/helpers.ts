/**
 * Shared moves of the notification suites: an app whose MERCHANT_WEBHOOK_URL is a real receiver, a
 * deliverer round as main.ts's schedule would run it (with a log the test can read), and the outbox.
 */
import { Writable } from 'node:stream';
import { createLogger } from '../../../server/logger.ts';
import { deliverDueNotifications } from '../../../server/notifications/deliver.ts';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';

export const MERCHANT = { authorization: `Bearer ${TEST_MERCHANT_KEY}` } as const;

/** A Standard Webhooks secret: `whsec_` and base64 of 24 random-looking bytes. */
export const WHSEC_SECRET = `whsec_${Buffer.from('notification-test-key-24b').toString('base64')}`;
/** A secret used as its UTF-8 bytes (verified with `format: 'raw'`). */
export const RAW_SECRET = 'merchant-raw-secret-0123456789';

export function notifyingApp(url: string, secret: string, env: Record<string, string> = {}) {
  return startApp({
    env: {
      MERCHANT_WEBHOOK_URL: url,
      MERCHANT_WEBHOOK_SECRET: secret,
      MERCHANT_WEBHOOK_TIMEOUT_MS: '10000',
      ...env,
    },
  });
}

/** Deliverer log lines, parsed. */
export const deliveryLogs: Record<string, unknown>[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) deliveryLogs.push(JSON.parse(line));
      done();
    },
  }),
);

/** One deliverer round; `random` pins the jitter (default: the largest delay allowed, just under 1). */
export function deliver(t: AppFixture, random: () => number = () => 0.999) {
  return deliverDueNotifications({ db: t.store.db, clock: t.clock, config: t.config, logger, random });
}

export function outbox(t: AppFixture) {
  return t.store.db
    .selectFrom('merchant_notifications')
    .selectAll()
    .orderBy('created_at')
    .orderBy('type')
    .execute();
}

export function attemptLog(t: AppFixture, id: string) {
  return t.store.db
    .selectFrom('merchant_notification_attempts')
    .selectAll()
    .where('notification_id', '=', id)
    .orderBy('attempt')
    .execute();
}
