// The typed client against the sandbox, in-process (through Hono's app.request and through the transport
// the server uses, inProcessFetch): every one of the 14 endpoints answers in a shape the
// client's response schemas accept, and the provider's errors arrive as typed ProviderErrors.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createProviderClient, type ProviderClient } from '../../../server/provider/client.ts';
import { ProviderError, ProviderRequestError } from '../../../server/provider/errors.ts';
import { inProcessFetch } from '../../../server/sandbox/in-process.ts';
import type { FetchLike } from '../../../server/provider/http.ts';
import { startSandbox, TEST_CLIENT_ID, TEST_CLIENT_SECRET, type SandboxFixture } from '../sandbox/fixture.ts';

const transports: { name: string; transport: (fixture: SandboxFixture) => FetchLike }[] = [
  { name: 'app.request', transport: (f) => (input, init) => Promise.resolve(f.sandbox.app.request(input, init)) },
  { name: 'inProcessFetch', transport: (f) => inProcessFetch(f.sandbox.app) },
];

describe.each(transports)('over $name', ({ transport }) => {
  let fixture: SandboxFixture;
  let client: ProviderClient;

  beforeEach(async () => {
    fixture = await startSandbox();
    client = createProviderClient({
      baseUrl: 'http://sandbox.test',
      clientId: TEST_CLIENT_ID,
      clientSecret: TEST_CLIENT_SECRET,
      fetch: transport(fixture),
      retries: 0,
    });
  });
  afterEach(() => fixture.close());

  async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }

  describe('collections', () => {
    it('creates a hosted checkout and lists it first', async () => {
      const created = await client.createCheckout({
        country: 'CI',
        currency: 'XOF',
        amount: 5000,
        user: { name: 'Awa', email: 'awa@example.com', phoneNumber: '+2250700000000' },
        reference: 'conformance-checkout-1',
        redirectURL: 'https://shop.example/return',
      });
      expect(created).toMatchObject({ reference: 'conformance-checkout-1', amount: 5000, currency: 'XOF' });
      expect(created.url).toMatch(/^http:\/\/sandbox\.test\/sandbox\/checkout\/chk_/);

      const list = await client.listCheckouts({ limit: 1 });
      expect(list).toMatchObject({ statusCode: 200, page: 1, limit: 1 });
      expect(list.data[0]).toMatchObject({ reference: 'conformance-checkout-1', status: 'pending', amount: 5000 });
      expect(list.pages).toBe(list.total);
    });

    it('runs a direct charge through OTP to a verified success', async () => {
      const properties = await client.getChargeProperties('mtn-ci');
      expect(properties.networks).toEqual([{ name: 'MTN', value: 'mtn', image: 'http://sandbox.test/sandbox/assets/providers/mtn-ci.svg' }]);

      const charge = await client.directCharge({
        provider: 'mtn-ci',
        amount: 15000,
        reference: 'conformance-charge-1',
        customerInput: { phoneNumber: '+2250700000000', network: 'mtn' },
      });
      expect(charge).toMatchObject({ reference: 'conformance-charge-1', status: 'pending', action: 'otp', amount: 15000, charge: 150, totalAmount: 15150 });

      const wrong = await providerError(client.confirm({ reference: 'conformance-charge-1', customerInput: { otp: '000000' } }));
      expect(wrong).toMatchObject({ status: 400, errorCode: 'InvalidOTP' });

      const confirmed = await client.confirm({ reference: 'conformance-charge-1', customerInput: { otp: '123456' } });
      expect(confirmed).toMatchObject({ status: 'pending', action: 'processing' });

      // The outcome delay is 0 in tests, so verify (which settles due outcomes first) already sees it.
      const verified = await client.verifyCollection('conformance-charge-1');
      expect(verified).toMatchObject({ status: 'success', amount: 15000, currency: 'XOF', provider: 'mtn-ci' });
      expect(verified.paidAt).toBe(Math.floor(fixture.clock.now() / 1000));
    });

    it('maps the provider errors: not found, duplicate reference', async () => {
      expect(await providerError(client.verifyCollection('nope'))).toMatchObject({ status: 404, errorCode: 'NotFound' });
      const input = { provider: 'mtn-ci', amount: 100, reference: 'dup-1', customerInput: { phoneNumber: '+2250700000000' } };
      await client.directCharge(input);
      expect(await providerError(client.directCharge(input))).toMatchObject({ status: 409, errorCode: 'DuplicateReference' });
    });

    it('times out on a hanging charge (06) while the charge exists as pending', async () => {
      const impatient = createProviderClient({
        baseUrl: 'http://sandbox.test',
        clientId: TEST_CLIENT_ID,
        clientSecret: TEST_CLIENT_SECRET,
        fetch: transport(fixture),
        timeoutMs: 50,
      });
      const error = await providerError(
        impatient.directCharge({ provider: 'mtn-ci', amount: 100, reference: 'hang-1', customerInput: { phoneNumber: '+2250700000006' } }),
      );
      expect(error.errorCode).toBe('Timeout');
      expect(await client.verifyCollection('hang-1')).toMatchObject({ status: 'pending' });
    });
  });

  describe('payment links', () => {
    it('lists with the default limit and fetches one with analytics', async () => {
      const list = await client.listPaymentLinks();
      expect(list).toMatchObject({ total: 11, page: 1, limit: 2, pages: 6 });
      expect(list.data).toHaveLength(2);

      const link = await client.getPaymentLink('lnk_limited_ke');
      expect(link).toMatchObject({ id: 'lnk_limited_ke', amountLimit: 1_000_000, isAmountFixed: false, status: 'active' });
      expect(link.analytics).toMatchObject({ totalTransactionAmount: 985_000, totalTransactionCount: 3 });
      expect(link.analytics.clientProviders).toEqual([{ provider: 'mpesa-ke' }, { provider: 'airtel-ke' }]);
    });
  });

  describe('disbursements and wallets', () => {
    it('validates a recipient, pays out, verifies by either reference, lists, and moves the wallet', async () => {
      const [before] = await client.getWallets({ country: 'NG', currency: 'NGN' }).then((w) => w.filter((x) => x.type === 'disbursement'));
      const properties = await client.getRecipientProperties('bank-ng');
      expect(properties.banks).toContainEqual({ bankName: 'Zenith Bank', bankCode: '057' });

      const recipient = await client.validateRecipient({ provider: 'bank-ng', account: { accountNumber: '0123456789', bankCode: '057' } });
      expect(recipient).toMatchObject({ provider: 'bank-ng', currency: 'NGN', country: 'NG' });
      expect(recipient.id).toEqual(expect.any(String));

      const payout = await client.createDisbursement({ transferRecipientId: String(recipient.id), amount: 100_000, reference: 'payout-1' });
      expect(payout).toMatchObject({ externalReference: 'payout-1', status: 'processing', amount: 100_000 });
      expect(payout.reference).not.toBe('payout-1');

      await fixture.runDue();
      expect(await client.verifyDisbursement('payout-1')).toMatchObject({ status: 'success', reference: payout.reference });
      expect(await client.verifyDisbursement(payout.reference)).toMatchObject({ status: 'success', externalReference: 'payout-1' });

      const list = await client.listDisbursements();
      expect(list).toMatchObject({ total: 1, limit: 4, pages: 1 });

      const [after] = await client.getWallets({ country: 'NG', currency: 'NGN' }).then((w) => w.filter((x) => x.type === 'disbursement'));
      expect(before?.amount).toBeDefined();
      expect(after?.amount).toBe((before?.amount ?? 0) - 100_000 - Number(payout.charge ?? 0));
    });

    it('answers InsufficientBalance for a payout above the wallet', async () => {
      const recipient = await client.validateRecipient({ provider: 'mpesa-ke', account: { phoneNumber: '+254700000000' } });
      const error = await providerError(
        client.createDisbursement({ transferRecipientId: String(recipient.id), amount: 999_999_999, reference: 'too-much' }),
      );
      expect(error).toMatchObject({ status: 400, errorCode: 'InsufficientBalance' });
    });
  });

  describe('client-side refusals (nothing is sent)', () => {
    it.each([
      ['page 0', () => client.listPaymentLinks({ page: 0 })],
      ['limit 101', () => client.listCheckouts({ limit: 101 })],
      ['a float amount', () => client.directCharge({ provider: 'mtn-ci', amount: 1.5, customerInput: { phoneNumber: '+2250700000000' } })],
      ['a 4-letter currency', () => client.getWallets({ currency: 'XOFF' })],
    ])('%s', async (_name, call) => {
      await expect(call()).rejects.toBeInstanceOf(ProviderRequestError);
    });
  });
});
