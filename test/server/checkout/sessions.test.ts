/** POST /api/v1/sessions (merchant bearer) and GET /api/v1/sessions/:id (public). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';

const BEARER = { authorization: `Bearer ${TEST_MERCHANT_KEY}` };
const NOW = Date.parse('2026-11-22T10:00:00.000Z');

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const create = (body: unknown, headers: Record<string, string> = BEARER) =>
  t.request('POST', '/api/v1/sessions', body, headers);
const ORDER = { amount: 12_500, currency: 'XOF', country: 'CI' };

describe('POST /api/v1/sessions', () => {
  it('creates a session with a 128-bit id and a one-hour default expiry', async () => {
    const res = await create({
      ...ORDER,
      reference: 'order-42',
      description: 'Order #42',
      customer: { name: 'Awa', email: 'awa@example.com' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      statusCode: 201,
      data: { id: expect.stringMatching(/^ses_[A-Za-z0-9_-]{22}$/), expiresAt: '2026-11-22T11:00:00.000Z' },
    });
    const row = await t.store.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', res.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      amount: 12_500,
      merchant_reference: 'order-42',
      expires_at: NOW + 3_600_000,
      paid_reference: null,
    });
    expect(JSON.parse(row.customer ?? '')).toEqual({ name: 'Awa', email: 'awa@example.com' });
  });

  it('honours expiresIn', async () => {
    expect((await create({ ...ORDER, expiresIn: 60 })).json.data.expiresAt).toBe('2026-11-22T10:01:00.000Z');
    expect((await create({ ...ORDER, expiresIn: 604_800 })).json.data.expiresAt).toBe(
      '2026-11-29T10:00:00.000Z',
    );
  });

  it.each([
    ['no Authorization', {}],
    ['a wrong key', { authorization: 'Bearer mk_test_wrong_key_000000' }],
    ['the key with another scheme', { authorization: `Basic ${TEST_MERCHANT_KEY}` }],
    ['the key without a scheme', { authorization: TEST_MERCHANT_KEY }],
    ['a prefix of the key', { authorization: `Bearer ${TEST_MERCHANT_KEY.slice(0, -1)}` }],
  ])('answers 401 with %s', async (_name, headers) => {
    const res = await create(ORDER, headers);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="pay-checkout"');
    expect(res.json).toEqual({
      statusCode: 401,
      error: {
        code: 'unauthorized',
        message: 'A valid merchant API key is required: Authorization: Bearer <key>',
      },
    });
    expect(await t.store.db.selectFrom('checkout_sessions').select('id').execute()).toEqual([]);
  });

  it.each([
    [{ ...ORDER, amount: 0 }, 'amount', 'must be greater than 0', 'too_low'],
    [{ ...ORDER, amount: 10.5 }, 'amount', 'must be a whole number of minor units', 'invalid'],
    [{ ...ORDER, amount: 2 ** 53 }, 'amount', 'must be a whole number of minor units', 'invalid'],
    [{ ...ORDER, currency: 'xof' }, 'currency', 'must be 3 uppercase letters, e.g. XOF', 'invalid'],
    [{ ...ORDER, country: 'CIV' }, 'country', 'must be 2 uppercase letters, e.g. CI', 'invalid'],
    [
      { ...ORDER, returnUrl: 'javascript:alert(1)' },
      'returnUrl',
      'must be an absolute http(s) URL',
      'invalid',
    ],
    [{ ...ORDER, expiresIn: 59 }, 'expiresIn', 'Too small: expected number to be >=60', 'too_low'],
    [{ ...ORDER, expiresIn: 604_801 }, 'expiresIn', 'Too big: expected number to be <=604800', 'too_high'],
    [{ ...ORDER, description: 'x'.repeat(501) }, 'description', 'must be at most 500 characters', 'too_long'],
    [
      { ...ORDER, metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) },
      'metadata',
      'at most 20 keys',
      'invalid',
    ],
    [
      { ...ORDER, metadata: { cart: 3 } },
      'metadata.cart',
      'Invalid input: expected string, received number',
      'invalid',
    ],
    [
      { ...ORDER, customer: { email: 'not-an-email' } },
      'customer.email',
      'must be an email address',
      'invalid_email',
    ],
    [{ ...ORDER, amout: 5 }, '', 'Unrecognized key: "amout"', 'invalid'],
    [{ currency: 'XOF', country: 'CI' }, 'amount', 'is required', 'required'],
    [{ amount: 100, country: 'CI' }, 'currency', 'is required', 'required'],
  ])('answers 400 with the offending field (%#)', async (body, path, message, code) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      statusCode: 400,
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        fields: [{ path, code, message }],
      },
    });
  });

  it('refuses a body that is not JSON, a currency nobody knows, and a market no provider serves', async () => {
    const garbage = await create('{"amount": 1');
    expect(garbage.json.error).toEqual({
      code: 'validation_failed',
      message: 'The request body is not valid JSON',
      fields: [{ path: '', code: 'invalid', message: 'must be a JSON document' }],
    });
    expect((await create({ ...ORDER, currency: 'QQQ' })).json.error.fields).toEqual([
      { path: 'currency', code: 'invalid', message: 'is not a known ISO 4217 currency' },
    ]);
    const nowhere = await create({ amount: 100, currency: 'USD', country: 'US' });
    expect(nowhere.status).toBe(400);
    expect(nowhere.json.error).toEqual({
      code: 'validation_failed',
      message: 'The session cannot be paid: no payment provider collects USD in US',
      fields: [{ path: 'country', code: 'invalid', message: 'no payment provider collects USD in US' }],
    });
  });

  it('answers 413 to an oversized body', async () => {
    const res = await create({ ...ORDER, description: 'x'.repeat(70_000) });
    expect(res.status).toBe(413);
    expect(res.json.error.code).toBe('payload_too_large');
  });
});

describe('GET /api/v1/sessions/:id', () => {
  it('answers the session as a fixed-amount checkout with the market’s methods', async () => {
    const { id } = (await create({ ...ORDER, description: 'Order #42', returnUrl: 'https://shop.test/done' }))
      .json.data;
    const res = await t.request('GET', `/api/v1/sessions/${id}`);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({
      kind: 'session',
      id,
      title: 'Order #42',
      currency: 'XOF',
      currencyExponent: 0,
      country: 'CI',
      amount: { fixed: 12_500 },
      customFields: [],
      hosted: true,
      anonymous: true,
      redirectUrl: 'https://shop.test/done',
      status: 'active',
      expiresAt: '2026-11-22T11:00:00.000Z',
    });
    expect(res.json.data.methods.map((method: { provider: string }) => method.provider)).toEqual([
      'mtn-ci',
      'orange-ci',
      'moov-ci',
      'wave-ci',
    ]);
    expect(res.json.data.methods[0].inputs).toEqual([
      { name: 'phoneNumber', label: 'Phone number', type: 'tel', required: true, pattern: '\\+?[0-9]{6,15}' },
    ]);
  });

  it('gives a session without a description a default title', async () => {
    const { id } = (await create({ amount: 250_000, currency: 'NGN', country: 'NG' })).json.data;
    const { json } = await t.request('GET', `/api/v1/sessions/${id}`);
    expect(json.data.title).toBe('Payment');
    expect(json.data.currencyExponent).toBe(2);
    expect(json.data.methods[0].inputs.map((input: { name: string }) => input.name)).toEqual(['phoneNumber']);
    expect(json.data.methods[0].networks).toHaveLength(3);
  });

  it('answers 409 link_unavailable once expired and 409 session_paid once paid', async () => {
    const { id } = (await create({ ...ORDER, expiresIn: 60 })).json.data;
    await t.clock.advance(59_999);
    expect((await t.request('GET', `/api/v1/sessions/${id}`)).status).toBe(200);
    await t.clock.advance(1);
    expect((await t.request('GET', `/api/v1/sessions/${id}`)).json).toEqual({
      statusCode: 409,
      error: { code: 'link_unavailable', message: 'This checkout session has expired' },
    });

    const paid = (await create(ORDER)).json.data.id;
    await t.store.db
      .updateTable('checkout_sessions')
      .set({ paid_reference: 'pay_1' })
      .where('id', '=', paid)
      .execute();
    expect((await t.request('GET', `/api/v1/sessions/${paid}`)).json).toEqual({
      statusCode: 409,
      error: { code: 'session_paid', message: 'This checkout session is already paid' },
    });
  });

  it('answers 404 for an unknown session and 400 for a malformed id', async () => {
    expect((await t.request('GET', '/api/v1/sessions/ses_unknown')).json.error).toEqual({
      code: 'not_found',
      message: 'Checkout session not found',
    });
    expect((await t.request('GET', '/api/v1/sessions/ses.x')).status).toBe(400);
  });
});
