/**
 * PNG QR codes were drawn for every request (about 76 ms of CPU each) and any query string got past the
 * cache header: one client at half its allowed rate slowed a payer's link read from 7 ms to 384 ms.
 * Now each image (link or handoff, SVG or PNG, the handoff's language) is drawn once and kept, a
 * handoff's until it expires; parameters the route does not read cannot make it draw again. Draws are
 * counted at the drawer the routes are given.
 */
import { Hono } from 'hono';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCheckoutService } from '../../../server/checkout/service.ts';
import { handoffService } from '../../../server/handoffs/service.ts';
import { drawQr, qrImages, qrRoutes, type QrType } from '../../../server/pay/qr-routes.ts';
import { startApp, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
let draws: string[];
let qr: Hono;
beforeEach(async () => {
  t = await startApp();
  draws = [];
  const counted = (text: string, type: QrType) => {
    draws.push(`${type} ${text}`);
    return drawQr(text, type);
  };
  const deps = { publicUrl: TEST_PUBLIC_URL, clock: t.clock, config: t.config };
  const logger = pino({ level: 'silent' });
  const checkout = createCheckoutService({ ...t, logger, sandbox: t.sandbox });
  const handoffs = handoffService({ store: t.store, clock: t.clock, ttlMs: t.config.handoffTtlMs });
  qr = new Hono().route('/pay/qr', qrRoutes(deps, checkout, handoffs, qrImages(t.clock, counted, 3)));
  qr.onError((error) => new Response(error.message, { status: 404 }));
});
afterEach(() => t.close());

async function get(path: string) {
  const res = await qr.request(path);
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()).toString('base64') };
}

it("draws a link's PNG and SVG once each, whatever query parameters come with them", async () => {
  const first = await get('/pay/qr/lnk_fixed_ci.png');
  expect(first.status).toBe(200);
  for (const query of ['', '?x=1', '?x=2&y=3', '?download=1', '?lang=fr']) {
    expect(await get(`/pay/qr/lnk_fixed_ci.png${query}`)).toEqual(first);
  }
  await Promise.all([get('/pay/qr/lnk_fixed_ci.svg'), get('/pay/qr/lnk_fixed_ci.svg?bust=1')]);
  expect(draws).toEqual([
    `png ${TEST_PUBLIC_URL}/pay/lnk_fixed_ci`,
    `svg ${TEST_PUBLIC_URL}/pay/lnk_fixed_ci`,
  ]);
});

it("draws a handoff's code once per language, keeps it until the handoff expires, and stays bounded", async () => {
  const created = await t.request('POST', '/api/v1/handoffs', { link: 'lnk_fixed_ci' });
  const id = String(created.json.data.id);
  for (let i = 0; i < 3; i++) {
    expect((await get(`/pay/qr/h/${id}.png?lang=sw&n=${i}`)).status).toBe(200);
    expect((await get(`/pay/qr/h/${id}.png?lang=xx-not-ours&n=${i}`)).status).toBe(200);
  }
  expect(draws).toEqual([`png ${TEST_PUBLIC_URL}/pay/h/${id}?lang=sw`, `png ${TEST_PUBLIC_URL}/pay/h/${id}`]);
  // Expired: no image at all, from the cache or drawn.
  await t.clock.advance(t.config.handoffTtlMs);
  expect((await get(`/pay/qr/h/${id}.png?lang=sw`)).status).toBe(404);
  expect(draws).toHaveLength(2);

  // At most three images kept here: a fourth pushes out the least recently used.
  await get('/pay/qr/lnk_fixed_ci.png');
  await get('/pay/qr/lnk_tip_ci.png');
  await get('/pay/qr/lnk_fixed_ci.svg');
  await get('/pay/qr/lnk_fixed_ci.png'); // used again: now the most recent
  await get('/pay/qr/lnk_tip_ci.svg'); // pushes out the oldest kept
  draws = [];
  await get('/pay/qr/lnk_fixed_ci.png');
  expect(draws).toEqual([]);
  await get('/pay/qr/lnk_tip_ci.png');
  expect(draws).toEqual([`png ${TEST_PUBLIC_URL}/pay/lnk_tip_ci`]);
});
