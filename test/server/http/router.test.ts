/**
 * The app's router (server/http/router.ts): the same matches as Hono's default router, asked once or
 * many times, with routes Hono's RegExpRouter refuses; and a bounded memory of them.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { RememberingRouter } from '../../../server/http/router.ts';

function build(app: Hono) {
  return app
    .use('*', async (c, next) => {
      await next();
      c.res.headers.set('x-seen', 'yes');
    })
    .use('/api/v1/*', async (c, next) => {
      await next();
      c.res.headers.set('x-api', 'yes');
    })
    .get('/api/v1/payouts', (c) => c.text('list'))
    .get('/api/v1/payouts/recipients/:provider/properties', (c) =>
      c.text(`properties of ${c.req.param('provider')}`),
    )
    .get('/api/v1/payouts/:reference', (c) => c.text(`payout ${c.req.param('reference')}`))
    .post('/api/v1/payouts/:reference', (c) => c.text(`posted ${c.req.param('reference')}`))
    .get('/widget/*', (c) => c.text(`file ${c.req.path}`))
    .notFound((c) => c.text('none', 404));
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/v1/payouts'],
  ['GET', '/api/v1/payouts/recipients/mtn-ci/properties'],
  ['GET', '/api/v1/payouts/po_1'],
  ['GET', '/api/v1/payouts/po_2'],
  ['POST', '/api/v1/payouts/po_1'],
  ['GET', '/api/v1/payouts/recipients'],
  ['GET', '/api/v1/payout%73/po_3'],
  ['GET', '/widget/pay-checkout.js'],
  ['GET', '/nothing'],
  ['HEAD', '/api/v1/payouts/po_1'],
];

async function answer(app: Hono, method: string, path: string) {
  const response = await app.request(path, { method });
  return {
    status: response.status,
    text: await response.text(),
    seen: response.headers.get('x-seen'),
    api: response.headers.get('x-api'),
  };
}

describe('RememberingRouter', () => {
  it("answers as Hono's default router does, the first time and again", async () => {
    const ours = build(new Hono({ router: new RememberingRouter() }));
    const hono = build(new Hono());
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of REQUESTS) {
        expect({ method, path, ...(await answer(ours, method, path)) }).toEqual({
          method,
          path,
          ...(await answer(hono, method, path)),
        });
      }
    }
  });

  it('keeps at most 500 matches, dropping the oldest, and still answers each path right', async () => {
    const app = build(new Hono({ router: new RememberingRouter() }));
    for (let i = 0; i < 1200; i++) {
      const response = await app.request(`/api/v1/payouts/po_${i % 700}`);
      expect(await response.text()).toBe(`payout po_${i % 700}`);
    }
    const router = app.router as RememberingRouter<unknown>;
    expect(router.size).toBe(500);
  });
});
