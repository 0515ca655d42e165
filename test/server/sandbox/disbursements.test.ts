// The sandbox's disbursement and wallet endpoints, driven through app.request() with the provider's headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../server/clock.ts';
import {
  DisbursementResponseSchema,
  DisbursementWebhookSchema,
  ValidatedRecipientResponseSchema,
} from '../../../server/provider/schemas.ts';
import { verifyWebhookSignature } from '../../../server/provider/signature.ts';
import { createSandbox, type Sandbox } from '../../../server/sandbox/app.ts';
import { applyDisbursementStatus } from '../../../server/sandbox/disbursements/outcomes.ts';
import { openStore, type Store } from '../../../server/store/database.ts';

const SECRET = 'test-secret-123';
const AUTH = { 'client-id': 'test-id', 'client-secret': SECRET };
const LOGO = (slug: string) => `http://sandbox.test/sandbox/assets/providers/${slug}.svg`;
const DEFAULT_HOOK = 'http://merchant.test/webhooks/disbursements';

interface Delivery {
  url: string;
  headers: Headers;
  body: string;
}
interface Disbursement {
  id: string;
  reference: string;
  providersReference: string;
  externalReference: string;
  status: string;
  statusDescription: string;
  amount: number;
  charge: number;
  completedAt: number | null;
}
interface Wallet {
  type: string;
  amount: number;
  currency: string;
  country: string;
  status: string;
}
interface Answer<T> {
  status: number;
  body: { statusCode: number; data: T; error?: string; errorCode?: string; [key: string]: unknown };
}

let store: Store;
let sandbox: Sandbox;
const clock = new ManualClock();
const deliveries: Delivery[] = [];
const recorder: typeof fetch = async (input, init) => {
  deliveries.push({ url: String(input), headers: new Headers(init?.headers), body: String(init?.body) });
  return new Response('ok', { status: 200 });
};

beforeAll(async () => {
  store = await openStore({ memory: true });
  sandbox = await createSandbox({
    db: store.db,
    clock,
    fetch: recorder,
    config: {
      clientId: 'test-id',
      clientSecret: SECRET,
      publicUrl: 'http://sandbox.test/sandbox',
      webhookUrl: DEFAULT_HOOK,
      outcomeDelayMs: 0,
    },
  });
});
afterAll(() => store.close());

async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...AUTH };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await sandbox.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

async function recipient(provider: string, account: Record<string, string>): Promise<string> {
  const answer = await api<{ id: string }>('POST', '/billing/v1/transfer-recipients/validate', {
    provider,
    account,
  });
  expect(answer.status).toBe(201);
  return answer.body.data.id;
}

const pay = (
  transferRecipientId: string,
  amount: number,
  reference: string,
  extra: Record<string, string> = {},
) =>
  api<Disbursement>('POST', '/billing/v1/disbursements', {
    transferRecipientId,
    amount,
    reference,
    ...extra,
  });

async function payoutBalance(country: string, currency: string): Promise<number> {
  const answer = await api<Wallet[]>('GET', `/billing/v1/wallets?country=${country}&currency=${currency}`);
  const wallet = answer.body.data.find((item) => item.type === 'disbursement');
  if (!wallet) throw new Error(`no disbursement wallet for ${country} ${currency}`);
  return wallet.amount;
}

/** The webhooks delivered for a service reference, parsed, in delivery order. */
function webhooksOf(reference: string) {
  return deliveries
    .map((delivery) => ({ ...delivery, event: DisbursementWebhookSchema.parse(JSON.parse(delivery.body)) }))
    .filter((delivery) => delivery.event.data.reference === reference);
}

/** Moves past the moment of the request, so the outcome's webhook is enqueued strictly after it. */
async function settle() {
  await clock.advance(1);
  await sandbox.runDue();
}

const refusal = (statusCode: number, errorCode: string, error: string) => ({
  status: statusCode,
  body: { statusCode, error, errorCode },
});

