/**
 * Payout recipients: a provider's properties, and validation of a mobile-money
 * or bank account into a recipient id, refused with field errors when the provider would not pay it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { MERCHANT, mtnCi, zenithNg } from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const validate = (body: unknown) => t.request('POST', '/api/v1/payouts/recipients/validate', body, MERCHANT);

describe('recipient properties', () => {
  it('lists the networks of a mobile-money provider and the banks of a bank provider', async () => {
    t = await startApp();
    const mobile = await t.request(
      'GET',
      '/api/v1/payouts/recipients/mtn-ci/properties',
      undefined,
      MERCHANT,
    );
    expect(mobile.status).toBe(200);
    expect(mobile.json).toEqual({
      statusCode: 200,
      data: {
        banks: [],
        networks: [
          { name: 'MTN', value: 'mtn', image: 'http://pay.test/sandbox/assets/providers/mtn-ci.svg' },
        ],
      },
    });
    const bank = await t.request('GET', '/api/v1/payouts/recipients/bank-ng/properties', undefined, MERCHANT);
    expect(bank.status).toBe(200);
    expect(bank.json.data.banks).toContainEqual({ bankName: 'Zenith Bank', bankCode: '057' });
  });

  it('an unknown provider is 404 and a malformed slug 400', async () => {
    t = await startApp();
    const unknown = await t.request(
      'GET',
      '/api/v1/payouts/recipients/nope-xx/properties',
      undefined,
      MERCHANT,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
    const malformed = await t.request(
      'GET',
      '/api/v1/payouts/recipients/MTN_CI/properties',
      undefined,
      MERCHANT,
    );
    expect(malformed.status).toBe(400);
    expect(malformed.json.error).toMatchObject({ code: 'validation_failed', fields: [{ path: '' }] });
  });
});

describe('recipient validation', () => {
  it('validates a mobile-money account into a recipient id, stored for later payouts', async () => {
    t = await startApp();
    const res = await validate(mtnCi());
    expect(res.status).toBe(201);
    expect(res.json.statusCode).toBe(201);
    expect(res.json.data).toMatchObject({
      id: expect.stringMatching(/^rcp_/),
      provider: 'mtn-ci',
      currency: 'XOF',
      country: 'CI',
      channel: 'mobile-money',
      status: 'validated',
      accountLabel: expect.stringMatching(/ \(MTN Mobile Money \*\*\*\*0001\)$/),
      account: { phoneNumber: '+2250700000001' },
    });
    const stored = await t.store.db.selectFrom('payout_recipients').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      id: res.json.data.id,
      provider: 'mtn-ci',
      currency: 'XOF',
      country: 'CI',
      label: res.json.data.accountLabel,
    });
  });

  it('validates a bank account', async () => {
    t = await startApp();
    const res = await validate(zenithNg);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({
      provider: 'bank-ng',
      currency: 'NGN',
      country: 'NG',
      channel: 'bank',
      accountLabel: expect.stringMatching(/ \(Zenith Bank \*\*\*\*6789\)$/),
      account: { accountNumber: '0123456789', bankCode: '057' },
    });
  });

  it.each([
    [
      'a phone number for a bank provider',
      { provider: 'bank-ng', account: { phoneNumber: '+2348000000001' } },
      'account',
    ],
    [
      'a bank account for a mobile-money provider',
      { provider: 'mtn-ci', account: { accountNumber: '0123456789', bankCode: '057' } },
      'account',
    ],
    [
      'a bank the provider does not serve',
      { provider: 'bank-ng', account: { accountNumber: '0123456789', bankCode: '999' } },
      'account.bankCode',
    ],
    [
      'a NUBAN of the wrong length',
      { provider: 'bank-ng', account: { accountNumber: '01234567', bankCode: '057' } },
      'account.accountNumber',
    ],
    [
      'a network the provider does not have',
      { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001', network: 'orange' } },
      'account.network',
    ],
    ['an unknown provider', { provider: 'nope-xx', account: { phoneNumber: '+2250700000001' } }, 'provider'],
  ])('refuses %s with a field error', async (_case, body, path) => {
    t = await startApp();
    const res = await validate(body);
    expect(res.status).toBe(400);
    expect(res.json.statusCode).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields).toHaveLength(1);
    expect(res.json.error.fields[0].path).toBe(path);
    expect(await t.store.db.selectFrom('payout_recipients').selectAll().execute()).toEqual([]);
  });

  it('refuses an account mixing both forms, and unknown keys, before asking the provider', async () => {
    t = await startApp();
    const mixed = await validate({
      provider: 'bank-ng',
      account: { phoneNumber: '+2348000000001', accountNumber: '0123456789', bankCode: '057' },
    });
    expect(mixed.status).toBe(400);
    expect(mixed.json.error.fields[0].path).toBe('account');
    const extra = await validate({ ...mtnCi(), nickname: 'Aya' });
    expect(extra.status).toBe(400);
    expect(extra.json.error.fields).toEqual([
      { path: '', code: 'invalid', message: expect.stringContaining('nickname') },
    ]);
  });
});
