/**
 * GET /api/v1/notifications and POST /api/v1/notifications/:id/retry: the delivery log behind the
 * merchant key, under the same list envelope and query rules as the other merchant lists; and the
 * settings that turn notifications on.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import type { AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';
import { deliver, MERCHANT, notifyingApp, outbox, WHSEC_SECRET } from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let t: AppFixture;
let receiver: Receiver;
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  receiver = await startReceiver({ secret: WHSEC_SECRET, now: () => t.clock.now() });
  t = await notifyingApp(receiver.url, WHSEC_SECRET);
});
afterEach(async () => {
  await receiver.close();
  await t.close();
  vi.useRealTimers();
});

const list = (query = '') => t.request('GET', `/api/v1/notifications${query}`, undefined, MERCHANT);

describe('GET /api/v1/notifications', () => {
  it('lists deliveries newest first with their attempts, filtered by status', async () => {
    const paid = await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    receiver.answerNext(500);
    await deliver(t, () => 0.5);
    await t.clock.advance(60_000);
    const refused = await created(t, fixedCiPayment('+2250700000004'));
    await t.settle();
    await deliver(t, () => 0.5); // the first one's retry (200) and the new one (200)
    const [first, second] = await outbox(t);

    const all = await list();
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    expect(all.json).toMatchObject({ statusCode: 200, total: 2, page: 1, pages: 1, limit: 4 });
    expect(all.json.data.map((n: { subject: string }) => n.subject)).toEqual([
      refused.reference,
      paid.reference,
    ]);
    const older = all.json.data[1];
    expect(older).toEqual({
      id: first?.id,
      type: 'payment.succeeded',
      subject: paid.reference,
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      createdAt: '2026-11-22T10:00:00.000Z',
      deliveredAt: '2026-11-22T10:01:00.000Z',
      payload: JSON.parse(first?.payload ?? ''),
      history: [
        {
          attempt: 1,
          at: '2026-11-22T10:00:00.000Z',
          statusCode: 500,
          error: 'HTTP 500',
          durationMs: expect.any(Number),
        },
        { attempt: 2, at: '2026-11-22T10:01:00.000Z', statusCode: 200, durationMs: expect.any(Number) },
      ],
    });
    expect(all.json.data[0]).toMatchObject({ id: second?.id, type: 'payment.failed', status: 'delivered' });

    const delivered = await list('?status=delivered&limit=1&page=2');
    expect(delivered.json).toMatchObject({ total: 2, page: 2, pages: 2, limit: 1 });
    expect(delivered.json.data.map((n: { id: string }) => n.id)).toEqual([first?.id]);
    expect((await list('?status=failed')).json).toMatchObject({ total: 0, pages: 0, data: [] });
    expect((await list('?dateFrom=2026-11-23')).json.total).toBe(0);
    expect((await list('?dateFrom=2026-11-22&dateTo=2026-11-22')).json.total).toBe(2);
  });

  it('refuses a missing key with the 401 envelope', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/notifications'],
      ['POST', '/api/v1/notifications/msg_0123/retry'],
    ] as const) {
      const res = await t.request(method, path, undefined, { authorization: 'Bearer wrong-key-0123456789' });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="pay-checkout"');
      expect(res.json).toEqual({
        statusCode: 401,
        error: {
          code: 'unauthorized',
          message: 'A valid merchant API key is required: Authorization: Bearer <key>',
        },
      });
    }
  });

  it('refuses a bad query with the 400 envelope naming the field', async () => {
    for (const [query, path] of [
      ['?status=sent', 'status'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?page=0', 'page'],
      ['?dateFrom=22-11-2026', 'dateFrom'],
      ['?dateFrom=2026-11-23&dateTo=2026-11-22', 'dateTo'],
      ['?status=failed&status=pending', 'status'],
      ['?subject=pay_1', ''],
    ]) {
      const res = await list(query);
      expect(res.status, query).toBe(400);
      expect(res.json.statusCode).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'validation_failed', message: 'The query is not valid' });
      expect(
        res.json.error.fields.map((f: { path: string }) => f.path),
        query,
      ).toEqual([path]);
    }
  });
});

describe('POST /api/v1/notifications/:id/retry', () => {
  it('is 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.request(
      'POST',
      '/api/v1/notifications/msg_0123456789abcdef/retry',
      undefined,
      MERCHANT,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({
      statusCode: 404,
      error: { code: 'not_found', message: 'Notification not found' },
    });
    const malformed = await t.request(
      'POST',
      `/api/v1/notifications/${'x'.repeat(101)}/retry`,
      undefined,
      MERCHANT,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'validation_failed', fields: [{ path: 'id' }] });
  });

  it('leaves a pending notification as it is (it is already queued)', async () => {
    await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    receiver.answerNext(500);
    await deliver(t, () => 0.5);
    const [before] = await outbox(t);
    const res = await t.request('POST', `/api/v1/notifications/${before?.id}/retry`, undefined, MERCHANT);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await outbox(t)).toEqual([before]);
  });
});

describe('settings', () => {
  const base = { PUBLIC_URL: 'http://pay.test' };
  it('notifications are off unless MERCHANT_WEBHOOK_URL is set, and a URL needs its secret', () => {
    expect(loadConfig(base)).toMatchObject({
      merchantWebhookUrl: undefined,
      merchantWebhookTimeoutMs: 10_000,
      merchantWebhookRetryBaseMs: 5_000,
      merchantWebhookRetryCapMs: 3_600_000,
      merchantWebhookMaxAttempts: 30,
    });
    expect(() => loadConfig({ ...base, MERCHANT_WEBHOOK_URL: 'https://shop.test/hooks' })).toThrow(
      'MERCHANT_WEBHOOK_SECRET is required when MERCHANT_WEBHOOK_URL is set',
    );
    expect(() =>
      loadConfig({
        ...base,
        MERCHANT_WEBHOOK_URL: 'https://shop.test/hooks',
        MERCHANT_WEBHOOK_SECRET: 'whsec_not*base64*at-all',
      }),
    ).toThrow(ConfigError);
    for (const [name, value] of [
      ['MERCHANT_WEBHOOK_MAX_ATTEMPTS', '0'],
      ['MERCHANT_WEBHOOK_TIMEOUT_MS', '0'],
      ['MERCHANT_WEBHOOK_RETRY_BASE_MS', 'soon'],
    ]) {
      expect(() => loadConfig({ ...base, [name as string]: value as string }), name).toThrow(name);
    }
  });
});
