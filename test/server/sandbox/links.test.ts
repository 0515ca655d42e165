// The sandbox's payment links: list rules, a link with analytics, statuses, and auth.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PaymentLinkListResponseSchema,
  PaymentLinkResponseSchema,
} from '../../../server/provider/schemas.ts';
import { AUTH_HEADERS, providerError, startSandbox, type SandboxFixture } from './fixture.ts';

interface Link {
  id: string;
  status: string;
  isActive: boolean;
  country: string;
  currency: string;
  expiresAt: string | null;
  analytics: {
    totalTransactionAmount: number;
    totalTransactionCount: number;
    groupByChannel: unknown[];
    groupByRevenueAndCount: unknown[];
    clientProviders: unknown[];
    clientChannels: unknown[];
  };
}

/** The seeded links, newest first (the seed creates them one minute apart in this reverse order). */
const SEEDED_NEWEST_FIRST = [
  'lnk_completed_ke',
  'lnk_inactive_ng',
  'lnk_expired_sn',
  'lnk_ticket_ng',
  'lnk_tip_ci',
  'lnk_all_fields_sn',
  'lnk_limited_ke',
  'lnk_donation_ng',
  'lnk_fixed_ci',
  'lnk_hausa_ng',
  'lnk_swahili_ke',
];

let sandbox: SandboxFixture;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

const list = (query = '') => sandbox.api<Link[]>('GET', `/payments/v1/payment-links${query}`);
const fetchLink = (id: string) => sandbox.api<Link>('GET', `/payments/v1/payment-links/${id}`);
const ids = (links: Link[]) => links.map((link) => link.id);

