// Security and operability across a whole session of traffic: the provider's client secret never
// appears in any response body or log line, and every log line written during a request names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../server/provider/signature.ts';
import { startApp, type AppFixture } from './app-fixture.ts';
import { confirm, create, created, fixedCiPayment, get } from './payments/helpers.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
  // Traffic of every kind: a journey, wrong codes, provider errors, forged webhooks, bad input.
  const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
  await confirm(t, reference, token, { otp: '000000' });
  await confirm(t, reference, token, { otp: '123456' });
  await t.settle();
  await get(t, reference, token);
  await create(t, fixedCiPayment('+2250700000005'));
  await t.request('POST', '/webhooks/payments', '{"event":"payment.completed"}', {
    'x-webhook-signature': signWebhook('{"other":"body"}', t.config.clientSecret),
  });
  await t.request('POST', '/api/v1/payments', '{not json', { 'Idempotency-Key': 'k-bad-json' });
  await t.request('GET', '/api/v1/links/%00%ff');
  await t.request('GET', '/sandbox/payments/v1/payment-links', undefined, {
    'client-id': t.config.clientId,
    'client-secret': 'a-wrong-secret',
  });
});
afterAll(() => t.close());

describe('the client secret', () => {
  it('is in no response body', () => {
    expect(t.bodies.length).toBeGreaterThan(8);
    for (const body of t.bodies) expect(body).not.toContain(t.config.clientSecret);
  });

  it('is in no log line', () => {
    expect(t.logs.length).toBeGreaterThan(8);
    for (const line of t.logs) expect(JSON.stringify(line)).not.toContain(t.config.clientSecret);
  });
});

describe('request ids', () => {
  it('are on every access line and match the response header', async () => {
    const response = await t.app.request('/healthz', { headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    const access = t.logs.filter((line) => line.msg === 'request');
    expect(access.length).toBeGreaterThan(8);
    for (const line of access) expect(line.requestId).toEqual(expect.any(String));
    expect(access.at(-1)).toMatchObject({
      requestId: 'trace-123',
      method: 'GET',
      path: '/healthz',
      status: 200,
    });
  });

  it('are on the domain lines written inside a request', () => {
    // Written by the payment service (create) and by the repository, reached from routes and webhooks.
    for (const msg of ['payment created', 'payment status changed']) {
      const lines = t.logs.filter((line) => line.msg === msg);
      expect(lines.length, msg).toBeGreaterThan(0);
      for (const line of lines) expect(line.requestId, msg).toEqual(expect.any(String));
    }
  });

  it('replace a caller id that is not a plain token', async () => {
    const response = await t.app.request('/healthz', { headers: { 'x-request-id': 'has spaces; and=more' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
