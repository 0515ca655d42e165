/**
 * A link id the provider does not know cost a provider call (under the merchant's credentials) on every
 * request: 60 reads of made-up ids, 60 calls. It is now remembered as unknown for UNKNOWN_LINK_TTL_MS in
 * the links' own cache, shared by every route that reads a link, and made-up ids never push real links
 * out of it. Counted at the provider client, the one remote mode talks to the provider's HTTP API with.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
let linkCalls: string[];
beforeEach(async () => {
  t = await startApp({ env: { UNKNOWN_LINK_TTL_MS: '30000', RATE_LIMITS: 'off' } });
  linkCalls = [];
  const getPaymentLink = t.provider.getPaymentLink;
  t.provider.getPaymentLink = (id, call) => {
    linkCalls.push(id);
    return getPaymentLink(id, call);
  };
});
afterEach(() => t.close());

const MADE_UP = 'lnk_made_up_0001';

it('60 reads of one made-up link through the API, the pay page and a handoff cost one provider call', async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    statuses.push((await t.request('GET', `/api/v1/links/${MADE_UP}`)).status);
    statuses.push((await t.app.request(`/pay/${MADE_UP}`)).status);
    statuses.push((await t.request('POST', '/api/v1/handoffs', { link: MADE_UP })).status);
  }
  expect(statuses).toEqual(Array(60).fill(404));
  expect(linkCalls).toEqual([MADE_UP]);
  // A payment's creation reads its link afresh, but "unknown" is fresh enough.
  const payment = await t.request(
    'POST',
    '/api/v1/payments',
    {
      link: MADE_UP,
      customer: { name: 'Awa', email: 'awa@example.com' },
      fields: {},
      method: { kind: 'hosted', returnUrl: 'https://shop.test/back' },
    },
    { 'idempotency-key': 'e0c5a2a4-3f0e-4a38-9d4a-0a7b0b8b9f10' },
  );
  expect(payment.status).toBe(404);
  expect(linkCalls).toEqual([MADE_UP]);
});

it('asks again once the unknown link has been remembered for UNKNOWN_LINK_TTL_MS', async () => {
  await t.request('GET', `/api/v1/links/${MADE_UP}`);
  await t.clock.advance(29_999);
  await t.request('GET', `/api/v1/links/${MADE_UP}`);
  expect(linkCalls).toEqual([MADE_UP]);
  await t.clock.advance(1);
  await t.request('GET', `/api/v1/links/${MADE_UP}`);
  expect(linkCalls).toEqual([MADE_UP, MADE_UP]);
});

it('1,200 different made-up ids do not push a real link out of the cache', async () => {
  expect((await t.request('GET', '/api/v1/links/lnk_tip_ci')).status).toBe(200);
  for (let i = 0; i < 1_200; i++) await t.request('GET', `/api/v1/links/lnk_made_up_${String(i).padStart(5, '0')}`);
  linkCalls = [];
  expect((await t.request('GET', '/api/v1/links/lnk_tip_ci')).status).toBe(200);
  expect(linkCalls).toEqual([]);
});