describe('authentication', () => {
  it('answers 401 without the client headers or with a wrong secret', async () => {
    const bare = await sandbox.app.request('/billing/v1/wallets');
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({
      statusCode: 401,
      error: 'Invalid client-id or client-secret',
      errorCode: 'Unauthorized',
    });
    const wrong = await sandbox.app.request('/billing/v1/disbursements', {
      headers: { 'client-id': 'test-id', 'client-secret': 'not-the-secret' },
    });
    expect(wrong.status).toBe(401);
  });
});

describe('GET /billing/v1/transfer-recipients/:provider/properties', () => {
  it('lists the networks of a mobile-money provider, with its logo, and no banks', async () => {
    expect(await api('GET', '/billing/v1/transfer-recipients/mtn-ci/properties')).toEqual({
      status: 200,
      body: {
        statusCode: 200,
        data: { banks: [], networks: [{ name: 'MTN', image: LOGO('mtn-ci'), value: 'mtn' }] },
      },
    });
    const opay = await api<{ networks: { value: string }[] }>(
      'GET',
      '/billing/v1/transfer-recipients/opay-ng/properties',
    );
    expect(opay.body.data.networks.map((network) => network.value)).toEqual(['opay', 'mtn', 'airtel']);
  });

  it('lists the banks of a bank provider', async () => {
    expect(await api('GET', '/billing/v1/transfer-recipients/bank-ke/properties')).toEqual({
      status: 200,
      body: {
        statusCode: 200,
        data: {
          banks: [
            { bankName: 'Equity Bank', bankCode: '68' },
            { bankName: 'KCB Bank', bankCode: '01' },
            { bankName: 'Co-operative Bank', bankCode: '11' },
          ],
        },
      },
    });
  });

  it('answers 404 for an unknown provider', async () => {
    expect(await api('GET', '/billing/v1/transfer-recipients/nope-xx/properties')).toEqual(
      refusal(404, 'NotFound', "Provider 'nope-xx' not found"),
    );
  });
});

