/**
 * The sandbox's payout magic values, end to end through our backend for both
 * recipient forms: validate the recipient, POST /api/v1/payouts, the sandbox's outcome arriving by
 * webhook, then GET /api/v1/payouts/:reference, with the disbursement wallet after the request and at the
 * end. A recipient phone ending 04 or an amount ending in 13 fails (the wallet gets amount and charge
 * back); anything else succeeds (the wallet stays debited by amount and charge, 0.5 % rounded up); a
 * payout whose amount and charge exceed the wallet is refused with InsufficientBalance.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { disbursementWallet, getPayout, MERCHANT, requestPayout, validatedRecipient } from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

const REACHED = 'Disbursement completed successfully';
const UNREACHABLE = 'Recipient account is not reachable';
const REJECTED = "Transfer rejected by the recipient's provider";

/** A recipient as validated, its market, and the sandbox's opening balance of that market's wallet. */
interface Recipient {
  recipient: { provider: string; account: Record<string, string> };
  market: readonly [country: string, currency: string];
  funds: number;
}

const mobileMoney = (phoneNumber: string): Recipient => ({
  recipient: { provider: 'mtn-ci', account: { phoneNumber } },
  market: ['CI', 'XOF'],
  funds: 5_000_000,
});
const bank = (accountNumber: string): Recipient => ({
  recipient: { provider: 'bank-ng', account: { accountNumber, bankCode: '057' } },
  market: ['NG', 'NGN'],
  funds: 100_000_000,
});

const settled: [string, Recipient, number, number, 'success' | 'failed', string][] = [
  // case, recipient, amount, charge, final status, description
  ['mobile money, an ordinary phone', mobileMoney('+2250700000001'), 10_000, 50, 'success', REACHED],
  ['mobile money, a phone ending 04', mobileMoney('+2250700000004'), 10_000, 50, 'failed', UNREACHABLE],
  ['mobile money, an amount ending in 13', mobileMoney('+2250700000001'), 10_013, 51, 'failed', REJECTED],
  [
    'mobile money, both (the phone reason wins)',
    mobileMoney('+2250700000004'),
    10_013,
    51,
    'failed',
    UNREACHABLE,
  ],
  ['bank, an ordinary account', bank('0123456789'), 1_000_000, 5_000, 'success', REACHED],
  [
    'bank, an account ending 04 (the 04 rule is for phones)',
    bank('0123456704'),
    1_000_000,
    5_000,
    'success',
    REACHED,
  ],
  ['bank, an amount ending in 13', bank('0123456789'), 1_000_013, 5_001, 'failed', REJECTED],
];

describe('payout magic values through our API', () => {
  it.each(settled)('%s', async (_case, { recipient, market, funds }, amount, charge, status, description) => {
    t = await startApp();
    const [country, currency] = market;
    const transferRecipientId = await validatedRecipient(t, recipient);
    const res = await requestPayout(t, { transferRecipientId, amount });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ status: 'processing', final: false, amount, currency, country });
    // The provider debits amount and charge when it takes the payout.
    expect(await disbursementWallet(t, country, currency)).toBe(funds - amount - charge);

    await t.settle(); // the outcome is due at once in tests; its webhooks reach us
    const read = await getPayout(t, res.json.data.reference);
    expect(read.status).toBe(200);
    expect(read.json.data).toMatchObject({
      reference: res.json.data.reference,
      status,
      final: true,
      statusDescription: description,
      completedAt: new Date(t.clock.now()).toISOString(),
    });
    // A failed payout gives amount and charge back; a successful one keeps them.
    expect(await disbursementWallet(t, country, currency)).toBe(
      status === 'success' ? funds - amount - charge : funds,
    );
  });

  const refused: [string, Recipient, number, number][] = [
    // case, recipient, amount, charge
    ['mobile money, above the wallet', mobileMoney('+2250700000001'), 5_000_001, 25_001],
    ['bank, above the wallet', bank('0123456789'), 100_000_001, 500_001],
    // The charge comes out of the same wallet: an amount equal to the balance does not fit either.
    ['bank, exactly the wallet', bank('0123456789'), 100_000_000, 500_000],
  ];

  it.each(refused)(
    '%s: InsufficientBalance, nothing debited',
    async (_case, { recipient, market, funds }, amount, charge) => {
      t = await startApp();
      const [country, currency] = market;
      const transferRecipientId = await validatedRecipient(t, recipient);
      const res = await requestPayout(t, { transferRecipientId, amount });
      const message = `The disbursement wallet holds ${funds}; this payout needs ${amount + charge}`;
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        statusCode: 400,
        error: {
          code: 'validation_failed',
          message: `Insufficient balance in the ${country} ${currency} disbursement wallet`,
          fields: [{ path: 'amount', code: 'too_high', message }],
        },
      });
      expect(await disbursementWallet(t, country, currency)).toBe(funds);
      // The ledger keeps the refused payout as failed, saying why.
      const list = await t.request('GET', '/api/v1/payouts', undefined, MERCHANT);
      expect(list.json.total).toBe(1);
      const read = await getPayout(t, list.json.data[0].reference);
      expect(read.json.data).toMatchObject({
        status: 'failed',
        final: true,
        amount,
        statusDescription: `Insufficient balance: ${message} (${currency} minor units)`,
      });
    },
  );
});
