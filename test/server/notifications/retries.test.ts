/**
 * Retries of merchant notifications: every failure (an error status, a timeout, a dropped connection, a
 * redirect) is logged and retried after a full-jitter backoff within the capped exponential bound, with
 * the same webhook-id and bytes, until one attempt is delivered, or the attempts run out and the
 * merchant re-queues it. The test clock drives time; nothing waits on the wall clock.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryDelayMs } from '../../../server/notifications/deliver.ts';
import { backoffMs } from '../../../server/sandbox/webhooks.ts';
import type { AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';
import {
  attemptLog,
  deliver,
  deliveryLogs,
  MERCHANT,
  notifyingApp,
  outbox,
  WHSEC_SECRET,
} from './helpers.ts';
import { refusingUrl, startReceiver, type Receiver } from './receiver.ts';

let t: AppFixture;
let receiver: Receiver | undefined;
const now = () => t.clock.now();
const RETRIES = {
  MERCHANT_WEBHOOK_RETRY_BASE_MS: '1000',
  MERCHANT_WEBHOOK_RETRY_CAP_MS: '3000',
  MERCHANT_WEBHOOK_MAX_ATTEMPTS: '6',
  MERCHANT_WEBHOOK_TIMEOUT_MS: '10000',
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
  await t?.close();
  vi.useRealTimers();
});

/** A paid payment whose notification is waiting in the outbox; answers the row. */
async function queued() {
  await created(t, fixedCiPayment('+2250700000001'));
  await t.settle();
  const rows = await outbox(t);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

describe('retries', () => {
  it('500, timeout, dropped connection and redirect are retried with backoff; then delivered once', async () => {
    receiver = await startReceiver({ secret: WHSEC_SECRET, now });
    t = await notifyingApp(receiver.url, WHSEC_SECRET, RETRIES);
    const row = await queued();
    receiver.answerNext(500, 'hang', 'reset', 302, 200);

    expect(await deliver(t)).toBe(1); // 500
    expect(await deliver(t)).toBe(0); // not due again yet
    let current = (await outbox(t))[0]!;
    expect(current.next_attempt_at! - now()).toBe(Math.floor(0.999 * 1000));

    await t.clock.advance(999);
    const hanging = deliver(t);
    await receiver.arrived(2);
    await t.clock.advance(10_000); // the attempt's timeout, on the test clock
    expect(await hanging).toBe(1);
    current = (await outbox(t))[0]!;
    expect(current).toMatchObject({ status: 'pending', attempts: 2, last_status_code: null });
    expect(current.next_attempt_at! - now()).toBe(Math.floor(0.999 * 2000));

    await t.clock.advance(1998);
    expect(await deliver(t)).toBe(1); // connection dropped
    current = (await outbox(t))[0]!;
    expect(current.next_attempt_at! - now()).toBe(Math.floor(0.999 * 3000)); // capped

    await t.clock.advance(2997);
    expect(await deliver(t)).toBe(1); // 302: not followed
    await t.clock.advance(3000);
    expect(await deliver(t)).toBe(1); // 200
    expect(await deliver(t)).toBe(0);
    await t.clock.advance(60_000);
    expect(await deliver(t)).toBe(0);

    const log = await attemptLog(t, row.id);
    expect(log.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, null],
      [3, null],
      [4, 302],
      [5, 200],
    ]);
    expect(log[0]?.error).toBe('HTTP 500');
    expect(log[1]?.error).toBe('Timeout: no answer within 10000 ms');
    expect(log[2]?.error).toMatch(/^TypeError: fetch failed/);
    expect(log[3]?.error).toBe('HTTP 302 (redirects are not followed)');
    expect(log[4]?.error).toBeNull();
    expect((await outbox(t))[0]).toMatchObject({
      status: 'delivered',
      attempts: 5,
      last_status_code: 200,
      next_attempt_at: null,
    });

    // Five attempts reached the receiver (no redirect followed), all the same message, each verified.
    expect(receiver.deliveries).toHaveLength(5);
    expect(new Set(receiver.deliveries.map((d) => d.headers['webhook-id']))).toEqual(new Set([row.id]));
    expect(new Set(receiver.deliveries.map((d) => d.body))).toEqual(new Set([row.payload]));
    expect(receiver.deliveries.map((d) => d.verifyError)).toEqual([null, null, null, null, null]);
    const stamps = receiver.deliveries.map((d) => Number(d.headers['webhook-timestamp']));
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(stamps[4]! - stamps[0]!).toBe(Math.floor((999 + 10_000 + 1998 + 2997 + 3000) / 1000));
    expect(deliveryLogs.filter((line) => line.notification === row.id).map((line) => line.msg)).toEqual([
      ...Array(4).fill('merchant notification not delivered; will retry'),
      'merchant notification delivered',
    ]);
  });

  it('gives up after the last attempt, and the merchant re-queues it', async () => {
    receiver = await startReceiver({ secret: WHSEC_SECRET, now });
    t = await notifyingApp(receiver.url, WHSEC_SECRET, { ...RETRIES, MERCHANT_WEBHOOK_MAX_ATTEMPTS: '3' });
    const row = await queued();
    receiver.answerNext(503, 503, 503);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await deliver(t)).toBe(1);
      await t.clock.advance(3000);
    }
    expect(await deliver(t)).toBe(0);
    expect((await outbox(t))[0]).toMatchObject({
      status: 'failed',
      attempts: 3,
      next_attempt_at: null,
      last_status_code: 503,
    });
    expect(deliveryLogs).toContainEqual(
      expect.objectContaining({ notification: row.id, attempt: 3, msg: expect.stringMatching(/gave up/) }),
    );

    const retried = await t.request('POST', `/api/v1/notifications/${row.id}/retry`, undefined, MERCHANT);
    expect(retried.status).toBe(200);
    expect(retried.json.data).toMatchObject({
      id: row.id,
      status: 'pending',
      attempts: 3,
      nextAttemptAt: new Date(now()).toISOString(),
    });
    expect(await deliver(t)).toBe(1);
    expect((await outbox(t))[0]).toMatchObject({ status: 'delivered', attempts: 4 });
    expect(receiver.deliveries.map((d) => d.headers['webhook-id'])).toEqual(Array(4).fill(row.id));
  });

  it('a refused connection is a failed attempt, logged with its cause', async () => {
    t = await notifyingApp(await refusingUrl(), WHSEC_SECRET, RETRIES);
    const row = await queued();
    expect(await deliver(t)).toBe(1);
    const [attempt] = await attemptLog(t, row.id);
    expect(attempt).toMatchObject({
      attempt: 1,
      status_code: null,
      error: 'TypeError: fetch failed: ECONNREFUSED',
    });
    expect((await outbox(t))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });

  it('the wait before a retry is within [0, min(cap, base * 2^(failures-1))]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 0, max: 86_400_000 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (failures, base, cap, random) => {
          const delay = retryDelayMs(failures, base, cap, () => random);
          expect(Number.isInteger(delay)).toBe(true);
          expect(delay).toBeGreaterThanOrEqual(0);
          expect(delay).toBeLessThanOrEqual(Math.min(cap, base * 2 ** (failures - 1)));
          expect(delay).toBeLessThanOrEqual(backoffMs(failures, base, cap));
        },
      ),
    );
  });
});
