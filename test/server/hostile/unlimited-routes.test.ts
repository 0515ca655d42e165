/**
 * Every route the public can reach is limited per client IP: `/metrics` and the console's session routes
 * (`merchant`, 120 a minute), and provider webhooks (`webhook`, 1,200 a minute per source address, far
 * above a provider's bursts).
 */
import { afterEach, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
afterEach(() => t.close());

async function hammer(times: number, send: () => Promise<{ status: number }>): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (let i = 0; i < times; i++) {
    const { status } = await send();
    counts[status] = (counts[status] ?? 0) + 1;
  }
  return counts;
}

it('/metrics: 120 a minute per IP, wrong keys and right keys alike', async () => {
  t = await startApp();
  expect(await hammer(125, () => t.request('GET', '/metrics', undefined, { authorization: 'Bearer nope' }))).toEqual({
    401: 120,
    429: 5,
  });
  const limited = await t.request('GET', '/metrics', undefined, { authorization: `Bearer ${TEST_MERCHANT_KEY}` });
  expect(limited.status).toBe(429);
  expect(limited.json.error.code).toBe('rate_limited');
});

it('/console/session: 120 a minute per IP', async () => {
  t = await startApp();
  expect(await hammer(125, () => t.request('GET', '/console/session'))).toEqual({ 401: 120, 429: 5 });
});

it('/webhooks/*: 1,200 a minute per source IP, counted before the signature is checked', async () => {
  t = await startApp({ env: { TRUST_PROXY: '1' } });
  const text = JSON.stringify({ event: 'payment.completed' });
  const post = (path: string, ip: string) =>
    t.request('POST', path, text, { 'x-webhook-signature': 'v1=forged', 'x-forwarded-for': ip });
  expect(await hammer(1205, () => post('/webhooks/payments', '203.0.113.5'))).toEqual({ 401: 1200, 429: 5 });
  expect((await post('/webhooks/disbursements', '203.0.113.5')).status).toBe(429);
  // The provider's own address is another count.
  const genuine = JSON.stringify({
    event: 'payment.completed',
    clientId: t.config.clientId,
    data: { reference: 'pay_ffffffffffffffffffffffffffffffff', amount: 100, currency: 'XOF', status: 'success' },
  });
  const delivered = await t.request('POST', '/webhooks/payments', genuine, {
    'x-webhook-signature': signWebhook(genuine, t.config.clientSecret),
    'x-forwarded-for': '49.12.224.228',
  });
  expect(delivered.status).toBe(200);
});
