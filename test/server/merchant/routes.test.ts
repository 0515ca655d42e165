/**
 * The merchant's views of the provider: wallets, collections, payment links and
 * a link's analytics, with the provider's list rules and strict query validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { MERCHANT } from '../payouts/helpers.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (path: string) => t.request('GET', path, undefined, MERCHANT);

describe('GET /api/v1/wallets', () => {
  it('answers the wallets of a market with exact balances', async () => {
    const res = await get('/api/v1/wallets?country=CI&currency=XOF');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const deposit = await t.store.db
      .selectFrom('sandbox_wallets')
      .select('amount')
      .where('id', '=', 'deposit-CI-XOF')
      .executeTakeFirstOrThrow();
    expect(res.json).toEqual({
      statusCode: 200,
      data: [
        { type: 'deposit', amount: deposit.amount, currency: 'XOF', country: 'CI', status: 'active' },
        { type: 'disbursement', amount: 5_000_000, currency: 'XOF', country: 'CI', status: 'active' },
      ],
    });
  });

  it('answers every wallet without filters', async () => {
    const res = await get('/api/v1/wallets');
    const all = await t.store.db.selectFrom('sandbox_wallets').select('id').execute();
    expect(res.json.data).toHaveLength(all.length);
  });

  it.each(['country=ci', 'currency=XO', 'country=CI&extra=1', 'currency=XOF&currency=NGN'])(
    'refuses %s with 400',
    async (query) => {
      const res = await get(`/api/v1/wallets?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    },
  );
});

describe('GET /api/v1/collections', () => {
  it("passes the provider's checkout list through with its list rules", async () => {
    const total = (await t.store.db.selectFrom('sandbox_transactions').select('reference').execute()).length;
    expect(total).toBeGreaterThan(4);
    const first = await get('/api/v1/collections');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      statusCode: 200,
      total,
      page: 1,
      pages: Math.ceil(total / 4),
      limit: 4,
    });
    expect(first.json.data).toHaveLength(4);
    expect(first.json.data[0]).toMatchObject({
      reference: expect.any(String),
      status: expect.any(String),
      amount: expect.any(Number),
    });
    const past = await get(`/api/v1/collections?page=${Math.ceil(total / 4) + 1}`);
    expect(past.json).toMatchObject({ total, data: [] });
    const future = await get('/api/v1/collections?dateFrom=2030-01-01');
    expect(future.json).toMatchObject({ total: 0, pages: 0, data: [] });
  });

  it.each([
    'page=0',
    'limit=1000',
    'limit=2.5',
    'dateFrom=2026-13-01',
    'dateFrom=2026-11-22&dateTo=2026-11-01',
    'status=success',
  ])('refuses %s with 400', async (query) => {
    const res = await get(`/api/v1/collections?${query}`);
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
  });
});

describe('GET /api/v1/links and /api/v1/links/:id/analytics', () => {
  it("lists the provider's payment links, two per page by default", async () => {
    const res = await get('/api/v1/links');
    expect(res.status).toBe(200);
    const total = (await t.store.db.selectFrom('sandbox_payment_links').select('id').execute()).length;
    expect(res.json).toMatchObject({
      statusCode: 200,
      total,
      page: 1,
      pages: Math.ceil(total / 2),
      limit: 2,
    });
    expect(res.json.data).toHaveLength(2);
    const ci = await get('/api/v1/links?country=CI&limit=100');
    expect(ci.json.data.length).toBeGreaterThan(0);
    for (const link of ci.json.data) expect(link.country).toBe('CI');
  });

  it("answers one link's analytics", async () => {
    const res = await get('/api/v1/links/lnk_fixed_ci/analytics');
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      totalTransactionAmount: expect.any(Number),
      totalTransactionCount: expect.any(Number),
      groupByChannel: expect.any(Array),
      groupByRevenueAndCount: expect.any(Array),
      clientProviders: expect.any(Array),
    });
  });

  it('an unknown link is 404, a malformed id 400, a bad list query 400', async () => {
    const unknown = await get('/api/v1/links/lnk_nope/analytics');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toEqual({ code: 'not_found', message: 'Payment link not found' });
    expect((await get('/api/v1/links/bad%20id/analytics')).status).toBe(400);
    expect((await get('/api/v1/links?country=Ivory')).status).toBe(400);
    expect((await get('/api/v1/links?dateFrom=2026-01-01')).status).toBe(400);
  });
});
