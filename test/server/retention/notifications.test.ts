/**
 * RETENTION_DAYS on merchant notifications: a payment notification's payload holds the customer and the
 * custom-field answers. Once settled and older than the window it is emptied (the delivery log keeps its
 * times and answers), a pending one keeps its payload, and a purged one cannot be sent again.
 */
import { afterEach, expect, it } from 'vitest';
import { deliverDueNotifications } from '../../../server/notifications/deliver.ts';
import { createLogger } from '../../../server/logger.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';
import { DAY_MS, marathonPayment, MERCHANT, purge, upload } from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

/** A merchant endpoint that accepts the notifications of `type` and answers 503 to the others. */
function merchantEndpoint(type: string): typeof fetch {
  return (_url, init) => {
    const sent = JSON.parse(String(init?.body)) as { type: string };
    return Promise.resolve(new Response(null, { status: sent.type === type ? 200 : 503 }));
  };
}

function deliver(endpoint: typeof fetch) {
  const logger = createLogger('silent');
  return deliverDueNotifications({ db: t.store.db, clock: t.clock, config: t.config, logger, fetch: endpoint });
}

async function notifications() {
  const res = await t.app.request('/api/v1/notifications', { headers: MERCHANT });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { id: string; subject: string; status: string; payload?: unknown; purgedAt?: string }[] }).data;
}

it('empties settled notifications past the window, keeps pending ones, and refuses to resend a purged one', async () => {
  t = await startApp({
    env: {
      RETENTION_DAYS: '30',
      MERCHANT_WEBHOOK_URL: 'http://merchant.test/notifications',
      MERCHANT_WEBHOOK_SECRET: 'merchant-raw-secret-0123456789',
    },
  });
  const answered = await created(t, marathonPayment(await upload(t)));
  const unanswered = await created(t, fixedCiPayment('+2250700000004'));
  await t.settle();
  // The success is accepted; the failure's delivery fails (still pending, to be retried later).
  expect(await deliver(merchantEndpoint('payment.succeeded'))).toBe(2);
  const before = await notifications();
  const delivered = before.find((n) => n.subject === answered.reference);
  const pending = before.find((n) => n.subject === unanswered.reference);
  expect(delivered).toMatchObject({ status: 'delivered', payload: { type: 'payment.succeeded' } });
  expect(JSON.stringify(delivered?.payload)).toContain('Moussa Diop'); // the customer, before the purge
  expect(pending).toMatchObject({ status: 'pending', payload: { type: 'payment.failed' } });

  await t.clock.advance(31 * DAY_MS);
  const { report } = await purge(t);
  expect(report.notifications).toBe(1);

  const after = await notifications();
  const purged = after.find((n) => n.id === delivered?.id);
  expect(purged).toMatchObject({ status: 'delivered', purgedAt: new Date(t.clock.now()).toISOString() });
  expect(purged).not.toHaveProperty('payload');
  const row = await t.store.db
    .selectFrom('merchant_notifications')
    .select(['payload', 'purged_at'])
    .where('id', '=', delivered?.id ?? '')
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ payload: '{}', purged_at: t.clock.now() });
  expect(after.find((n) => n.id === pending?.id)).toEqual(
    expect.objectContaining({ status: 'pending', payload: pending?.payload }),
  );

  const retry = await t.app.request(`/api/v1/notifications/${delivered?.id}/retry`, { method: 'POST', headers: MERCHANT });
  expect(retry.status).toBe(404);
  expect(await retry.json()).toEqual({
    statusCode: 404,
    error: { code: 'not_found', message: 'This notification was purged under RETENTION_DAYS and cannot be sent again' },
  });
  // A second round finds nothing more.
  expect((await purge(t)).report.notifications).toBe(0);
});
