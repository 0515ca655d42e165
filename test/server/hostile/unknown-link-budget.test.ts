/**
 * An unknown link id is remembered as unknown, but each *different* made-up id still cost a provider
 * call under the merchant's credentials: 60 made-up ids, 60 calls, from one client rotating its
 * addresses inside its IPv6 /64. Each client now has a budget of unknown ids (UNKNOWN_LINK_BUDGET,
 * 20 per 10 minutes by default); over it, 429 `rate_limited` with Retry-After and no provider call.
 * Counted at the provider client, the one remote mode talks to the provider's HTTP API with.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
let linkCalls: string[];
beforeEach(async () => {
  t = await startApp({ env: { TRUST_PROXY: '1' } });
  linkCalls = [];
  const getPaymentLink = t.provider.getPaymentLink;
  t.provider.getPaymentLink = (id, call) => {
    linkCalls.push(id);
    return getPaymentLink(id, call);
  };
});
afterEach(() => t.close());

/** An address of the /64 `2001:db8:9:<net>::/64`, different for every `host`. */
const inNet = (net: number, host: number) => `2001:db8:9:${net}:${host.toString(16)}:1:2:3`;
const madeUp = (i: number) => `lnk_made_up_${String(i).padStart(4, '0')}`;

/** Reads link `id` from `from`: the API's read on even turns, the pay page on odd ones. */
function read(id: string, from: string, turn: number) {
  const headers = { 'x-forwarded-for': from };
  return turn % 2 === 0
    ? t.app.request(`/api/v1/links/${id}`, { headers })
    : t.app.request(`/pay/${id}?lang=en`, { headers });
}

it('60 made-up ids from one /64 cost the budget (20) in provider calls; the rest are 429 with Retry-After', async () => {
  const statuses: number[] = [];
  let refused: Response | undefined;
  for (let i = 0; i < 60; i++) {
    const res = await read(madeUp(i), inNet(1, i), i);
    statuses.push(res.status);
    if (res.status === 429 && i % 2 === 0) refused ??= res;
  }
  expect(statuses).toEqual([...Array(20).fill(404), ...Array(40).fill(429)]);
  expect(linkCalls).toEqual(Array.from({ length: 20 }, (_, i) => madeUp(i)));
  expect(refused?.headers.get('retry-after')).toBe('600');
  expect(await refused?.json()).toEqual({
    statusCode: 429,
    error: { code: 'rate_limited', message: 'Too many unknown payment links; try again later' },
  });

  // Another client (another /64) reads a real link, never cached before: one call, 200; and a made-up
  // id of its own is still its own budget's.
  linkCalls = [];
  expect((await read('lnk_tip_ci', inNet(2, 1), 0)).status).toBe(200);
  expect((await read('lnk_fixed_ci', inNet(2, 2), 1)).status).toBe(200);
  expect((await read(madeUp(100), inNet(2, 3), 0)).status).toBe(404);
  expect(linkCalls).toEqual(['lnk_tip_ci', 'lnk_fixed_ci', madeUp(100)]);

  // Known links spend nothing: the first client's budget frees up only as its misses leave the window.
  await t.clock.advance(599_999);
  expect((await read(madeUp(200), inNet(1, 999), 0)).status).toBe(429);
  await t.clock.advance(1);
  expect((await read(madeUp(200), inNet(1, 999), 0)).status).toBe(404);
});

it('a real link read by a client over its budget is still answered from the cache', async () => {
  expect((await read('lnk_tip_ci', inNet(3, 0), 0)).status).toBe(200);
  for (let i = 0; i < 20; i++) await read(madeUp(i), inNet(3, i + 1), 0);
  expect((await read(madeUp(99), inNet(3, 99), 0)).status).toBe(429);
  expect((await read('lnk_tip_ci', inNet(3, 100), 1)).status).toBe(200);
  expect(linkCalls.length).toBe(21);
});