describe('POST /billing/v1/transfer-recipients/validate', () => {
  it('validates a mobile-money account and names its holder the same way every time', async () => {
    const account = { phoneNumber: '+2250700000001', network: 'mtn' };
    const first = await api('POST', '/billing/v1/transfer-recipients/validate', {
      provider: 'mtn-ci',
      account,
    });
    expect(first.status).toBe(201);
    const parsed = ValidatedRecipientResponseSchema.parse(first.body);
    expect(parsed).toEqual({
      statusCode: 201,
      data: {
        id: expect.stringMatching(/^rcp_[0-9a-f]{24}$/),
        currency: 'XOF',
        country: 'CI',
        provider: 'mtn-ci',
        providerLabel: 'MTN Mobile Money',
        channel: 'mobile-money',
        status: 'validated',
        // Digit sum 17 picks the sixth Ivorian name.
        accountLabel: 'Serge Kouadio (MTN Mobile Money ****0001)',
        account,
      },
    });
    const again = await api<{ id: string; accountLabel: string }>(
      'POST',
      '/billing/v1/transfer-recipients/validate',
      {
        provider: 'mtn-ci',
        account,
      },
    );
    expect(again.body.data.accountLabel).toBe('Serge Kouadio (MTN Mobile Money ****0001)');
    expect(again.body.data.id).not.toBe(parsed.data.id);
  });

  it('validates a Nigerian bank account (NUBAN) and names the bank', async () => {
    const account = { accountNumber: '0123456789', bankCode: '057' };
    const answer = await api('POST', '/billing/v1/transfer-recipients/validate', {
      provider: 'bank-ng',
      account,
    });
    expect(answer).toEqual({
      status: 201,
      body: {
        statusCode: 201,
        data: {
          id: expect.stringMatching(/^rcp_/),
          currency: 'NGN',
          country: 'NG',
          provider: 'bank-ng',
          providerLabel: 'Bank transfer (Nigeria)',
          channel: 'bank',
          status: 'validated',
          accountLabel: 'Funmilayo Balogun (Zenith Bank ****6789)',
          account,
        },
      },
    });
  });

  it.each([
    [
      'a phone number for a bank provider',
      { provider: 'bank-ng', account: { phoneNumber: '+2348030000000' } },
      'account: bank-ng is a bank provider and needs {accountNumber, bankCode}, not a phone number',
    ],
    [
      'a bank account for a mobile-money provider',
      { provider: 'mpesa-ke', account: { accountNumber: '1234567890', bankCode: '68' } },
      'account: mpesa-ke is a mobile-money provider and needs {phoneNumber, network?}, not a bank account',
    ],
    [
      'a network the provider does not have',
      { provider: 'opay-ng', account: { phoneNumber: '+2348030000000', network: 'glo' } },
      "account.network: 'glo' is not a network of opay-ng (one of: opay, mtn, airtel)",
    ],
    [
      'a bank the provider does not serve',
      { provider: 'bank-ng', account: { accountNumber: '0123456789', bankCode: '68' } },
      "account.bankCode: '68' is not a bank served by bank-ng",
    ],
    [
      'a Nigerian account number that is not 10 digits',
      { provider: 'bank-ng', account: { accountNumber: '012345678', bankCode: '044' } },
      'account.accountNumber: must be a 10-digit NUBAN account number',
    ],
    [
      'a Kenyan account number of 5 digits',
      { provider: 'bank-ke', account: { accountNumber: '12345', bankCode: '01' } },
      'account.accountNumber: must be 6 to 14 digits',
    ],
    [
      'a Kenyan account number of 15 digits',
      { provider: 'bank-ke', account: { accountNumber: '123456789012345', bankCode: '01' } },
      'account.accountNumber: must be 6 to 14 digits',
    ],
    [
      'a Kenyan account number with letters',
      { provider: 'bank-ke', account: { accountNumber: 'KE12345678', bankCode: '01' } },
      'account.accountNumber: must be 6 to 14 digits',
    ],
  ])('refuses %s', async (_case, body, error) => {
    expect(await api('POST', '/billing/v1/transfer-recipients/validate', body)).toEqual(
      refusal(400, 'ValidationError', error),
    );
  });

  it.each([
    ['a phone number with letters', { provider: 'mtn-ci', account: { phoneNumber: '07ABC0001' } }],
    [
      'an account mixing both forms',
      {
        provider: 'bank-ng',
        account: { phoneNumber: '+2348030000000', accountNumber: '0123456789', bankCode: '057' },
      },
    ],
    ['a missing account', { provider: 'mtn-ci' }],
  ])('refuses %s through the request schema', async (_case, body) => {
    const answer = await api('POST', '/billing/v1/transfer-recipients/validate', body);
    expect([answer.status, answer.body.errorCode]).toEqual([400, 'ValidationError']);
  });

  it('answers 404 for an unknown provider', async () => {
    const body = { provider: 'nope-xx', account: { phoneNumber: '+2250700000001' } };
    expect(await api('POST', '/billing/v1/transfer-recipients/validate', body)).toEqual(
      refusal(404, 'NotFound', "Provider 'nope-xx' not found"),
    );
  });
});

