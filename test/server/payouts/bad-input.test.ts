/**
 * Bad input to the payout routes: wrong types, floats, negatives, huge
 * numbers, unknown fields, wrong media types and oversized bodies are 4xx envelopes, never a 5xx, and
 * pay nothing out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { MERCHANT, requestPayout, validatedRecipient } from './helpers.ts';

let t: AppFixture;
let recipient: string;
beforeAll(async () => {
  t = await startApp();
  recipient = await validatedRecipient(t);
});
afterAll(() => t.close());

/** The exact refusal, and (so that each case proves it run alone) nothing paid out because of it. */
const expectRefusal = async (
  res: { status: number; json: { statusCode: number; error: { code: string } } },
  status: number,
  code: string,
) => {
  expect([res.status, res.json.statusCode, res.json.error.code]).toEqual([status, status, code]);
  expect(await t.store.db.selectFrom('payouts').selectAll().execute()).toEqual([]);
  expect(await t.store.db.selectFrom('sandbox_disbursements').selectAll().execute()).toEqual([]);
};

describe('POST /api/v1/payouts with bad input', () => {
  const cases: [string, (id: string) => unknown, string][] = [
    ['amount as a string', (id) => ({ transferRecipientId: id, amount: '1000' }), 'amount'],
    ['a float amount', (id) => ({ transferRecipientId: id, amount: 10.5 }), 'amount'],
    ['a zero amount', (id) => ({ transferRecipientId: id, amount: 0 }), 'amount'],
    ['a negative amount', (id) => ({ transferRecipientId: id, amount: -100 }), 'amount'],
    ['a huge amount', (id) => ({ transferRecipientId: id, amount: 1e300 }), 'amount'],
    ['an amount beyond safe integers', (id) => ({ transferRecipientId: id, amount: 2 ** 53 }), 'amount'],
    ['a missing amount', (id) => ({ transferRecipientId: id }), 'amount'],
    ['a missing recipient', () => ({ amount: 1000 }), 'transferRecipientId'],
    ['a recipient as a number', () => ({ transferRecipientId: 42, amount: 1000 }), 'transferRecipientId'],
    ['an unknown field', (id) => ({ transferRecipientId: id, amount: 1000, currency: 'XOF' }), ''],
    [
      'a narration too long',
      (id) => ({ transferRecipientId: id, amount: 1000, narration: 'x'.repeat(256) }),
      'narration',
    ],
    [
      'a reference with spaces',
      (id) => ({ transferRecipientId: id, amount: 1000, reference: 'my order' }),
      'reference',
    ],
    ['an array body', () => [1, 2], ''],
    ['null', () => null, ''],
  ];

  it.each(cases)('%s is a 400 naming the field', async (_case, body, path) => {
    const res = await requestPayout(t, body(recipient));
    await expectRefusal(res, 400, 'validation_failed');
    expect(res.json.error.fields.map((field: { path: string }) => field.path)).toContain(path);
  });

  it('a body that is not JSON is 400, a body not labelled JSON 415, a huge body 413', async () => {
    await expectRefusal(
      await t.request('POST', '/api/v1/payouts', '{"amount":', {
        ...MERCHANT,
        'Idempotency-Key': 'a',
        'content-type': 'application/json',
      }),
      400,
      'validation_failed',
    );
    await expectRefusal(
      await t.request('POST', '/api/v1/payouts', 'amount=1', {
        ...MERCHANT,
        'Idempotency-Key': 'b',
        'content-type': 'application/x-www-form-urlencoded',
      }),
      415,
      'unsupported_media_type',
    );
    const huge = JSON.stringify({
      transferRecipientId: recipient,
      amount: 1000,
      narration: 'x'.repeat(20_000),
    });
    await expectRefusal(await requestPayout(t, huge), 413, 'payload_too_large');
  });
});

describe('recipient validation with bad input', () => {
  it.each([
    ['no body fields', {}],
    ['a provider as a number', { provider: 7, account: { phoneNumber: '+2250700000001' } }],
    ['an account as a string', { provider: 'mtn-ci', account: '+2250700000001' }],
    ['a phone number with letters', { provider: 'mtn-ci', account: { phoneNumber: '+225abc' } }],
    [
      'an account with an unknown field',
      { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001', pin: '1234' } },
    ],
    [
      'a huge account number',
      { provider: 'bank-ng', account: { accountNumber: '9'.repeat(400), bankCode: '057' } },
    ],
  ])('%s is a 400 validation_failed envelope', async (_case, body) => {
    const res = await t.request('POST', '/api/v1/payouts/recipients/validate', body, MERCHANT);
    await expectRefusal(res, 400, 'validation_failed');
  });
});
