/**
 * One rule for a repeated query parameter on every merchant list: 400 `validation_failed` naming it,
 * never a silent pick of one of its values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { MERCHANT } from '../payouts/helpers.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('a repeated query parameter', () => {
  it.each([
    ['/api/v1/payments', 'limit=5&limit=7'],
    ['/api/v1/payouts', 'limit=5&limit=7'],
    ['/api/v1/notifications', 'limit=5&limit=7'],
    ['/api/v1/collections', 'limit=5&limit=7'],
    ['/api/v1/links', 'limit=5&limit=7'],
    ['/api/v1/wallets', 'currency=XOF&currency=NGN'],
  ])('%s?%s answers 400 naming the parameter', async (path, query) => {
    const res = await t.request('GET', `${path}?${query}`, undefined, MERCHANT);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      error: {
        code: 'validation_failed',
        message: 'The query is not valid',
        fields: [{ path: query.split('=')[0], code: 'invalid', message: 'must be given at most once' }],
      },
    });
  });

  it('is the same answer when the same value is repeated', async () => {
    const res = await t.request('GET', '/api/v1/payments?limit=5&limit=5', undefined, MERCHANT);
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual([
      { path: 'limit', code: 'invalid', message: 'must be given at most once' },
    ]);
  });
});