describe('POST /billing/v1/disbursements', () => {
  it('debits amount plus charge, answers processing, then succeeds by signed webhooks', async () => {
    const recipientId = await recipient('mtn-ci', { phoneNumber: '+2250700000001', network: 'mtn' });
    const before = await payoutBalance('CI', 'XOF');
    const created = clock.now();
    const answer = await pay(recipientId, 10_000, 'payout-ok-1', {
      narration: 'October commission',
      webhook: 'http://merchant.test/custom-hook',
    });
    expect(answer.status).toBe(201);
    expect(DisbursementResponseSchema.parse(answer.body)).toEqual({
      statusCode: 201,
      data: {
        id: expect.stringMatching(/^dsb_[0-9a-f]{24}$/),
        clientId: 'test-id',
        status: 'processing',
        statusDescription: 'Disbursement is being processed',
        reference: expect.stringMatching(/^DSB-[0-9a-f]{32}$/),
        providersReference: expect.stringMatching(/^PRV[0-9A-F]{16}$/),
        externalReference: 'payout-ok-1',
        currency: 'XOF',
        country: 'CI',
        transferRecipientId: recipientId,
        transferRecipientLabel: 'Serge Kouadio (MTN Mobile Money ****0001)',
        charge: 50,
        amount: 10_000,
        provider: 'mtn-ci',
        providerLabel: 'MTN Mobile Money',
        providerLogo: LOGO('mtn-ci'),
        channel: 'mobile-money',
        integrationId: 'int_sandbox_mtn-ci',
        narration: 'October commission',
        completedAt: null,
        createdAt: new Date(created).toISOString(),
      },
    });
    const payout = answer.body.data;
    expect(await payoutBalance('CI', 'XOF')).toBe(before - 10_050);

    await settle();
    const hooks = webhooksOf(payout.reference);
    expect(hooks.map((hook) => [hook.url, hook.event.data.status])).toEqual([
      ['http://merchant.test/custom-hook', 'processing'],
      ['http://merchant.test/custom-hook', 'success'],
    ]);
    for (const hook of hooks) {
      expect(hook.headers.get('content-type')).toBe('application/json');
      expect(verifyWebhookSignature(hook.body, hook.headers.get('x-webhook-signature'), [SECRET])).toBe(true);
      expect(
        verifyWebhookSignature(hook.body, hook.headers.get('x-webhook-signature'), ['another-secret']),
      ).toBe(false);
    }
    const common = {
      clientId: 'test-id',
      type: 'disbursement',
      reference: payout.reference,
      externalReference: 'payout-ok-1',
      providersReference: answer.body.data.providersReference,
      amount: 10_000,
      charge: 50,
      currency: 'XOF',
      country: 'CI',
      provider: 'mtn-ci',
      providerLabel: 'MTN Mobile Money',
      providerLogo: LOGO('mtn-ci'),
      channel: 'mobile-money',
      transferRecipientId: recipientId,
      transferRecipientLabel: 'Serge Kouadio (MTN Mobile Money ****0001)',
      narration: 'October commission',
    };
    expect(JSON.parse(hooks[0]!.body)).toEqual({
      event: 'disbursement.status',
      clientId: 'test-id',
      deliveryId: expect.stringMatching(/^dlv_/),
      data: {
        ...common,
        status: 'processing',
        statusDescription: 'Disbursement is being processed',
        timestamp: new Date(created).toISOString(),
        completedAt: null,
      },
    });
    expect(JSON.parse(hooks[1]!.body)).toEqual({
      event: 'disbursement.status',
      clientId: 'test-id',
      deliveryId: expect.stringMatching(/^dlv_/),
      data: {
        ...common,
        status: 'success',
        statusDescription: 'Disbursement completed successfully',
        timestamp: new Date(created + 1).toISOString(),
        completedAt: Math.floor((created + 1) / 1000),
      },
    });
    expect(await payoutBalance('CI', 'XOF')).toBe(before - 10_050);
  });

  it('sends to the configured webhook URL when the request names none', async () => {
    const recipientId = await recipient('wave-sn', { phoneNumber: '+221770000011' });
    const answer = await pay(recipientId, 1_000, 'payout-default-hook');
    await settle();
    expect(webhooksOf(answer.body.data.reference).map((hook) => [hook.url, hook.event.data.status])).toEqual([
      [DEFAULT_HOOK, 'processing'],
      [DEFAULT_HOOK, 'success'],
    ]);
  });

  it('fails a payout to a phone ending 04 and refunds amount plus charge', async () => {
    const recipientId = await recipient('mtn-ci', { phoneNumber: '+2250700000004' });
    const before = await payoutBalance('CI', 'XOF');
    const answer = await pay(recipientId, 20_000, 'payout-unreachable');
    expect([answer.status, answer.body.data.status, answer.body.data.charge]).toEqual([
      201,
      'processing',
      100,
    ]);
    expect(await payoutBalance('CI', 'XOF')).toBe(before - 20_100);
    await settle();
    expect(await payoutBalance('CI', 'XOF')).toBe(before);
    const hooks = webhooksOf(answer.body.data.reference);
    expect(hooks.map((hook) => [hook.event.data.status, hook.event.data.statusDescription])).toEqual([
      ['processing', 'Disbursement is being processed'],
      ['failed', 'Recipient account is not reachable'],
    ]);
    const verified = await api<Disbursement>(
      'GET',
      `/billing/v1/disbursements/verify/${answer.body.data.reference}`,
    );
    expect([
      verified.body.data.status,
      verified.body.data.statusDescription,
      verified.body.data.completedAt,
    ]).toEqual(['failed', 'Recipient account is not reachable', Math.floor(clock.now() / 1000)]);
  });

  it('fails an amount ending in 13 and refunds amount plus charge', async () => {
    const recipientId = await recipient('bank-ng', { accountNumber: '0123456789', bankCode: '057' });
    const before = await payoutBalance('NG', 'NGN');
    const answer = await pay(recipientId, 500_013, 'payout-rejected');
    // 0.5% of 500,013 is 2,500.065, rounded up.
    expect(answer.body.data.charge).toBe(2_501);
    expect(await payoutBalance('NG', 'NGN')).toBe(before - 502_514);
    await settle();
    expect(await payoutBalance('NG', 'NGN')).toBe(before);
    expect(webhooksOf(answer.body.data.reference).map((hook) => hook.event.data.statusDescription)).toEqual([
      'Disbursement is being processed',
      "Transfer rejected by the recipient's provider",
    ]);
  });

  it('refuses an amount plus charge above the disbursement wallet, moving nothing', async () => {
    const recipientId = await recipient('bank-ke', { accountNumber: '1234567890', bankCode: '68' });
    const balance = await payoutBalance('KE', 'KES');
    expect(balance).toBe(10_000_000);
    const charge = Math.ceil((balance * 50) / 10_000);
    expect(await pay(recipientId, balance, 'payout-too-much')).toEqual(
      refusal(
        400,
        'InsufficientBalance',
        `Insufficient balance: the KE KES disbursement wallet holds 10000000 and this disbursement needs ` +
          `${balance + charge} (amount 10000000 + charge ${charge}), in minor units`,
      ),
    );
    expect(await payoutBalance('KE', 'KES')).toBe(balance);
    expect((await api('GET', '/billing/v1/disbursements/verify/payout-too-much')).status).toBe(404);
    // Exactly the balance is enough.
    const exact = await pay(recipientId, 9_950_248, 'payout-all-of-it');
    expect([exact.status, exact.body.data.charge]).toEqual([201, 49_752]);
    expect(await payoutBalance('KE', 'KES')).toBe(0);
  });

  it('refuses a merchant reference used before, moving nothing', async () => {
    const recipientId = await recipient('mtn-ci', { phoneNumber: '+2250700000001' });
    const before = await payoutBalance('CI', 'XOF');
    expect(await pay(recipientId, 5_000, 'payout-ok-1')).toEqual(
      refusal(409, 'DuplicateReference', "A disbursement with reference 'payout-ok-1' already exists"),
    );
    expect(await payoutBalance('CI', 'XOF')).toBe(before);
  });

  it('answers 404 for an unknown recipient and 400 for a bad amount', async () => {
    expect(await pay('rcp_missing', 1_000, 'payout-nobody')).toEqual(
      refusal(404, 'NotFound', "Transfer recipient 'rcp_missing' not found"),
    );
    const recipientId = await recipient('mtn-ci', { phoneNumber: '+2250700000001' });
    for (const amount of [0, -5, 1.5]) {
      const answer = await api('POST', '/billing/v1/disbursements', {
        transferRecipientId: recipientId,
        amount,
        reference: `bad-${amount}`,
      });
      expect([answer.status, answer.body.errorCode]).toEqual([400, 'ValidationError']);
    }
  });
});

