/**
 * A direct charge sends its phone number an SMS or an approval prompt. Charges to one number are limited
 * (`phone`, 5 per 15 minutes by default) whoever asks and from however many addresses, so nobody can
 * flood a stranger's phone through this checkout.
 */
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { create, fixedCiPayment, sandboxCharges } from '../payments/helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const VICTIM = '+2250700000099';
const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}` });

it('8 charges in a row to one number from 8 addresses: 5 reach the provider, then 429 with a clear message', async () => {
  t = await startApp({ env: { TRUST_PROXY: '1' } });
  const statuses: number[] = [];
  let refused;
  for (let i = 0; i < 8; i++) {
    // The same number written three ways is one phone.
    const number = [VICTIM, VICTIM.slice(1), '+225 07 00 00 00 99'][i % 3] ?? VICTIM;
    const res = await create(t, fixedCiPayment(number), undefined, from(i));
    statuses.push(res.status);
    if (res.status === 429) refused = res;
  }
  expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  expect(refused?.json).toEqual({
    statusCode: 429,
    error: {
      code: 'rate_limited',
      message: 'Too many payment requests to this phone number; wait a few minutes before trying again',
    },
  });
  // 15 minutes, then 3 of the next for the five to weigh four.
  expect(refused?.headers.get('retry-after')).toBe('1080');
  expect(await sandboxCharges(t)).toBe(5);
  // Nothing was stored for the refused ones.
  const stored = await t.store.db.selectFrom('payments').select('reference').execute();
  expect(stored).toHaveLength(5);
  // Another number is not affected.
  expect((await create(t, fixedCiPayment('+2250700000042'), undefined, from(99))).status).toBe(201);
});

it('a refused charge is not kept for its Idempotency-Key: the same key goes through once the limit allows', async () => {
  t = await startApp({ env: { RATE_LIMITS: 'phone=1/60' } });
  expect((await create(t, fixedCiPayment(VICTIM))).status).toBe(201);
  const refused = await create(t, fixedCiPayment(VICTIM), 'key-after-refusal');
  expect(refused.status).toBe(429);
  expect(refused.json.error.code).toBe('rate_limited');
  await t.clock.advance(Number(refused.headers.get('retry-after')) * 1000);
  const retried = await create(t, fixedCiPayment(VICTIM), 'key-after-refusal');
  expect(retried.status).toBe(201);
  expect(retried.headers.get('idempotent-replayed')).toBeNull();
});
