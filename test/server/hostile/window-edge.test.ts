/**
 * Rate limits slide: a client cannot spend its allowance at the end of one window and again at the start
 * of the next. Across any span of one window, about the limit gets through, never twice it.
 */
import { afterEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
afterEach(() => t.close());

const read = async () => (await t.request('GET', '/api/v1/links/lnk_fixed_ci')).status;

it('10 a minute: 10 in the last second of a window, and none of 10 more in the first of the next', async () => {
  t = await startApp({ env: { RATE_LIMITS: 'ip=10/60' } });
  await t.clock.advance(59_000);
  const before: number[] = [];
  for (let i = 0; i < 10; i++) before.push(await read());
  expect(before).toEqual(Array(10).fill(200));
  await t.clock.advance(2_000); // one second into the next window
  const after: number[] = [];
  for (let i = 0; i < 10; i++) after.push(await read());
  expect(after).toEqual(Array(10).fill(429));
});

it('the refused client is free again as its hits fade, not at a window edge', async () => {
  t = await startApp({ env: { RATE_LIMITS: 'ip=10/60' } });
  await t.clock.advance(59_000);
  for (let i = 0; i < 10; i++) await read();
  await t.clock.advance(2_000);
  const refused = await t.request('GET', '/api/v1/links/lnk_fixed_ci');
  // One second into the next window the ten weigh 9.83: room for one more 6 s in (at weight 9).
  expect(refused.headers.get('retry-after')).toBe('5');
  await t.clock.advance(4_000);
  expect(await read()).toBe(429);
  await t.clock.advance(1_000);
  expect(await read()).toBe(200);
  expect(await read()).toBe(429);
});