describe('GET /billing/v1/disbursements/verify/:reference', () => {
  it('finds a payout by either reference and applies its due outcome first', async () => {
    const recipientId = await recipient('orange-sn', { phoneNumber: '+221770000021' });
    const created = await pay(recipientId, 2_500, 'payout-verify');
    const byService = await api<Disbursement>(
      'GET',
      `/billing/v1/disbursements/verify/${created.body.data.reference}`,
    );
    const byMerchant = await api<Disbursement>('GET', '/billing/v1/disbursements/verify/payout-verify');
    expect(byService).toEqual(byMerchant);
    expect(byService.status).toBe(200);
    expect(byService.body.data).toEqual({
      ...created.body.data,
      status: 'success',
      statusDescription: 'Disbursement completed successfully',
      completedAt: Math.floor(clock.now() / 1000),
    });
  });

  it('answers 404 for an unknown reference', async () => {
    expect(await api('GET', '/billing/v1/disbursements/verify/DSB-unknown')).toEqual(
      refusal(404, 'NotFound', "Disbursement 'DSB-unknown' not found"),
    );
  });
});

describe('applyDisbursementStatus (the admin API forcing a state)', () => {
  it('moves a processing payout once, refunding a forced failure, and never changes a final one', async () => {
    const recipientId = await recipient('mtn-ci', { phoneNumber: '+2250700000001' });
    const before = await payoutBalance('CI', 'XOF');
    const { reference } = (await pay(recipientId, 3_000, 'payout-forced')).body.data;
    // Deliveries enqueued in the same millisecond have no defined order, so force the state a moment later.
    await clock.advance(1);
    expect(
      await applyDisbursementStatus(sandbox.context, 'payout-forced', 'failed', 'Forced by the operator'),
    ).toBe(true);
    expect(await payoutBalance('CI', 'XOF')).toBe(before);
    expect(await applyDisbursementStatus(sandbox.context, reference, 'success')).toBe(false);
    await settle();
    const verified = await api<Disbursement>('GET', `/billing/v1/disbursements/verify/${reference}`);
    expect([verified.body.data.status, verified.body.data.statusDescription]).toEqual([
      'failed',
      'Forced by the operator',
    ]);
    expect(webhooksOf(reference).map((hook) => hook.event.data.status)).toEqual(['processing', 'failed']);
    expect(await payoutBalance('CI', 'XOF')).toBe(before);
    await expect(applyDisbursementStatus(sandbox.context, 'DSB-unknown', 'success')).rejects.toMatchObject({
      status: 404,
      errorCode: 'NotFound',
    });
  });
});

