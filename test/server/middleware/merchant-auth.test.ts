/**
 * Every merchant route of issue 6 is behind the merchant key: no key, a wrong key or
 * another scheme is 401 `unauthorized` with `WWW-Authenticate`, before any input is looked at. The public
 * checkout config of a link stays public.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/v1/wallets'],
  ['GET', '/api/v1/wallets?country=CI&currency=XOF'],
  ['GET', '/api/v1/collections'],
  ['GET', '/api/v1/links'],
  ['GET', '/api/v1/links/lnk_fixed_ci/analytics'],
  ['GET', '/api/v1/payouts'],
  ['GET', `/api/v1/payouts/po_${'0'.repeat(32)}`],
  ['GET', '/api/v1/payouts/recipients/mtn-ci/properties'],
  [
    'POST',
    '/api/v1/payouts/recipients/validate',
    { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001' } },
  ],
  ['POST', '/api/v1/payouts', { transferRecipientId: 'rcp_x', amount: 100 }],
  // Garbage must not reach validation before the key is checked.
  ['POST', '/api/v1/payouts', 'not json'],
];

const CREDENTIALS: [string, Record<string, string>][] = [
  ['no key', {}],
  ['a wrong key', { authorization: 'Bearer mk_wrong' }],
  ['another scheme', { authorization: 'Basic bWs6dGVzdA==' }],
];

describe('merchant routes need the merchant key', () => {
  for (const [label, headers] of CREDENTIALS) {
    it.each(ROUTES)(`${label}: %s %s is 401`, async (method, path, body) => {
      const res = await t.request(method, path, body, { ...headers, 'Idempotency-Key': 'k' });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        statusCode: 401,
        error: {
          code: 'unauthorized',
          message: 'A valid merchant API key is required: Authorization: Bearer <key>',
        },
      });
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="pay-checkout"');
      // Checked after each request, so that one case run alone still proves its request created nothing.
      expect(await t.store.db.selectFrom('payout_recipients').selectAll().execute()).toEqual([]);
      expect(await t.store.db.selectFrom('payouts').selectAll().execute()).toEqual([]);
      expect(await t.store.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    });
  }

  it('the checkout config of a link stays public', async () => {
    const res = await t.request('GET', '/api/v1/links/lnk_fixed_ci');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ kind: 'link', id: 'lnk_fixed_ci' });
  });
});
