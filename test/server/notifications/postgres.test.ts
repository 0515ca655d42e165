/**
 * Merchant notifications on PostgreSQL: the outbox row is committed with the final
 * status or not at all, and two backend instances delivering at once send each message once.
 * Skipped visibly when no PostgreSQL is available.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pino } from 'pino';
import { deliverDueNotifications } from '../../../server/notifications/deliver.ts';
import { createPaymentEvents } from '../../../server/payments/events.ts';
import { findPayment, writePatch } from '../../../server/payments/repository.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';
import { mtnCi, paidOut, validatedRecipient } from '../payouts/helpers.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';
import { outbox, WHSEC_SECRET } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

const logger = pino({ level: 'silent' });

describe.skipIf(!postgresUrl)('merchant notifications on PostgreSQL', () => {
  let database: FreshDatabase;
  let store: Store;
  let other: Store;
  let receiver: Receiver;
  let t: AppFixture;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    database = await freshPostgresDatabase();
    store = await openStore({ databaseUrl: database.url });
    other = await openStore({ databaseUrl: database.url }); // a second backend instance
    receiver = await startReceiver({ secret: WHSEC_SECRET, now: () => t.clock.now() });
    t = await startApp({
      store,
      env: {
        DATABASE_URL: database.url,
        MERCHANT_WEBHOOK_URL: receiver.url,
        MERCHANT_WEBHOOK_SECRET: WHSEC_SECRET,
      },
    });
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
    await store.close();
    await other.close();
    await database.drop();
    vi.useRealTimers();
  });

  it('a payment and a payout become final; two instances delivering at once send each message once', async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000001'));
    const recipient = await validatedRecipient(t, mtnCi());
    const payout = await paidOut(t, { transferRecipientId: recipient, amount: 8_000 });
    await t.settle();
    expect((await outbox(t)).map((row) => [row.type, row.subject]).sort()).toEqual(
      [
        ['payment.succeeded', reference],
        ['payout.succeeded', payout.reference],
      ].sort(),
    );

    const round = (db: Store['db']) =>
      deliverDueNotifications({ db, clock: t.clock, config: t.config, logger, random: () => 0.5 });
    const attempted = await Promise.all([round(store.db), round(other.db), round(store.db), round(other.db)]);
    expect(attempted.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(receiver.deliveries).toHaveLength(2);
    expect(receiver.deliveries.map((d) => d.verifyError)).toEqual([null, null]);
    expect((await outbox(t)).map((row) => row.status)).toEqual(['delivered', 'delivered']);
    const attempts = await store.db.selectFrom('merchant_notification_attempts').selectAll().execute();
    expect(attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 200],
      [1, 200],
    ]);
  });

  it('no final status without its notification: a failed enqueue rolls the change back', async () => {
    const { reference } = await created(t, fixedCiPayment('+2250700000000'));
    const row = await findPayment(store.db, reference);
    const failing = {
      db: store.db,
      clock: t.clock,
      logger,
      events: createPaymentEvents(store, { logger }),
      notifier: {
        payment: async () => {
          throw new Error('disk full');
        },
        flagged: async () => undefined,
        payout: async () => undefined,
      },
    };
    await expect(
      writePatch(failing, row!, { status: 'failed', action: 'none', message: 'x' }),
    ).rejects.toThrow('disk full');
    expect(await findPayment(store.db, reference)).toEqual(row);
    expect((await outbox(t)).filter((n) => n.subject === reference)).toEqual([]);
  });
});