describe('GET /billing/v1/wallets', () => {
  it('lists every wallet ordered by country, currency and type', async () => {
    const answer = await api<Wallet[]>('GET', '/billing/v1/wallets');
    expect(answer.status).toBe(200);
    const keys = answer.body.data.map((wallet) => `${wallet.country} ${wallet.currency} ${wallet.type}`);
    expect(keys).toEqual([
      'CI XOF deposit',
      'CI XOF disbursement',
      'KE KES deposit',
      'KE KES disbursement',
      'NG NGN deposit',
      'NG NGN disbursement',
      'SN XOF deposit',
      'SN XOF disbursement',
    ]);
  });

  it('filters by country and currency', async () => {
    const answer = await api<Wallet[]>('GET', '/billing/v1/wallets?country=KE&currency=KES');
    expect(answer.body.data).toEqual([
      { type: 'deposit', amount: expect.any(Number), currency: 'KES', country: 'KE', status: 'active' },
      { type: 'disbursement', amount: 0, currency: 'KES', country: 'KE', status: 'active' },
    ]);
    const xof = await api<Wallet[]>('GET', '/billing/v1/wallets?currency=XOF');
    expect(xof.body.data.map((wallet) => `${wallet.country} ${wallet.type}`)).toEqual([
      'CI deposit',
      'CI disbursement',
      'SN deposit',
      'SN disbursement',
    ]);
    expect((await api<Wallet[]>('GET', '/billing/v1/wallets?country=US')).body.data).toEqual([]);
  });

  it.each(['country=ci', 'country=CIV', 'currency=XO', 'currency=xof'])('refuses %s', async (query) => {
    const answer = await api('GET', `/billing/v1/wallets?${query}`);
    expect([answer.status, answer.body.errorCode]).toEqual([400, 'ValidationError']);
  });
});

