/**
 * `GET /metrics`: Prometheus text 0.0.4 behind the merchant key; requests counted by
 * route pattern (never the raw path), a latency histogram, payments by status counted at scrape time,
 * provider errors as answered, and webhook deliveries received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment } from '../payments/helpers.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const AUTH = { authorization: `Bearer ${TEST_MERCHANT_KEY}` };

/** Every sample line as `name{labels}` -> value; fails on a line that is not in the text format. */
async function scrape(): Promise<Map<string, number>> {
  const res = await t.request('GET', '/metrics', undefined, AUTH);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(res.text.endsWith('\n')).toBe(true);
  const samples = new Map<string, number>();
  for (const line of res.text.trimEnd().split('\n')) {
    if (line.startsWith('#')) {
      expect(line).toMatch(/^# (HELP [a-z_]+ .+|TYPE [a-z_]+ (counter|gauge|histogram))$/);
      continue;
    }
    const match = /^([a-z_]+(?:\{(?:[a-z_]+="(?:[^"\\\n]|\\.)*",?)*\})?) (-?[\d.e+-]+)$/.exec(line);
    expect(match, line).not.toBeNull();
    samples.set(match![1]!, Number(match![2]));
  }
  return samples;
}

const value = (samples: Map<string, number>, key: string) => samples.get(key) ?? 0;

describe('GET /metrics', () => {
  it('needs the merchant key', async () => {
    const res = await t.request('GET', '/metrics');
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('unauthorized');
  });

  it('counts requests by method, route pattern and status, with a latency histogram', async () => {
    const before = await scrape();
    const link = 'pay_http_requests_total{method="GET",route="/api/v1/links/:id",status="200"}';
    const missing = 'pay_http_requests_total{method="GET",route="/api/v1/links/:id",status="404"}';
    await t.request('GET', '/api/v1/links/lnk_fixed_ci');
    await t.request('GET', '/api/v1/links/lnk_fixed_ci');
    await t.request('GET', '/api/v1/links/lnk_nope');
    const after = await scrape();
    expect(value(after, link) - value(before, link)).toBe(2);
    expect(value(after, missing) - value(before, missing)).toBe(1);
    expect([...after.keys()].some((key) => key.includes('lnk_fixed_ci'))).toBe(false);

    const count = 'pay_http_request_duration_seconds_count{method="GET",route="/api/v1/links/:id"}';
    const inf = 'pay_http_request_duration_seconds_bucket{method="GET",route="/api/v1/links/:id",le="+Inf"}';
    expect(value(after, count) - value(before, count)).toBe(3);
    expect(value(after, inf)).toBe(value(after, count));
    expect(
      value(after, 'pay_http_request_duration_seconds_sum{method="GET",route="/api/v1/links/:id"}'),
    ).toBeGreaterThan(0);
    // Buckets are cumulative: never fewer in a wider one.
    const buckets = [...after.entries()]
      .filter(([key]) =>
        key.startsWith('pay_http_request_duration_seconds_bucket{method="GET",route="/api/v1/links/:id"'),
      )
      .map(([, n]) => n);
    expect(buckets.length).toBe(13);
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });

  it('counts payments by status at scrape time', async () => {
    const before = await scrape();
    expect(before.get('pay_payments{status="pending"}')).toBe(0);
    const { payment } = await created(t, fixedCiPayment('+2250700000001'));
    const after = await scrape();
    const total = (samples: Map<string, number>) =>
      [...samples].filter(([key]) => key.startsWith('pay_payments{')).reduce((sum, [, n]) => sum + n, 0);
    expect(total(after) - total(before)).toBe(1);
    expect(value(after, `pay_payments{status="${String(payment.status)}"}`)).toBe(1);
    expect(after.get('pay_payouts{status="processing"}')).toBe(0);
  });

  it('counts provider errors answered to a caller', async () => {
    const faults = (body: unknown) =>
      t.sandbox.app.request('/_admin/faults', {
        method: 'PUT',
        headers: {
          'client-id': t.config.clientId,
          'client-secret': t.config.clientSecret,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
    const sum = (samples: Map<string, number>) =>
      [...samples]
        .filter(([key]) => key.startsWith('pay_provider_errors_total{'))
        .reduce((total, [, n]) => total + n, 0);
    const before = await scrape();
    expect((await faults({ errorRate: 1 })).status).toBe(200);
    const res = await t.request('GET', '/api/v1/wallets', undefined, AUTH);
    expect((await faults({ errorRate: 0 })).status).toBe(200);
    expect(res.status).toBeGreaterThanOrEqual(502);
    expect(sum(await scrape()) - sum(before)).toBe(1);
  });

  it('counts webhook deliveries received, by kind and answer', async () => {
    const key = 'pay_webhook_deliveries_received_total{kind="payments",status="401"}';
    const before = await scrape();
    const res = await t.request('POST', '/webhooks/payments', { event: 'x' }, { 'x-signature': 'bad' });
    expect(res.status).toBe(401);
    expect(value(await scrape(), key) - value(before, key)).toBe(1);
  });
});
