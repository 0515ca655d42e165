import { describe, expect, it } from 'vitest';
import { createProviderClient, type ProviderClientOptions } from '../../../server/provider/client.ts';
import { ProviderError, ProviderRequestError } from '../../../server/provider/errors.ts';

const BASE_URL = 'https://provider.test/';

interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Answer = Response | 'hang' | 'hang-ignoring-signal' | Error;

/**
 * A fake `fetch` playing scripted answers in order (the last one repeats) and recording each call.
 * 'hang' waits until the request's signal aborts, like a real fetch; 'hang-ignoring-signal' never
 * settles, like an in-process transport that does not look at the signal.
 */
function fakeFetch(...answers: Answer[]) {
  const calls: RecordedCall[] = [];
  const fetch = (input: string, init: RequestInit) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    calls.push({
      method: init.method ?? 'GET',
      url: new URL(input),
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === 'hang-ignoring-signal') return new Promise<Response>(() => {});
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(answer!.clone());
  };
  return { fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ok = (data: unknown, status = 200) => json(status, { statusCode: status, data });
const list = (data: unknown[]) =>
  json(200, { statusCode: 200, total: data.length, page: 1, pages: 1, limit: 4, data });
const failure = (status: number, errorCode: string, error = `${errorCode} happened`) =>
  json(status, { statusCode: status, error, errorCode });

function clientWith(answers: Answer[], options: Partial<ProviderClientOptions> = {}) {
  const fake = fakeFetch(...answers);
  const delays: number[] = [];
  const client = createProviderClient({
    baseUrl: BASE_URL,
    clientId: 'client-id-1',
    clientSecret: 'secret-1',
    fetch: fake.fetch,
    random: () => 0.5,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...options,
  });
  return { client, calls: fake.calls, delays };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

// --- Answers shaped as the provider API describes ---------------------------------------------------

const chargeResult = {
  reference: 'ref-1',
  status: 'pending',
  sessionId: 'sess-1',
  amount: 5000,
  charge: 50,
  totalAmount: 5050,
  action: 'otp',
  data: { message: 'Enter the code sent by SMS' },
};
const transaction = {
  reference: 'ref-1',
  currency: 'XOF',
  amount: 5000,
  status: 'success',
  paidAt: 1_700_000_000,
};
const paymentLink = {
  id: 'link-1',
  clientId: 'client-id-1',
  title: 'Donation',
  isAmountFixed: false,
  minimumAmount: 100,
  currency: 'XOF',
  country: 'CI',
  customFields: [{ label: 'Size', name: 'size', type: 'dropdown', required: true, options: ['S', 'M'] }],
  expiresAt: null,
  isActive: true,
  status: 'active',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00Z',
};
const analytics = {
  totalTransactionAmount: 0,
  totalTransactionCount: 0,
  groupByChannel: [{ revenue: 0, count: 0, channel: null }],
  groupByRevenueAndCount: [{ week: '2024-01-01', revenue: 0, count: 0 }],
  clientProviders: [{ provider: 'mtn-ci' }],
  clientChannels: [{ channel: 'mobile-money' }],
};
const disbursement = {
  id: 'disb-1',
  status: 'processing',
  reference: 'svc-ref-1',
  externalReference: 'ours-1',
  currency: 'XOF',
  country: 'CI',
  amount: 1000,
};
const recipient = {
  id: 'rcp-1',
  currency: 'XOF',
  country: 'CI',
  provider: 'mtn-ci',
  accountLabel: 'A. Kouassi',
  account: { phoneNumber: '2250700000000' },
};

describe('provider client: endpoints', () => {
  // One row per endpoint: how it is called, the answer, and the request it must produce.
  const endpoints: {
    name: string;
    call: (client: ReturnType<typeof createProviderClient>) => Promise<unknown>;
    answer: Response;
    method: string;
    path: string;
    body?: unknown;
  }[] = [
    {
      name: 'createCheckout',
      call: (c) =>
        c.createCheckout({ country: 'CI', currency: 'XOF', amount: 5000, user: {}, reference: 'ref-1' }),
      answer: ok(
        {
          url: 'https://pay.test/c/1',
          shortURL: 'https://p.test/1',
          reference: 'ref-1',
          amount: 5000,
          currency: 'XOF',
        },
        201,
      ),
      method: 'POST',
      path: '/payments/v1/checkouts',
      body: { country: 'CI', currency: 'XOF', amount: 5000, user: {}, reference: 'ref-1' },
    },
    {
      name: 'listCheckouts',
      call: (c) => c.listCheckouts(),
      answer: list([transaction]),
      method: 'GET',
      path: '/payments/v1/checkouts',
    },
    {
      name: 'directCharge',
      call: (c) =>
        c.directCharge({
          provider: 'mtn-ci',
          amount: 5000,
          reference: 'ref-1',
          customerInput: { phoneNumber: '+2250700000000' },
        }),
      answer: ok(chargeResult, 201),
      method: 'POST',
      path: '/payments/v1/payments/direct-charge',
      body: {
        provider: 'mtn-ci',
        amount: 5000,
        reference: 'ref-1',
        customerInput: { phoneNumber: '+2250700000000' },
      },
    },
    {
      name: 'getChargeProperties',
      call: (c) => c.getChargeProperties('mtn-ci'),
      answer: ok({ networks: [{ name: 'MTN', image: 'https://img.test/mtn.png', value: 'mtn' }] }),
      method: 'GET',
      path: '/payments/v1/payments/direct-charge/mtn-ci/properties',
    },
    {
      name: 'confirm',
      call: (c) => c.confirm({ reference: 'ref-1', customerInput: { otp: '123456' } }),
      answer: ok({ ...chargeResult, action: 'processing' }, 201),
      method: 'POST',
      path: '/payments/v1/payments/confirm',
      body: { reference: 'ref-1', customerInput: { otp: '123456' } },
    },
    {
      name: 'verifyCollection',
      call: (c) => c.verifyCollection('ref-1'),
      answer: ok({
        reference: 'ref-1',
        status: 'success',
        amount: 5000,
        currency: 'XOF',
        paidAt: 1_700_000_000,
      }),
      method: 'GET',
      path: '/payments/v1/payments/verify/ref-1',
    },
    {
      name: 'listPaymentLinks',
      call: (c) => c.listPaymentLinks(),
      answer: list([paymentLink]),
      method: 'GET',
      path: '/payments/v1/payment-links',
    },
    {
      name: 'getPaymentLink',
      call: (c) => c.getPaymentLink('link-1'),
      answer: ok({ ...paymentLink, analytics }),
      method: 'GET',
      path: '/payments/v1/payment-links/link-1',
    },
    {
      name: 'getRecipientProperties',
      call: (c) => c.getRecipientProperties('mtn-ci'),
      answer: ok({ banks: [{ bankName: 'Bank', bankCode: '001' }] }),
      method: 'GET',
      path: '/billing/v1/transfer-recipients/mtn-ci/properties',
    },
    {
      name: 'validateRecipient',
      call: (c) => c.validateRecipient({ provider: 'mtn-ci', account: { phoneNumber: '2250700000000' } }),
      answer: ok(recipient, 201),
      method: 'POST',
      path: '/billing/v1/transfer-recipients/validate',
      body: { provider: 'mtn-ci', account: { phoneNumber: '2250700000000' } },
    },
    {
      name: 'createDisbursement',
      call: (c) => c.createDisbursement({ transferRecipientId: 'rcp-1', amount: 1000, reference: 'ours-1' }),
      answer: ok(disbursement, 201),
      method: 'POST',
      path: '/billing/v1/disbursements',
      body: { transferRecipientId: 'rcp-1', amount: 1000, reference: 'ours-1' },
    },
    {
      name: 'listDisbursements',
      call: (c) => c.listDisbursements(),
      answer: list([disbursement]),
      method: 'GET',
      path: '/billing/v1/disbursements',
    },
    {
      name: 'verifyDisbursement',
      call: (c) => c.verifyDisbursement('ours-1'),
      answer: ok(disbursement),
      method: 'GET',
      path: '/billing/v1/disbursements/verify/ours-1',
    },
    {
      name: 'getWallets',
      call: (c) => c.getWallets({ country: 'CI', currency: 'XOF' }),
      answer: ok([{ type: 'deposit', amount: 0, currency: 'XOF', country: 'CI', status: 'active' }]),
      method: 'GET',
      path: '/billing/v1/wallets',
    },
  ];

  it('covers every method of the client', () => {
    const { client } = clientWith([]);
    expect(endpoints.map((e) => e.name).sort()).toEqual(Object.keys(client).sort());
  });

  it.each(endpoints)('$name sends $method $path with the auth headers', async (endpoint) => {
    const { client, calls } = clientWith([endpoint.answer]);
    await endpoint.call(client);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.method).toBe(endpoint.method);
    expect(call!.url.origin + call!.url.pathname).toBe(`https://provider.test${endpoint.path}`);
    expect(call!.headers.get('client-id')).toBe('client-id-1');
    expect(call!.headers.get('client-secret')).toBe('secret-1');
    expect(call!.headers.get('authorization')).toBeNull();
    expect(call!.headers.get('content-type')).toBe(endpoint.body === undefined ? null : 'application/json');
    expect(call!.body).toEqual(endpoint.body);
  });

  it('resolves single answers to their data and lists to the whole envelope, keeping unknown fields', async () => {
    const { client } = clientWith([ok({ ...chargeResult, newField: 'kept' }, 201), list([transaction])]);
    const charge = await client.directCharge({
      provider: 'mtn-ci',
      amount: 5000,
      customerInput: { phoneNumber: '2250700000000' },
    });
    expect(charge).toEqual({ ...chargeResult, newField: 'kept' });
    const page = await client.listCheckouts();
    expect(page).toEqual({ statusCode: 200, total: 1, page: 1, pages: 1, limit: 4, data: [transaction] });
  });

  it('encodes path parameters', async () => {
    const { client, calls } = clientWith([ok({ ...paymentLink, analytics }), ok(disbursement)]);
    await client.getPaymentLink('link/1 ?#');
    await client.verifyDisbursement('a/b?c=d');
    expect(calls[0]!.url.pathname).toBe('/payments/v1/payment-links/link%2F1%20%3F%23');
    expect(calls[1]!.url.pathname).toBe('/billing/v1/disbursements/verify/a%2Fb%3Fc%3Dd');
    expect(calls[1]!.url.search).toBe('');
  });

  it('sends list queries as given, without defaults, and accepts page/limit as query text', async () => {
    const { client, calls } = clientWith([list([]), list([]), list([])]);
    await client.listCheckouts({ page: 2, limit: '10', dateFrom: '2024-02-01', dateTo: '2024-02-29' });
    await client.listPaymentLinks({ country: 'CI', currency: 'XOF' });
    await client.listDisbursements();
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({
      page: '2',
      limit: '10',
      dateFrom: '2024-02-01',
      dateTo: '2024-02-29',
    });
    expect(Object.fromEntries(calls[1]!.url.searchParams)).toEqual({ country: 'CI', currency: 'XOF' });
    expect(calls[2]!.url.search).toBe('');
  });
});

describe('provider client: input refused before sending', () => {
  const cases: [string, (client: ReturnType<typeof createProviderClient>) => Promise<unknown>, string][] = [
    ['page 0', (c) => c.listCheckouts({ page: 0 }), 'page'],
    ['limit 101', (c) => c.listPaymentLinks({ limit: 101 }), 'limit'],
    ['limit "1.5"', (c) => c.listDisbursements({ limit: '1.5' }), 'limit'],
    ['limit "abc"', (c) => c.listDisbursements({ limit: 'abc' }), 'limit'],
    ['an impossible date', (c) => c.listCheckouts({ dateFrom: '2023-02-29' }), 'dateFrom'],
    ['a date-time as date', (c) => c.listCheckouts({ dateTo: '2024-01-01T00:00:00Z' }), 'dateTo'],
    [
      'dateTo before dateFrom',
      (c) => c.listDisbursements({ dateFrom: '2024-03-02', dateTo: '2024-03-01' }),
      'dateTo',
    ],
    ['lowercase country filter', (c) => c.listPaymentLinks({ country: 'ci' }), 'country'],
    [
      'a float amount',
      (c) => c.createCheckout({ country: 'CI', currency: 'XOF', amount: 10.5, user: {} }),
      'amount',
    ],
    [
      'a zero amount',
      (c) =>
        c.directCharge({ provider: 'mtn-ci', amount: 0, customerInput: { phoneNumber: '2250700000000' } }),
      'amount',
    ],
    [
      'a bad phone number',
      (c) => c.directCharge({ provider: 'mtn-ci', amount: 100, customerInput: { phoneNumber: '07 00 00' } }),
      'customerInput.phoneNumber',
    ],
    [
      'a javascript: redirect',
      (c) =>
        c.createCheckout({
          country: 'CI',
          currency: 'XOF',
          amount: 1,
          user: {},
          redirectURL: 'javascript:alert(1)',
        }),
      'redirectURL',
    ],
    [
      'an OTP with letters',
      (c) => c.confirm({ reference: 'ref-1', customerInput: { otp: '12a456' } }),
      'customerInput.otp',
    ],
    [
      'both OTP and customer code',
      (c) =>
        c.confirm({
          reference: 'ref-1',
          customerInput: { otp: '123456', customerCode: '654321' } as { otp: string },
        }),
      'customerInput',
    ],
    ['a provider that is not a slug', (c) => c.getChargeProperties('MTN CI'), ''],
    ['an empty reference', (c) => c.verifyCollection(''), ''],
    [
      'a disbursement without reference',
      (c) =>
        c.createDisbursement({ transferRecipientId: 'rcp-1', amount: 100 } as {
          transferRecipientId: string;
          amount: number;
          reference: string;
        }),
      'reference',
    ],
    [
      'an account mixing both forms',
      (c) =>
        c.validateRecipient({
          provider: 'mtn-ci',
          account: { phoneNumber: '2250700000000', accountNumber: '12345678', bankCode: '001' } as {
            phoneNumber: string;
          },
        }),
      'account',
    ],
  ];

  it.each(cases)('refuses %s without calling fetch', async (_label, call, path) => {
    const { client, calls } = clientWith([ok({})]);
    const error = await rejection(call(client));
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect((error as ProviderRequestError).fields.map((field) => field.path)).toContain(path);
    expect(calls).toHaveLength(0);
  });
});

describe('provider client: failures', () => {
  it.each([
    [400, 'ValidationError'],
    [401, 'Unauthorized'],
    [404, 'NotFound'],
    [409, 'DuplicateReference'],
    [400, 'InvalidOTP'],
    [400, 'InsufficientBalance'],
    [502, 'ProviderError'],
    [418, 'SomethingNew'],
  ])('maps HTTP %i %s into a ProviderError', async (status, errorCode) => {
    const { client } = clientWith([failure(status, errorCode, 'the provider says no')], { retries: 0 });
    const error = await rejection(client.confirm({ reference: 'ref-1', customerInput: { otp: '000000' } }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status, errorCode, message: 'the provider says no' });
    expect((error as ProviderError).retryable).toBe(status >= 500);
  });

  it('answers InvalidResponse for a success body of the wrong shape', async () => {
    const { client } = clientWith([ok({ ...chargeResult, amount: 10.5 }, 201)]);
    const error = await rejection(
      client.directCharge({
        provider: 'mtn-ci',
        amount: 100,
        customerInput: { phoneNumber: '2250700000000' },
      }),
    );
    expect(error).toMatchObject({ status: 201, errorCode: 'InvalidResponse' });
    expect((error as Error).message).toContain('amount');
  });

  it.each([
    ['a redirect without link', { ...chargeResult, action: 'redirect', data: {} }],
    ['an unknown action', { ...chargeResult, action: 'dance' }],
    ['a lowercase currency', null],
  ])('answers InvalidResponse for %s', async (_label, data) => {
    const answer = data ?? { reference: 'ref-1', status: 'success', amount: 1, currency: 'xof' };
    const { client } = clientWith([ok(answer, 201)]);
    const call = data
      ? client.confirm({ reference: 'ref-1', customerInput: { otp: '123456' } })
      : client.verifyCollection('ref-1');
    expect(await rejection(call)).toMatchObject({ errorCode: 'InvalidResponse' });
  });

  it('answers InvalidResponse for a body that is not JSON, keeping the HTTP status', async () => {
    const { client } = clientWith([new Response('<html>Bad gateway</html>', { status: 502 })], {
      retries: 0,
    });
    const error = await rejection(client.getWallets());
    expect(error).toMatchObject({ status: 502, errorCode: 'InvalidResponse', retryable: true });
  });

  it('answers Timeout (status 0) when the provider does not answer in time', async () => {
    const { client, calls } = clientWith(['hang'], { timeoutMs: 20, retries: 0 });
    const error = await rejection(client.getPaymentLink('link-1'));
    expect(error).toMatchObject({ status: 0, errorCode: 'Timeout', retryable: true });
    expect(calls).toHaveLength(1);
  });

  it('times out even when the transport ignores the abort signal (in-process sandbox)', async () => {
    const { client } = clientWith(['hang-ignoring-signal'], { timeoutMs: 20, retries: 0 });
    expect(await rejection(client.verifyCollection('ref-1'))).toMatchObject({
      status: 0,
      errorCode: 'Timeout',
    });
  });

  it('answers NetworkError (status 0) when the transport fails', async () => {
    const { client } = clientWith([new TypeError('fetch failed')], { retries: 0 });
    expect(await rejection(client.listCheckouts())).toMatchObject({ status: 0, errorCode: 'NetworkError' });
  });

  it("rethrows the caller's abort as is, without retrying", async () => {
    const { client, calls } = clientWith(['hang']);
    const controller = new AbortController();
    const pending = client.listPaymentLinks({}, { signal: controller.signal });
    controller.abort(new Error('caller gave up'));
    const error = await rejection(pending);
    expect(error).not.toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('caller gave up');
    expect(calls).toHaveLength(1);
  });
});

describe('provider client: retries', () => {
  it('retries a GET on 503 with capped exponential backoff and full jitter', async () => {
    const answers = [
      failure(503, 'ProviderError'),
      failure(503, 'ProviderError'),
      failure(503, 'ProviderError'),
    ];
    const { client, calls, delays } = clientWith([...answers, failure(503, 'ProviderError'), ok([])], {
      retries: 4,
      backoff: { baseMs: 100, capMs: 250 },
      random: () => 0.5,
    });
    await expect(client.getWallets()).resolves.toEqual([]);
    expect(calls).toHaveLength(5);
    // 0.5 * min(250, 100 * 2^n): 50, 100, then capped at 125.
    expect(delays).toEqual([50, 100, 125, 125]);
  });

  it('gives up after the configured retries with the last error', async () => {
    const { client, calls, delays } = clientWith([failure(503, 'ProviderError')], {
      backoff: { baseMs: 100, capMs: 1_000 },
      random: () => 0.999,
    });
    expect(await rejection(client.listDisbursements())).toMatchObject({ status: 503 });
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([99, 199]);
  });

  it('retries a GET after a timeout and after a network error', async () => {
    const { client, calls } = clientWith(['hang', new TypeError('socket hang up'), list([])], {
      timeoutMs: 20,
    });
    await expect(client.listCheckouts()).resolves.toMatchObject({ total: 0 });
    expect(calls).toHaveLength(3);
  });

  it('never retries a 4xx', async () => {
    const { client, calls, delays } = clientWith([failure(400, 'ValidationError'), list([])]);
    expect(await rejection(client.listCheckouts())).toMatchObject({ status: 400 });
    expect(calls).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it('never retries a POST after a timeout: the call may have gone through', async () => {
    const { client, calls } = clientWith(['hang', ok(chargeResult, 201)], { timeoutMs: 20 });
    const error = await rejection(
      client.directCharge({
        provider: 'mtn-ci',
        amount: 100,
        reference: 'ref-1',
        customerInput: { phoneNumber: '2250700000006' },
      }),
    );
    expect(error).toMatchObject({ status: 0, errorCode: 'Timeout' });
    expect(calls).toHaveLength(1);
  });

  it('retries a POST carrying a reference on 500, with the same body', async () => {
    const { client, calls } = clientWith([failure(500, 'ProviderError'), ok(disbursement, 201)]);
    await client.createDisbursement({ transferRecipientId: 'rcp-1', amount: 1000, reference: 'ours-1' });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toEqual(calls[0]!.body);
  });

  it('retries a POST carrying a reference after a network error before any answer', async () => {
    const { client, calls } = clientWith([new TypeError('connect ECONNREFUSED'), ok(chargeResult, 201)]);
    const input = {
      provider: 'mtn-ci',
      amount: 100,
      reference: 'ref-1',
      customerInput: { phoneNumber: '2250700000000' },
    };
    await expect(client.directCharge(input)).resolves.toMatchObject({ reference: 'ref-1' });
    expect(calls).toHaveLength(2);
  });

  it('surfaces DuplicateReference on a replay, for the caller to resolve through verify', async () => {
    const { client, calls } = clientWith([failure(502, 'ProviderError'), failure(409, 'DuplicateReference')]);
    const input = { country: 'CI', currency: 'XOF', amount: 100, user: {}, reference: 'ref-1' };
    expect(await rejection(client.createCheckout(input))).toMatchObject({
      status: 409,
      errorCode: 'DuplicateReference',
    });
    expect(calls).toHaveLength(2);
  });

  it.each([
    [
      'a checkout without reference',
      (c: ReturnType<typeof createProviderClient>) =>
        c.createCheckout({ country: 'CI', currency: 'XOF', amount: 100, user: {} }),
    ],
    [
      'a confirm',
      (c: ReturnType<typeof createProviderClient>) =>
        c.confirm({ reference: 'ref-1', customerInput: { otp: '123456' } }),
    ],
    [
      'a recipient validation',
      (c: ReturnType<typeof createProviderClient>) =>
        c.validateRecipient({
          provider: 'mtn-ci',
          account: { accountNumber: 'CI0012345678', bankCode: 'CI001' },
        }),
    ],
  ])('never retries %s, not even on 503 or a network error', async (_label, call) => {
    for (const answer of [failure(503, 'ProviderError'), new TypeError('fetch failed')]) {
      const { client, calls } = clientWith([answer, ok({})]);
      expect(await rejection(call(client))).toBeInstanceOf(ProviderError);
      expect(calls).toHaveLength(1);
    }
  });
});