describe('GET /billing/v1/disbursements', () => {
  const references: Record<string, string> = {};
  beforeAll(async () => {
    const recipientId = await recipient('wave-ci', { phoneNumber: '+2250500000001' });
    const times = [
      ['list-10-a', '2027-01-10T08:00:00.000Z'],
      ['list-10-b', '2027-01-10T12:00:00.000Z'],
      ['list-10-c', '2027-01-10T23:59:59.999Z'],
      ['list-11-a', '2027-01-11T00:00:00.000Z'],
      ['list-11-b', '2027-01-11T18:30:00.000Z'],
      ['list-12-a', '2027-01-12T09:15:00.000Z'],
    ] as const;
    for (const [reference, at] of times) {
      await clock.set(at);
      const answer = await pay(recipientId, 1_000, reference);
      references[reference] = answer.body.data.reference;
    }
  });

  const list = (query: string) => api<Disbursement[]>('GET', `/billing/v1/disbursements?${query}`);
  const externalReferences = (answer: Answer<Disbursement[]>) =>
    answer.body.data.map((item) => item.externalReference);

  it('applies defaults (page 1, limit 4), newest first, with outcomes applied', async () => {
    const answer = await list('dateFrom=2027-01-10');
    expect({ ...answer.body, data: externalReferences(answer) }).toEqual({
      statusCode: 200,
      total: 6,
      page: 1,
      pages: 2,
      limit: 4,
      data: ['list-12-a', 'list-11-b', 'list-11-a', 'list-10-c'],
    });
    expect(answer.body.data.map((item) => item.status)).toEqual(['success', 'success', 'success', 'success']);
    const everything = await list('');
    expect([everything.body.page, everything.body.limit, externalReferences(everything)[0]]).toEqual([
      1,
      4,
      'list-12-a',
    ]);
  });

  it('includes the whole dateTo day, in UTC', async () => {
    expect(externalReferences(await list('dateFrom=2027-01-10&dateTo=2027-01-10'))).toEqual([
      'list-10-c',
      'list-10-b',
      'list-10-a',
    ]);
    expect(externalReferences(await list('dateFrom=2027-01-11&dateTo=2027-01-11'))).toEqual([
      'list-11-b',
      'list-11-a',
    ]);
  });

  it('pages with pages = ceil(total / limit) and answers no data past the end', async () => {
    const range = 'dateFrom=2027-01-10&dateTo=2027-01-11';
    const pageOf = async (page: number, limit: number) => {
      const { body } = await list(`${range}&page=${page}&limit=${limit}`);
      return [body.total, body.page, body.pages, body.limit, body.data.map((item) => item.externalReference)];
    };
    expect(await pageOf(1, 2)).toEqual([5, 1, 3, 2, ['list-11-b', 'list-11-a']]);
    expect(await pageOf(3, 2)).toEqual([5, 3, 3, 2, ['list-10-a']]);
    expect(await pageOf(4, 2)).toEqual([5, 4, 3, 2, []]);
    expect(await pageOf(1, 100)).toEqual([
      5,
      1,
      1,
      100,
      ['list-11-b', 'list-11-a', 'list-10-c', 'list-10-b', 'list-10-a'],
    ]);
    expect(await pageOf(2, 1)).toEqual([5, 2, 5, 1, ['list-11-a']]);
    expect((await list('dateFrom=2030-01-01')).body).toEqual({
      statusCode: 200,
      total: 0,
      page: 1,
      pages: 0,
      limit: 4,
      data: [],
    });
  });

  it.each([
    'page=0',
    'limit=0',
    'limit=101',
    'page=abc',
    'limit=2.5',
    'dateFrom=2027-13-01',
    'dateTo=10-01-2027',
    'dateFrom=2027-01-12&dateTo=2027-01-10',
  ])('refuses %s', async (query) => {
    const answer = await list(query);
    expect([answer.status, answer.body.statusCode, answer.body.errorCode]).toEqual([
      400,
      400,
      'ValidationError',
    ]);
  });

  it('carries both references on list items', async () => {
    const answer = await list('dateFrom=2027-01-12');
    expect(answer.body.data.map((item) => [item.reference, item.externalReference])).toEqual([
      [references['list-12-a'], 'list-12-a'],
    ]);
  });
});
