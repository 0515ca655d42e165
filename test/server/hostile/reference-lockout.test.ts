/**
 * Knowing a payment's reference (it travels in return URLs and logs) must not let anyone spend its
 * payer's budget: requests without the payment's token count against the sender's IP, and only its
 * token's holder spends the per-payment limit.
 */
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, get, withToken } from '../payments/helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const ATTACKER = { 'x-forwarded-for': '203.0.113.66' };
const PAYER_IP = { 'x-forwarded-for': '198.51.100.20' };

it('a flood of token-less and wrong-token requests on a reference leaves its payer untouched', async () => {
  t = await startApp({ env: { TRUST_PROXY: '1' } });
  const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
  const statuses: number[] = [];
  for (let i = 0; i < 100; i++) {
    const headers = i % 2 ? { ...ATTACKER, ...withToken('pt_wrong') } : ATTACKER;
    statuses.push((await t.request('GET', `/api/v1/payments/${reference}`, undefined, headers)).status);
  }
  // The failures count per IP (token=30/60): 30 answers of 401, then 429 for that sender.
  expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
  expect(statuses.slice(30)).toEqual(Array(70).fill(429));

  // The payer, with the token, reads and streams as if nothing happened.
  const read = await t.request('GET', `/api/v1/payments/${reference}`, undefined, {
    ...PAYER_IP,
    ...withToken(token),
  });
  expect(read.status).toBe(200);
  expect(read.json.data.reference).toBe(reference);
  // The attack was not even counted against the payment: the payer still has its whole budget of 60.
  for (let i = 0; i < 59; i++) expect((await get(t, reference, token)).status).toBe(200);
  const spent = await get(t, reference, token);
  expect(spent.status).toBe(429);
  expect(spent.json.error.code).toBe('rate_limited');
});

it('the per-IP count of failures refuses the sender on every reference, and no one else', async () => {
  t = await startApp({ env: { TRUST_PROXY: '1' } });
  const one = await created(t, fixedCiPayment('+2250700000000'));
  const other = await created(t, fixedCiPayment('+2250700000001'));
  const probe = (reference: string, headers: Record<string, string>) =>
    t.request('POST', `/api/v1/payments/${reference}/cancel`, undefined, headers);
  for (let i = 0; i < 30; i++) expect((await probe(one.reference, ATTACKER)).status).toBe(401);
  const refused = await probe(other.reference, ATTACKER);
  expect(refused.status).toBe(429);
  expect(refused.json.error.code).toBe('rate_limited');
  expect(refused.headers.get('retry-after')).toBe('62');
  // Another sender's failures are its own.
  expect((await probe(other.reference, PAYER_IP)).status).toBe(401);
  // The right token from the attacker's own IP is not refused for the failures.
  expect((await get(t, one.reference, one.token)).status).toBe(200);
  const confirmed = await t.request('POST', `/api/v1/payments/${one.reference}/confirm`, { otp: '123456' }, {
    ...ATTACKER,
    ...withToken(one.token),
  });
  expect(confirmed.status).toBe(200);
});
