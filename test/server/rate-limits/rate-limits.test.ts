/**
 * Rate limits: 429 `rate_limited` with Retry-After, per scope, by the injected clock. Each is a sliding
 * window: a window's hits still weigh on the next one, fading as it passes, so Retry-After reaches past
 * the window's end.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { create, created, fixedCiPayment, get } from '../payments/helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const limited = {
  statusCode: 429,
  error: { code: 'rate_limited', message: 'Too many requests; try again later' },
};

describe('rate limits', () => {
  it('create: per client IP, with Retry-After until the window has slid past enough hits', async () => {
    t = await startApp({ env: { RATE_LIMITS: 'create=2/60' } });
    expect((await create(t, fixedCiPayment('+2250700000000'))).status).toBe(201);
    expect((await create(t, fixedCiPayment('+2250700000000'))).status).toBe(201);
    await t.clock.advance(20_000);
    const third = await create(t, fixedCiPayment('+2250700000000'));
    expect(third.status).toBe(429);
    expect(third.json).toEqual(limited);
    // 40 s to the window's end, then 30 s until the two hits weigh 1 (half the next window).
    expect(third.headers.get('retry-after')).toBe('70');
    await t.clock.advance(40_000);
    expect((await create(t, fixedCiPayment('+2250700000000'))).status).toBe(429);
    await t.clock.advance(30_000);
    expect((await create(t, fixedCiPayment('+2250700000000'))).status).toBe(201);
  });

  it('reference: per payment, so one payment cannot be hammered', async () => {
    t = await startApp({ env: { RATE_LIMITS: 'reference=3/60' } });
    const one = await created(t, fixedCiPayment('+2250700000000'));
    const other = await created(t, fixedCiPayment('+2250700000000'));
    for (let i = 0; i < 3; i++) expect((await get(t, one.reference, one.token)).status).toBe(200);
    const over = await get(t, one.reference, one.token);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('80');
    expect((await get(t, other.reference, other.token)).status).toBe(200);
  });

  it('ip: every public API request counts', async () => {
    t = await startApp({ env: { RATE_LIMITS: 'ip=3/10' } });
    for (let i = 0; i < 3; i++)
      expect((await t.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
    const over = await t.request('GET', '/api/v1/links/lnk_fixed_ci');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('14');
    // Webhooks and health checks are not public API calls.
    expect((await t.request('GET', '/healthz')).status).toBe(200);
  });

  it('RATE_LIMITS=off lifts them all', async () => {
    t = await startApp({ env: { RATE_LIMITS: 'off' } });
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    for (let i = 0; i < 100; i++) expect((await get(t, reference, token)).status).toBe(200);
  });
});