describe('GET /payments/v1/payment-links', () => {
  it('defaults to page 1 and limit 2, newest first, in the shape the client parses', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ statusCode: 200, total: 11, page: 1, pages: 6, limit: 2 });
    expect(ids(answer.json.data)).toEqual(['lnk_completed_ke', 'lnk_inactive_ng']);
    expect(PaymentLinkListResponseSchema.safeParse(answer.json).success).toBe(true);
  });

  it.each([
    [1, 11],
    [2, 6],
    [3, 4],
    [4, 3],
    [10, 2],
    [11, 1],
    [12, 1],
    [100, 1],
  ])('answers pages = ceil(11 / %i) = %i', async (limit, pages) => {
    const answer = await list(`?limit=${limit}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ total: 11, page: 1, pages, limit });
    expect(answer.json.data).toHaveLength(Math.min(limit, 11));
  });

  it('walks every page without gaps or repeats', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await list(`?limit=4&page=${page}`);
      expect(answer.json).toMatchObject({ total: 11, page, pages: 3, limit: 4 });
      seen.push(...ids(answer.json.data));
    }
    expect(seen).toEqual(SEEDED_NEWEST_FIRST);
  });

  it('answers a page past the end with 200, no data and the right total', async () => {
    for (const query of ['?page=7', '?page=2&limit=11', '?page=1000&limit=100']) {
      const answer = await list(query);
      expect(answer.status).toBe(200);
      expect(answer.json.data).toEqual([]);
      expect(answer.json.total).toBe(11);
    }
    expect((await list('?page=7')).json).toEqual({
      statusCode: 200,
      total: 11,
      page: 7,
      pages: 6,
      limit: 2,
      data: [],
    });
  });

  it.each([
    '?page=0',
    '?limit=0',
    '?limit=101',
    '?limit=1.5',
    '?page=abc',
    '?page=-1',
    '?limit=',
    '?page=1e2',
    '?country=ci',
    '?country=CIV',
    '?country=C',
    '?currency=xof',
    '?currency=XO',
    '?currency=XOFF',
  ])('refuses %s with 400 ValidationError', async (query) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(providerError(400, 'ValidationError'));
  });

  it('names the offending parameter in the message', async () => {
    expect((await list('?limit=101')).json.error).toMatch(/^limit: /);
    expect((await list('?country=ci')).json.error).toBe('country: must be 2 uppercase letters');
  });

  it('filters by country and by currency, counting only what matches', async () => {
    const kenya = await list('?country=KE');
    expect(kenya.json).toMatchObject({ total: 3, pages: 2, limit: 2 });
    expect(ids(kenya.json.data)).toEqual(['lnk_completed_ke', 'lnk_limited_ke']);
    expect(ids((await list('?country=KE&page=2')).json.data)).toEqual(['lnk_swahili_ke']);

    const xof = await list('?currency=XOF&limit=10');
    expect(xof.json).toMatchObject({ total: 4, pages: 1 });
    expect(ids(xof.json.data)).toEqual(['lnk_expired_sn', 'lnk_tip_ci', 'lnk_all_fields_sn', 'lnk_fixed_ci']);

    const senegal = await list('?country=SN&currency=XOF');
    expect(ids(senegal.json.data)).toEqual(['lnk_expired_sn', 'lnk_all_fields_sn']);

    const none = await list('?country=SN&currency=KES');
    expect(none.json).toEqual({ statusCode: 200, total: 0, page: 1, pages: 0, limit: 2, data: [] });
  });
});

describe('GET /payments/v1/payment-links/:id', () => {
  it('answers the nearly exhausted link with analytics from its paid transactions', async () => {
    const answer = await fetchLink('lnk_limited_ke');
    expect(answer.status).toBe(200);
    expect(PaymentLinkResponseSchema.safeParse(answer.json).success).toBe(true);
    expect(answer.json.data).toMatchObject({
      id: 'lnk_limited_ke',
      clientId: 'test-client',
      isAmountFixed: false,
      minimumAmount: 10_000,
      maximumAmount: 500_000,
      amountLimit: 1_000_000,
      currency: 'KES',
      country: 'KE',
      isActive: true,
      status: 'active',
      expiresAt: null,
      longURL: 'http://sandbox.test/sandbox/links/lnk_limited_ke',
    });
    // Paid 15, 8 and 2 days before Sunday 2026-11-22: Saturdays 11-07 and 11-14, Friday 11-20.
    expect(answer.json.data.analytics).toEqual({
      totalTransactionAmount: 985_000,
      totalTransactionCount: 3,
      groupByChannel: [{ channel: 'mobile-money', revenue: 985_000, count: 3 }],
      groupByRevenueAndCount: [
        { week: '2026-11-02', revenue: 500_000, count: 1 },
        { week: '2026-11-09', revenue: 300_000, count: 1 },
        { week: '2026-11-16', revenue: 185_000, count: 1 },
      ],
      clientProviders: [{ provider: 'mpesa-ke' }, { provider: 'airtel-ke' }],
      clientChannels: [{ channel: 'mobile-money' }],
    });
  });

  it('answers a link without payments with empty analytics', async () => {
    const answer = await fetchLink('lnk_tip_ci');
    expect(answer.json.data.analytics).toEqual({
      totalTransactionAmount: 0,
      totalTransactionCount: 0,
      groupByChannel: [],
      groupByRevenueAndCount: [],
      clientProviders: [
        { provider: 'mtn-ci' },
        { provider: 'orange-ci' },
        { provider: 'moov-ci' },
        { provider: 'wave-ci' },
      ],
      clientChannels: [{ channel: 'mobile-money' }],
    });
  });

  it('answers 404 NotFound for an unknown id', async () => {
    const answer = await fetchLink('lnk_nope');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ statusCode: 404, errorCode: 'NotFound', error: 'Payment link not found' });
  });

  it.each([
    ['lnk_expired_sn', 'expired', false],
    ['lnk_inactive_ng', 'inactive', false],
    ['lnk_completed_ke', 'completed', false],
    ['lnk_fixed_ci', 'active', true],
    ['lnk_all_fields_sn', 'active', true],
  ])('reads %s as %s (isActive %s), alone and in the list', async (id, status, isActive) => {
    const single = await fetchLink(id);
    expect(single.json.data).toMatchObject({ id, status, isActive });
    const listed = (await list('?limit=100')).json.data.find((link) => link.id === id);
    expect(listed).toMatchObject({ id, status, isActive });
  });
});

describe('link status over time and money', () => {
  it('keeps a date-only expiresAt of today active to 23:59:59Z and expired from 00:00:00Z', async () => {
    const created = await sandbox.api<Link>('POST', '/_admin/payment-links', {
      id: 'lnk_today',
      title: 'Today only',
      isAmountFixed: true,
      amount: 5000,
      currency: 'XOF',
      country: 'CI',
      expiresAt: '2026-11-22',
    });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ id: 'lnk_today', expiresAt: '2026-11-22', status: 'active' });

    await sandbox.clock.set('2026-11-22T23:59:59.000Z');
    expect((await fetchLink('lnk_today')).json.data).toMatchObject({ status: 'active', isActive: true });
    await sandbox.clock.set('2026-11-22T23:59:59.999Z');
    expect((await fetchLink('lnk_today')).json.data).toMatchObject({ status: 'active', isActive: true });

    await sandbox.clock.set('2026-11-23T00:00:00.000Z');
    expect((await fetchLink('lnk_today')).json.data).toMatchObject({ status: 'expired', isActive: false });
    const listed = (await list('?limit=1')).json.data[0];
    expect(listed).toMatchObject({ id: 'lnk_today', status: 'expired', isActive: false });
  });

  it('ends an expiresAt with a time at that instant', async () => {
    await sandbox.api('POST', '/_admin/payment-links', {
      id: 'lnk_noon',
      title: 'Until noon',
      isAmountFixed: false,
      currency: 'KES',
      country: 'KE',
      expiresAt: '2026-11-22T12:00:00Z',
    });
    await sandbox.clock.set('2026-11-22T11:59:59.999Z');
    expect((await fetchLink('lnk_noon')).json.data.status).toBe('active');
    await sandbox.clock.set('2026-11-22T12:00:00.000Z');
    expect((await fetchLink('lnk_noon')).json.data.status).toBe('expired');
  });

  it('reads completed once a paid charge reaches the amountLimit', async () => {
    await sandbox.close();
    sandbox = await startSandbox({ config: { outcomeDelayMs: 1000 } });
    const charge = await sandbox.api('POST', '/payments/v1/payments/direct-charge', {
      provider: 'mpesa-ke',
      amount: 15_000,
      customerInput: { phoneNumber: '254700000001' },
      metadata: { paymentLinkId: 'lnk_limited_ke' },
    });
    expect(charge.status).toBe(201);
    // Still processing: the link counts only successful payments.
    expect((await fetchLink('lnk_limited_ke')).json.data).toMatchObject({
      status: 'active',
      analytics: { totalTransactionAmount: 985_000 },
    });

    await sandbox.clock.advance(1000);
    await sandbox.runDue();
    const after = await fetchLink('lnk_limited_ke');
    expect(after.json.data).toMatchObject({ status: 'completed', isActive: false });
    expect(after.json.data.analytics).toMatchObject({
      totalTransactionAmount: 1_000_000,
      totalTransactionCount: 4,
    });
    const listed = (await list('?country=KE')).json.data.find((link) => link.id === 'lnk_limited_ke');
    expect(listed).toMatchObject({ status: 'completed', isActive: false });
  });

  it('refuses a bad admin link with 400 ValidationError', async () => {
    const answer = await sandbox.api('POST', '/_admin/payment-links', {
      title: 'No amount',
      isAmountFixed: true,
      currency: 'XOF',
      country: 'CI',
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(
      providerError(400, 'ValidationError', 'amount: a fixed-amount link needs amount'),
    );
  });
});

describe('authentication', () => {
  const paths = ['/payments/v1/payment-links', '/payments/v1/payment-links/lnk_fixed_ci'];
  const unauthorized = {
    statusCode: 401,
    errorCode: 'Unauthorized',
    error: 'Invalid client-id or client-secret',
  };

  it.each([
    ['no headers', { 'client-id': null, 'client-secret': null }],
    ['no secret', { 'client-secret': null }],
    ['a wrong secret of the same length', { 'client-secret': 'test-secret-0123456780' }],
    ['the right secret plus a character', { 'client-secret': `${AUTH_HEADERS['client-secret']}x` }],
    ['a prefix of the right secret', { 'client-secret': 'test-secret-' }],
    ['an empty secret', { 'client-secret': '' }],
    ['another client id', { 'client-id': 'other-client' }],
  ])('answers 401 Unauthorized with %s', async (_case, headers) => {
    for (const path of paths) {
      const answer = await sandbox.api('GET', path, undefined, headers);
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual(unauthorized);
    }
  });
});

describe('analytics over quiet weeks, and switched-off links', () => {
  it('lists every week between the first and the last payment, quiet ones as zeros', async () => {
    const created = await sandbox.api<{ id: string }>('POST', '/_admin/payment-links', {
      title: 'Weekly box',
      isAmountFixed: true,
      amount: 2000,
      currency: 'XOF',
      country: 'CI',
    });
    const linkId = created.json.data.id;
    const pay = async (reference: string) => {
      const charge = await sandbox.api('POST', '/payments/v1/payments/direct-charge', {
        provider: 'mtn-ci',
        amount: 2000,
        reference,
        customerInput: { phoneNumber: '+2250700000001' },
        metadata: { paymentLinkId: linkId },
      });
      expect(charge.status).toBe(201);
      await sandbox.runDue();
    };
    await sandbox.clock.set('2026-11-23T09:00:00.000Z'); // a Monday
    await pay('weekly-1');
    await sandbox.clock.set('2026-12-10T09:00:00.000Z'); // Thursday, two weeks later
    await pay('weekly-2');

    const link = await sandbox.api<{ analytics: { groupByRevenueAndCount: unknown[] } }>(
      'GET',
      `/payments/v1/payment-links/${linkId}`,
    );
    expect(link.json.data.analytics.groupByRevenueAndCount).toEqual([
      { week: '2026-11-23', revenue: 2000, count: 1 },
      { week: '2026-11-30', revenue: 0, count: 0 },
      { week: '2026-12-07', revenue: 2000, count: 1 },
    ]);
  });

  it('reads inactive when created with isActive false and no status', async () => {
    const created = await sandbox.api<{ status: string; isActive: boolean }>('POST', '/_admin/payment-links', {
      title: 'Paused',
      isAmountFixed: true,
      amount: 100,
      currency: 'KES',
      country: 'KE',
      isActive: false,
    });
    expect(created.json.data).toMatchObject({ status: 'inactive', isActive: false });
  });
});
