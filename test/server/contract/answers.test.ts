/**
 * The contract, checked from the outside: every operation of the generated /openapi.json is called
 * through the app, for a success and for its errors, and each real answer (status, headers, body) is
 * validated against the document by an independent validator (answer-checker.ts). An operation in the
 * document without a success case and an error case fails the suite, so a new route cannot skip it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, PAYER, SHOP, withToken } from '../payments/helpers.ts';
import { deliver } from '../notifications/helpers.ts';
import { MERCHANT, mtnCi, paidOut, validatedRecipient } from '../payouts/helpers.ts';
import { answerChecker, type Answer, type AnswerChecker } from './answer-checker.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
const PUBLIC_ORIGIN = 'http://pay.test';

/**
 * What the cases act on: the main app, one whose per-IP limit is used up and whose webhooks come
 * from another address, and one that refuses every webhook and merchant-route request (a limit of 0).
 */
interface World {
  t: AppFixture;
  limited: AppFixture;
  closed: AppFixture;
  uploadId: string;
  sessionId: string;
  /** A direct charge waiting for its OTP (magic suffix 02 is OTP in the sandbox's collections). */
  otp: { reference: string; token: string };
  /** A payment that reached a final status (its event stream ends at once). */
  final: { reference: string; token: string };
  /** A payment the provider failed for insufficient funds (magic suffix 04): it carries a failure code. */
  failed: { reference: string; token: string };
  hosted: { reference: string; token: string };
  recipientId: string;
  payoutReference: string;
  notificationId: string;
  consoleCookie: string;
}

type Case = readonly [operationId: string, status: number, name: string, run: (w: World) => Promise<Answer>];

async function call(
  fixture: AppFixture,
  method: string,
  path: string,
  init: { body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body = init.body;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fixture.app.request(path, { method, headers, body });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const upload = (fixture: AppFixture, bytes: Uint8Array<ArrayBuffer> | null, name = 'proof.png') => {
  const form = new FormData();
  if (bytes) form.append('file', new File([bytes], name, { type: 'image/png' }));
  return call(fixture, 'POST', '/api/v1/uploads', { body: form });
};

/** The console's form as its page posts it: a browser names the page's origin (csrf checks it). */
const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
});

/** `run` with the provider failing on every call (the sandbox's fault injection). */
async function providerFailing(t: AppFixture, run: () => Promise<Answer>): Promise<Answer> {
  t.sandbox.context.faults.errorRate = 1;
  try {
    return await run();
  } finally {
    t.sandbox.context.faults.errorRate = 0;
  }
}

function collectionWebhook(t: AppFixture, reference: string) {
  return JSON.stringify({
    event: 'payment.completed',
    clientId: t.config.clientId,
    deliveryId: `dlv_${reference}_contract`,
    data: { reference, amount: 15_000, currency: 'XOF', status: 'success', paidAt: 1_795_341_600 },
  });
}

function disbursementWebhook(t: AppFixture, reference: string) {
  return JSON.stringify({
    event: 'disbursement.status',
    clientId: t.config.clientId,
    deliveryId: `dlv_${reference}_contract`,
    data: {
      status: 'success',
      reference: 'dsb_unknown',
      externalReference: reference,
      amount: 10_000,
      currency: 'XOF',
    },
  });
}

const signed = (t: AppFixture, body: string) => ({
  body,
  headers: {
    'content-type': 'application/json',
    'x-webhook-signature': signWebhook(body, t.config.clientSecret),
  },
});

const key = () => ({ 'Idempotency-Key': randomUUID() });

const refundPath = (reference: string) => `/api/v1/payments/${reference}/refund`;

/** A direct payment that succeeded, flagged as a second success would be. */
async function flaggedSuccess(t: AppFixture): Promise<string> {
  const { reference } = await created(t, fixedCiPayment('+2250700000101'));
  await t.settle();
  await t.store.db
    .updateTable('payments')
    .set({ flag: 'duplicate' })
    .where('reference', '=', reference)
    .execute();
  return reference;
}
/** A checkout session of XOF 5,000 the merchant opens: its id. */
async function newSession(t: AppFixture): Promise<string> {
  const answer = await call(t, 'POST', '/api/v1/sessions', {
    json: { amount: 5_000, currency: 'XOF', country: 'CI' },
    headers: MERCHANT,
  });
  return JSON.parse(answer.text).data.id as string;
}

/** A session paid by a direct charge from `phoneNumber` (settled): its id. */
async function paidSession(t: AppFixture, phoneNumber: string): Promise<string> {
  const session = await newSession(t);
  await created(t, {
    session,
    customer: PAYER,
    fields: {},
    method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
  });
  await t.settle();
  return session;
}
const tooBig = (bytes: number) => JSON.stringify({ padding: 'x'.repeat(bytes) });

const CASES: Case[] = [
  // --- Operations ------------------------------------------------------------------------------------
  ['healthz', 200, 'alive', ({ t }) => call(t, 'GET', '/healthz')],
  ['readyz', 200, 'ready', ({ t }) => call(t, 'GET', '/readyz')],
  [
    'readyz',
    503,
    'the provider fails',
    ({ limited }) => providerFailing(limited, () => call(limited, 'GET', '/readyz')),
  ],
  ['metrics', 200, 'with the key', ({ t }) => call(t, 'GET', '/metrics', { headers: MERCHANT })],
  ['openapi', 200, 'the document', ({ t }) => call(t, 'GET', '/openapi.json')],
  ['docs', 200, 'the page', ({ t }) => call(t, 'GET', '/docs')],

  // --- Console -----------------------------------------------------------------------------------------
  [
    'consoleLogin',
    303,
    'the right key',
    ({ t }) => call(t, 'POST', '/console/login', form({ apiKey: TEST_MERCHANT_KEY })),
  ],
  [
    'consoleLogin',
    303,
    'a wrong key',
    ({ t }) => call(t, 'POST', '/console/login', form({ apiKey: 'wrong' })),
  ],
  [
    'consoleLogin',
    403,
    'posted from another site',
    ({ t }) => {
      const request = form({ apiKey: TEST_MERCHANT_KEY });
      return call(t, 'POST', '/console/login', {
        ...request,
        headers: { ...request.headers, origin: 'https://evil.test' },
      });
    },
  ],
  [
    'consoleLogin',
    413,
    'a form over its 4 kB limit',
    ({ t }) => call(t, 'POST', '/console/login', form({ apiKey: 'x'.repeat(5000) })),
  ],
  [
    'consoleLogin',
    429,
    'the eleventh attempt in a minute',
    async ({ limited }) => {
      for (let i = 0; i < 10; i++) await call(limited, 'POST', '/console/login', form({ apiKey: 'wrong' }));
      return call(limited, 'POST', '/console/login', form({ apiKey: 'wrong' }));
    },
  ],
  [
    'consoleSession',
    200,
    'logged in',
    ({ t, consoleCookie }) => call(t, 'GET', '/console/session', { headers: { cookie: consoleCookie } }),
  ],
  ['consoleSession', 401, 'no cookie', ({ t }) => call(t, 'GET', '/console/session')],
  [
    'consoleLogout',
    303,
    'from the console',
    ({ t }) => call(t, 'POST', '/console/logout', { headers: { origin: PUBLIC_ORIGIN } }),
  ],
  [
    'consoleLogout',
    403,
    'posted from another site',
    ({ t }) => call(t, 'POST', '/console/logout', { headers: { origin: 'https://evil.test' } }),
  ],

  // --- Checkout ----------------------------------------------------------------------------------------
  ['getLinkCheckout', 200, 'a payable link', ({ t }) => call(t, 'GET', '/api/v1/links/lnk_all_fields_sn')],
  ['getLinkCheckout', 400, 'a malformed id', ({ t }) => call(t, 'GET', '/api/v1/links/lnk.x')],
  ['getLinkCheckout', 404, 'an unknown link', ({ t }) => call(t, 'GET', '/api/v1/links/lnk_nope')],
  ['getLinkCheckout', 409, 'an expired link', ({ t }) => call(t, 'GET', '/api/v1/links/lnk_expired_sn')],
  [
    'getLinkCheckout',
    502,
    'the provider fails, on a link not read before',
    ({ t }) => providerFailing(t, () => call(t, 'GET', '/api/v1/links/lnk_donation_ng')),
  ],
  [
    'getSessionCheckout',
    200,
    'a session',
    ({ t, sessionId }) => call(t, 'GET', `/api/v1/sessions/${sessionId}`),
  ],
  [
    'getSessionCheckout',
    400,
    'a malformed id',
    ({ t }) => call(t, 'GET', `/api/v1/sessions/${'s'.repeat(101)}`),
  ],
  ['getSessionCheckout', 404, 'an unknown session', ({ t }) => call(t, 'GET', '/api/v1/sessions/ses_nope')],
  [
    'createHandoff',
    201,
    'a handoff with an amount',
    ({ t }) => call(t, 'POST', '/api/v1/handoffs', { json: { link: 'lnk_tip_ci', amount: 1_000 } }),
  ],
  [
    'createHandoff',
    400,
    'an unknown field',
    ({ t }) => call(t, 'POST', '/api/v1/handoffs', { json: { link: 'lnk_fixed_ci', fields: { nope: 'x' } } }),
  ],
  [
    'createHandoff',
    404,
    'an unknown link',
    ({ t }) => call(t, 'POST', '/api/v1/handoffs', { json: { link: 'lnk_nope' } }),
  ],
  [
    'createHandoff',
    409,
    'a paid session',
    async ({ t }) =>
      call(t, 'POST', '/api/v1/handoffs', { json: { session: await paidSession(t, '+2250711111101') } }),
  ],
  [
    'createHandoff',
    413,
    'a body over 1 MB',
    ({ t }) =>
      call(t, 'POST', '/api/v1/handoffs', {
        json: { link: 'lnk_fixed_ci', fields: { a: 'x'.repeat(1_100_000) } },
      }),
  ],
  [
    'createHandoff',
    415,
    'not JSON',
    ({ t }) => call(t, 'POST', '/api/v1/handoffs', { body: 'x', headers: { 'content-type': 'text/plain' } }),
  ],
  [
    'createHandoff',
    422,
    'an amount under the minimum',
    ({ t }) => call(t, 'POST', '/api/v1/handoffs', { json: { link: 'lnk_tip_ci', amount: 1 } }),
  ],
  [
    'getHandoff',
    200,
    'a handoff followed with its token',
    async ({ t }) => {
      const made = await call(t, 'POST', '/api/v1/handoffs', { json: { link: 'lnk_fixed_ci' } });
      const { id, followToken } = JSON.parse(made.text).data;
      return call(t, 'GET', `/api/v1/handoffs/${id}`, { headers: { 'handoff-token': followToken } });
    },
  ],
  [
    'getHandoff',
    401,
    'no follow token',
    async ({ t }) => {
      const made = await call(t, 'POST', '/api/v1/handoffs', { json: { link: 'lnk_fixed_ci' } });
      return call(t, 'GET', `/api/v1/handoffs/${JSON.parse(made.text).data.id}`);
    },
  ],
  ['getHandoff', 404, 'an unknown handoff', ({ t }) => call(t, 'GET', '/api/v1/handoffs/hof_nope')],
  [
    'createSession',
    201,
    'a session',
    ({ t }) =>
      call(t, 'POST', '/api/v1/sessions', {
        json: { amount: 5_000, currency: 'XOF', country: 'CI' },
        headers: MERCHANT,
      }),
  ],
  [
    'createSession',
    400,
    'no amount',
    ({ t }) =>
      call(t, 'POST', '/api/v1/sessions', { json: { currency: 'XOF', country: 'CI' }, headers: MERCHANT }),
  ],
  [
    'createSession',
    403,
    'the console cookie from another site',
    ({ t, consoleCookie }) =>
      call(t, 'POST', '/api/v1/sessions', {
        json: {},
        headers: { cookie: consoleCookie, origin: 'https://evil.test' },
      }),
  ],
  [
    'createSession',
    413,
    'a body over 64 kB',
    ({ t }) =>
      call(t, 'POST', '/api/v1/sessions', {
        body: tooBig(70_000),
        headers: { ...MERCHANT, 'content-type': 'application/json' },
      }),
  ],
  [
    'createSession',
    415,
    'not JSON',
    ({ t }) =>
      call(t, 'POST', '/api/v1/sessions', {
        body: 'amount=1',
        headers: { ...MERCHANT, 'content-type': 'text/plain' },
      }),
  ],

  // --- Uploads -----------------------------------------------------------------------------------------
  ['createUpload', 201, 'a PNG', ({ t }) => upload(t, PNG)],
  ['createUpload', 400, 'no file', ({ t }) => upload(t, null)],
  [
    'createUpload',
    415,
    'not an image or PDF',
    ({ t }) => upload(t, new TextEncoder().encode('just text'), 'a.png'),
  ],
  [
    'createUpload',
    413,
    'over 5 MB',
    ({ t }) => upload(t, new Uint8Array(5 * 1024 * 1024 + 100 * 1024), 'big.png'),
  ],
  [
    'downloadUpload',
    200,
    'the file',
    ({ t, uploadId }) => call(t, 'GET', `/api/v1/uploads/${uploadId}`, { headers: MERCHANT }),
  ],
  [
    'downloadUpload',
    400,
    'a malformed id',
    ({ t }) => call(t, 'GET', '/api/v1/uploads/upl.x', { headers: MERCHANT }),
  ],
  [
    'downloadUpload',
    404,
    'an unknown upload',
    ({ t }) => call(t, 'GET', '/api/v1/uploads/upl_nope', { headers: MERCHANT }),
  ],

  // --- Payments ----------------------------------------------------------------------------------------
  [
    'createPayment',
    201,
    'a direct charge',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('+2250700000001'), headers: key() }),
  ],
  [
    'createPayment',
    201,
    "a direct charge sent to the provider's page, with the widget's returnUrl",
    ({ t }) => {
      const body = fixedCiPayment('+2250700000008');
      return call(t, 'POST', '/api/v1/payments', {
        json: { ...body, method: { ...body.method, returnUrl: `${SHOP}/checkout` } },
        headers: key(),
      });
    },
  ],
  [
    'createPayment',
    400,
    'no Idempotency-Key',
    ({ t }) => call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('+2250700000001') }),
  ],
  [
    'createPayment',
    400,
    'a bad phone',
    ({ t }) => call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('abc'), headers: key() }),
  ],
  [
    'createPayment',
    404,
    'an unknown link',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payments', {
        json: { ...fixedCiPayment('+2250700000001'), link: 'lnk_nope' },
        headers: key(),
      }),
  ],
  [
    'createPayment',
    409,
    'an expired link',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payments', {
        json: { ...fixedCiPayment('+221770000001'), link: 'lnk_expired_sn', fields: {} },
        headers: key(),
      }),
  ],
  [
    'createPayment',
    413,
    'a body over 1 MB',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payments', {
        body: tooBig(1_100_000),
        headers: { ...key(), 'content-type': 'application/json' },
      }),
  ],
  [
    'createPayment',
    415,
    'not JSON',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payments', { body: 'x', headers: { ...key(), 'content-type': 'text/plain' } }),
  ],
  [
    'createPayment',
    422,
    'the same key with another body',
    async ({ t }) => {
      const headers = key();
      await call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('+2250700000201'), headers });
      return call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('+2250700000003'), headers });
    },
  ],
  [
    'createPayment',
    502,
    'the provider fails',
    ({ t }) =>
      providerFailing(t, () =>
        call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('+2250700000301'), headers: key() }),
      ),
  ],
  [
    'createPayment',
    409,
    'a second prompt to a phone whose first still waits for approval',
    async ({ t }) => {
      await call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('+2250700000401'), headers: key() });
      return call(t, 'POST', '/api/v1/payments', { json: fixedCiPayment('0700000401'), headers: key() });
    },
  ],
  [
    'confirmPayment',
    200,
    'the OTP',
    ({ t, otp }) =>
      call(t, 'POST', `/api/v1/payments/${otp.reference}/confirm`, {
        json: { otp: '123456' },
        headers: withToken(otp.token),
      }),
  ],
  [
    'confirmPayment',
    401,
    'a wrong token',
    ({ t, otp }) =>
      call(t, 'POST', `/api/v1/payments/${otp.reference}/confirm`, {
        json: { otp: '123456' },
        headers: withToken('nope'),
      }),
  ],
  [
    'confirmPayment',
    400,
    'neither otp nor customerCode',
    ({ t, final }) =>
      call(t, 'POST', `/api/v1/payments/${final.reference}/confirm`, {
        json: {},
        headers: withToken(final.token),
      }),
  ],
  [
    'confirmPayment',
    409,
    'a payment not waiting for a code',
    ({ t, final }) =>
      call(t, 'POST', `/api/v1/payments/${final.reference}/confirm`, {
        json: { otp: '123456' },
        headers: withToken(final.token),
      }),
  ],
  [
    'confirmPayment',
    415,
    'not JSON',
    ({ t, final }) =>
      call(t, 'POST', `/api/v1/payments/${final.reference}/confirm`, {
        body: 'otp=1234',
        headers: { ...withToken(final.token), 'content-type': 'application/x-www-form-urlencoded' },
      }),
  ],
  [
    'getPayment',
    200,
    'with its token',
    ({ t, final }) =>
      call(t, 'GET', `/api/v1/payments/${final.reference}`, { headers: withToken(final.token) }),
  ],
  [
    'getPayment',
    200,
    'failed, with its failure code',
    async ({ t, failed }) => {
      const answer = await call(t, 'GET', `/api/v1/payments/${failed.reference}`, {
        headers: withToken(failed.token),
      });
      // The field the document must describe, or the closed check of the answer fails.
      expect(JSON.parse(answer.text).data.failureCode).toBe('insufficient_funds');
      return answer;
    },
  ],
  [
    'getPayment',
    401,
    'without a token',
    ({ t, final }) => call(t, 'GET', `/api/v1/payments/${final.reference}`),
  ],
  [
    'followPayment',
    200,
    'a final payment: one event, then the end',
    ({ t, final }) =>
      call(t, 'GET', `/api/v1/payments/${final.reference}/events`, { headers: withToken(final.token) }),
  ],
  [
    'followPayment',
    401,
    'an unknown reference',
    ({ t }) => call(t, 'GET', '/api/v1/payments/pay_nope/events', { headers: withToken('nope') }),
  ],
  [
    'cancelPayment',
    200,
    'back from the hosted page',
    ({ t, hosted }) =>
      call(t, 'POST', `/api/v1/payments/${hosted.reference}/cancel`, { headers: withToken(hosted.token) }),
  ],
  [
    'cancelPayment',
    401,
    'a wrong token',
    ({ t, hosted }) =>
      call(t, 'POST', `/api/v1/payments/${hosted.reference}/cancel`, { headers: withToken('nope') }),
  ],
  [
    'cancelPayment',
    409,
    'a direct charge waiting for its OTP',
    ({ t, otp }) =>
      call(t, 'POST', `/api/v1/payments/${otp.reference}/cancel`, { headers: withToken(otp.token) }),
  ],
  [
    'listPayments',
    200,
    'every payment so far',
    ({ t }) => call(t, 'GET', '/api/v1/payments?limit=100', { headers: MERCHANT }),
  ],
  [
    'listPayments',
    400,
    'an unknown status',
    ({ t }) => call(t, 'GET', '/api/v1/payments?status=lost', { headers: MERCHANT }),
  ],

  // --- The merchant's views of the provider --------------------------------------------------------------
  ['listLinks', 200, 'a page', ({ t }) => call(t, 'GET', '/api/v1/links?limit=5', { headers: MERCHANT })],
  ['listLinks', 400, 'limit=0', ({ t }) => call(t, 'GET', '/api/v1/links?limit=0', { headers: MERCHANT })],
  [
    'listLinks',
    502,
    'the provider fails',
    ({ t }) => providerFailing(t, () => call(t, 'GET', '/api/v1/links', { headers: MERCHANT })),
  ],
  [
    'getLinkAnalytics',
    200,
    'a link',
    ({ t }) => call(t, 'GET', '/api/v1/links/lnk_fixed_ci/analytics', { headers: MERCHANT }),
  ],
  [
    'getLinkAnalytics',
    400,
    'a malformed id',
    ({ t }) => call(t, 'GET', '/api/v1/links/a.b/analytics', { headers: MERCHANT }),
  ],
  [
    'getLinkAnalytics',
    404,
    'an unknown link',
    ({ t }) => call(t, 'GET', '/api/v1/links/lnk_nope/analytics', { headers: MERCHANT }),
  ],
  ['getWallets', 200, 'every wallet', ({ t }) => call(t, 'GET', '/api/v1/wallets', { headers: MERCHANT })],
  [
    'getWallets',
    400,
    'a bad country',
    ({ t }) => call(t, 'GET', '/api/v1/wallets?country=ci', { headers: MERCHANT }),
  ],
  [
    'getWallets',
    502,
    'the provider fails',
    ({ t }) => providerFailing(t, () => call(t, 'GET', '/api/v1/wallets', { headers: MERCHANT })),
  ],
  [
    'listCollections',
    200,
    'a page',
    ({ t }) => call(t, 'GET', '/api/v1/collections?limit=20', { headers: MERCHANT }),
  ],
  [
    'listCollections',
    400,
    'dateTo before dateFrom',
    ({ t }) =>
      call(t, 'GET', '/api/v1/collections?dateFrom=2026-11-23&dateTo=2026-11-22', { headers: MERCHANT }),
  ],

  // --- Payouts -------------------------------------------------------------------------------------------
  [
    'getRecipientProperties',
    200,
    'a bank',
    ({ t }) => call(t, 'GET', '/api/v1/payouts/recipients/bank-ng/properties', { headers: MERCHANT }),
  ],
  [
    'getRecipientProperties',
    400,
    'a malformed slug',
    ({ t }) => call(t, 'GET', '/api/v1/payouts/recipients/MTN_CI/properties', { headers: MERCHANT }),
  ],
  [
    'getRecipientProperties',
    404,
    'an unknown provider',
    ({ t }) => call(t, 'GET', '/api/v1/payouts/recipients/nope-xx/properties', { headers: MERCHANT }),
  ],
  [
    'validateRecipient',
    201,
    'a mobile-money account',
    ({ t }) => call(t, 'POST', '/api/v1/payouts/recipients/validate', { json: mtnCi(), headers: MERCHANT }),
  ],
  [
    'validateRecipient',
    400,
    'no account',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payouts/recipients/validate', {
        json: { provider: 'mtn-ci' },
        headers: MERCHANT,
      }),
  ],
  [
    'validateRecipient',
    415,
    'not JSON',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payouts/recipients/validate', {
        body: 'x',
        headers: { ...MERCHANT, 'content-type': 'text/plain' },
      }),
  ],
  [
    'refundPayment',
    201,
    'a flagged direct payment, sent back',
    async ({ t }) =>
      call(t, 'POST', refundPath(await flaggedSuccess(t)), { headers: { ...MERCHANT, ...key() } }),
  ],
  [
    'refundPayment',
    400,
    'no Idempotency-Key',
    ({ t, final }) => call(t, 'POST', refundPath(final.reference), { headers: MERCHANT }),
  ],
  [
    'refundPayment',
    403,
    'the console cookie from another site',
    ({ t, final, consoleCookie }) =>
      call(t, 'POST', refundPath(final.reference), {
        headers: { cookie: consoleCookie, origin: 'https://evil.test', ...key() },
      }),
  ],
  [
    'refundPayment',
    404,
    'no such payment',
    ({ t }) => call(t, 'POST', refundPath(`pay_${'0'.repeat(32)}`), { headers: { ...MERCHANT, ...key() } }),
  ],
  [
    'refundPayment',
    409,
    'a payment that is not flagged',
    ({ t, final }) => call(t, 'POST', refundPath(final.reference), { headers: { ...MERCHANT, ...key() } }),
  ],
  [
    'refundPayment',
    422,
    'a flagged payment whose number was purged',
    async ({ t }) => {
      const reference = await flaggedSuccess(t);
      await t.store.db
        .updateTable('payments')
        .set({ phone_number: null, purged_at: t.clock.now() })
        .where('reference', '=', reference)
        .execute();
      return call(t, 'POST', refundPath(reference), { headers: { ...MERCHANT, ...key() } });
    },
  ],
  [
    'refundPayment',
    502,
    'the provider fails',
    async ({ t }) => {
      const reference = await flaggedSuccess(t);
      return providerFailing(t, () =>
        call(t, 'POST', refundPath(reference), { headers: { ...MERCHANT, ...key() } }),
      );
    },
  ],
  [
    'validateRecipient',
    502,
    'the provider fails',
    ({ t }) =>
      providerFailing(t, () =>
        call(t, 'POST', '/api/v1/payouts/recipients/validate', { json: mtnCi(), headers: MERCHANT }),
      ),
  ],
  [
    'createPayout',
    201,
    'to a validated recipient',
    ({ t, recipientId }) =>
      call(t, 'POST', '/api/v1/payouts', {
        json: { transferRecipientId: recipientId, amount: 1_000 },
        headers: { ...MERCHANT, ...key() },
      }),
  ],
  [
    'createPayout',
    400,
    'a recipient never validated',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payouts', {
        json: { transferRecipientId: 'rcp_nope', amount: 1_000 },
        headers: { ...MERCHANT, ...key() },
      }),
  ],
  [
    'createPayout',
    422,
    'the same key with another body',
    async ({ t, recipientId }) => {
      const headers = { ...MERCHANT, ...key() };
      await call(t, 'POST', '/api/v1/payouts', {
        json: { transferRecipientId: recipientId, amount: 1_000 },
        headers,
      });
      return call(t, 'POST', '/api/v1/payouts', {
        json: { transferRecipientId: recipientId, amount: 2_000 },
        headers,
      });
    },
  ],
  [
    'listPayouts',
    200,
    'the ledger',
    ({ t }) => call(t, 'GET', '/api/v1/payouts?limit=100', { headers: MERCHANT }),
  ],
  ['listPayouts', 400, 'page=0', ({ t }) => call(t, 'GET', '/api/v1/payouts?page=0', { headers: MERCHANT })],
  [
    'getPayout',
    200,
    'a payout',
    ({ t, payoutReference }) => call(t, 'GET', `/api/v1/payouts/${payoutReference}`, { headers: MERCHANT }),
  ],
  [
    'getPayout',
    400,
    'a malformed reference',
    ({ t }) => call(t, 'GET', '/api/v1/payouts/po.x', { headers: MERCHANT }),
  ],
  [
    'getPayout',
    404,
    'an unknown payout',
    ({ t }) => call(t, 'GET', '/api/v1/payouts/po_nope', { headers: MERCHANT }),
  ],

  // --- Exports ---------------------------------------------------------------------------------------------
  ...(['payments', 'payouts', 'notifications', 'collections'] as const).flatMap((what): Case[] => {
    const id = `export${what[0]!.toUpperCase()}${what.slice(1)}`;
    return [
      [id, 200, 'CSV', ({ t }) => call(t, 'GET', `/api/v1/${what}/export`, { headers: MERCHANT })],
      [
        id,
        200,
        'JSON Lines',
        ({ t }) => call(t, 'GET', `/api/v1/${what}/export?format=jsonl`, { headers: MERCHANT }),
      ],
      [id, 400, 'a page', ({ t }) => call(t, 'GET', `/api/v1/${what}/export?page=2`, { headers: MERCHANT })],
    ];
  }),
  [
    'exportCollections',
    502,
    'the provider fails',
    ({ t }) => providerFailing(t, () => call(t, 'GET', '/api/v1/collections/export', { headers: MERCHANT })),
  ],

  // --- Notifications ---------------------------------------------------------------------------------------
  [
    'listNotifications',
    200,
    'with their attempts',
    ({ t }) => call(t, 'GET', '/api/v1/notifications?limit=100', { headers: MERCHANT }),
  ],
  [
    'listNotifications',
    400,
    'an unknown key',
    ({ t }) => call(t, 'GET', '/api/v1/notifications?sort=date', { headers: MERCHANT }),
  ],
  [
    'retryNotification',
    200,
    'one that gave up',
    ({ t, notificationId }) =>
      call(t, 'POST', `/api/v1/notifications/${notificationId}/retry`, { headers: MERCHANT }),
  ],
  [
    'retryNotification',
    400,
    'a malformed id',
    ({ t }) => call(t, 'POST', '/api/v1/notifications/a.b/retry', { headers: MERCHANT }),
  ],
  [
    'retryNotification',
    404,
    'an unknown one',
    ({ t }) => call(t, 'POST', '/api/v1/notifications/msg_nope/retry', { headers: MERCHANT }),
  ],
  [
    'retryNotification',
    403,
    'the console cookie from another site',
    ({ t, notificationId, consoleCookie }) =>
      call(t, 'POST', `/api/v1/notifications/${notificationId}/retry`, {
        headers: { cookie: consoleCookie, origin: 'https://evil.test' },
      }),
  ],

  // --- Reconciliation ------------------------------------------------------------------------------------
  [
    'getReconciliation',
    200,
    'a day',
    ({ t }) => call(t, 'GET', '/api/v1/reconciliation?from=2026-11-22&to=2026-11-22', { headers: MERCHANT }),
  ],
  [
    'getReconciliation',
    400,
    'to before from',
    ({ t }) => call(t, 'GET', '/api/v1/reconciliation?from=2026-11-22&to=2026-11-21', { headers: MERCHANT }),
  ],
  [
    'getReconciliation',
    502,
    'the provider fails',
    ({ t }) =>
      providerFailing(t, () =>
        call(t, 'GET', '/api/v1/reconciliation?from=2026-11-22&to=2026-11-22', { headers: MERCHANT }),
      ),
  ],
  [
    'exportReconciliation',
    200,
    'a day, CSV',
    ({ t }) =>
      call(t, 'GET', '/api/v1/reconciliation/export?from=2026-11-22&to=2026-11-22', { headers: MERCHANT }),
  ],
  [
    'exportReconciliation',
    200,
    'a day, JSON Lines',
    ({ t }) =>
      call(t, 'GET', '/api/v1/reconciliation/export?from=2026-11-22&to=2026-11-22&format=jsonl', {
        headers: MERCHANT,
      }),
  ],
  [
    'exportReconciliation',
    400,
    'a format it does not write',
    ({ t }) =>
      call(t, 'GET', '/api/v1/reconciliation/export?from=2026-11-22&to=2026-11-22&format=xlsx', {
        headers: MERCHANT,
      }),
  ],
  [
    'exportReconciliation',
    400,
    'no dates',
    ({ t }) => call(t, 'GET', '/api/v1/reconciliation/export', { headers: MERCHANT }),
  ],
  [
    'exportReconciliation',
    502,
    'the provider fails',
    ({ t }) =>
      providerFailing(t, () =>
        call(t, 'GET', '/api/v1/reconciliation/export?from=2026-11-22&to=2026-11-22', { headers: MERCHANT }),
      ),
  ],
  [
    'runReconciliationAction',
    200,
    'verify a payment',
    ({ t, final }) =>
      call(t, 'POST', '/api/v1/reconciliation/actions', {
        json: { action: 'verify', kind: 'payment', reference: final.reference },
        headers: MERCHANT,
      }),
  ],
  [
    'runReconciliationAction',
    400,
    'an unknown action',
    ({ t, final }) =>
      call(t, 'POST', '/api/v1/reconciliation/actions', {
        json: { action: 'delete', kind: 'payment', reference: final.reference },
        headers: MERCHANT,
      }),
  ],
  [
    'runReconciliationAction',
    403,
    'the console cookie from another site',
    ({ t, final, consoleCookie }) =>
      call(t, 'POST', '/api/v1/reconciliation/actions', {
        json: { action: 'verify', kind: 'payment', reference: final.reference },
        headers: { cookie: consoleCookie, origin: 'https://evil.test' },
      }),
  ],
  [
    'runReconciliationAction',
    404,
    'verify a payment we do not hold',
    ({ t }) =>
      call(t, 'POST', '/api/v1/reconciliation/actions', {
        json: { action: 'verify', kind: 'payment', reference: 'pay_nope' },
        headers: MERCHANT,
      }),
  ],
  [
    'runReconciliationAction',
    409,
    'record a collection the provider holds as pending',
    async ({ t }) => {
      const pending = await t.provider.createCheckout({
        country: 'CI',
        currency: 'XOF',
        amount: 1_000,
        user: {},
      });
      return call(t, 'POST', '/api/v1/reconciliation/actions', {
        json: { action: 'record', kind: 'payment', reference: pending.reference },
        headers: MERCHANT,
      });
    },
  ],
  [
    'runReconciliationAction',
    413,
    'a body over 64 kB',
    ({ t }) =>
      call(t, 'POST', '/api/v1/reconciliation/actions', {
        body: tooBig(70_000),
        headers: { ...MERCHANT, 'content-type': 'application/json' },
      }),
  ],
  [
    'runReconciliationAction',
    415,
    'not JSON',
    ({ t }) =>
      call(t, 'POST', '/api/v1/reconciliation/actions', {
        body: 'x',
        headers: { ...MERCHANT, 'content-type': 'text/plain' },
      }),
  ],
  [
    'runReconciliationAction',
    502,
    'the provider fails a record',
    ({ t }) =>
      providerFailing(t, () =>
        call(t, 'POST', '/api/v1/reconciliation/actions', {
          json: { action: 'record', kind: 'payment', reference: 'pay_nope' },
          headers: MERCHANT,
        }),
      ),
  ],

  // --- Webhooks --------------------------------------------------------------------------------------------
  [
    'paymentsWebhook',
    200,
    'signed',
    ({ t, final }) => call(t, 'POST', '/webhooks/payments', signed(t, collectionWebhook(t, final.reference))),
  ],
  [
    'paymentsWebhook',
    401,
    'a wrong signature',
    ({ t, final }) =>
      call(t, 'POST', '/webhooks/payments', {
        body: collectionWebhook(t, final.reference),
        headers: { 'content-type': 'application/json', 'x-webhook-signature': 'ab'.repeat(64) },
      }),
  ],
  [
    'paymentsWebhook',
    400,
    'signed, but not a collection webhook',
    ({ t }) => call(t, 'POST', '/webhooks/payments', signed(t, '{"event":"other"}')),
  ],
  [
    'paymentsWebhook',
    413,
    'over 256 kB',
    ({ t }) => call(t, 'POST', '/webhooks/payments', signed(t, tooBig(300_000))),
  ],
  [
    'disbursementsWebhook',
    200,
    'signed',
    ({ t, payoutReference }) =>
      call(t, 'POST', '/webhooks/disbursements', signed(t, disbursementWebhook(t, payoutReference))),
  ],
  [
    'disbursementsWebhook',
    401,
    'unsigned',
    ({ t, payoutReference }) =>
      call(t, 'POST', '/webhooks/disbursements', {
        body: disbursementWebhook(t, payoutReference),
        headers: { 'content-type': 'application/json' },
      }),
  ],
  [
    'disbursementsWebhook',
    400,
    'signed, but not JSON',
    ({ t }) => call(t, 'POST', '/webhooks/disbursements', signed(t, 'not json')),
  ],
  // --- More errors: each documented status gets a case where the app can be brought to answer it ----------
  [
    'getSessionCheckout',
    409,
    'a paid session',
    async ({ t }) => call(t, 'GET', `/api/v1/sessions/${await paidSession(t, '+2250700000001')}`),
  ],
  [
    'confirmPayment',
    422,
    'a wrong OTP',
    async ({ t }) => {
      const otp = await created(t, fixedCiPayment('+2250700000002'));
      return call(t, 'POST', `/api/v1/payments/${otp.reference}/confirm`, {
        json: { otp: '000001' },
        headers: withToken(otp.token),
      });
    },
  ],
  [
    'confirmPayment',
    413,
    'a body over 4 kB',
    ({ t, final }) =>
      call(t, 'POST', `/api/v1/payments/${final.reference}/confirm`, {
        body: tooBig(5_000),
        headers: { ...withToken(final.token), 'content-type': 'application/json' },
      }),
  ],
  [
    'confirmPayment',
    502,
    'the provider fails',
    async ({ t }) => {
      const otp = await created(t, fixedCiPayment('+2250700000002'));
      return providerFailing(t, () =>
        call(t, 'POST', `/api/v1/payments/${otp.reference}/confirm`, {
          json: { otp: '123456' },
          headers: withToken(otp.token),
        }),
      );
    },
  ],
  [
    'getLinkAnalytics',
    502,
    'the provider fails',
    ({ t }) =>
      providerFailing(t, () => call(t, 'GET', '/api/v1/links/lnk_fixed_ci/analytics', { headers: MERCHANT })),
  ],
  [
    'getRecipientProperties',
    502,
    'the provider fails',
    ({ t }) =>
      providerFailing(t, () =>
        call(t, 'GET', '/api/v1/payouts/recipients/mtn-ci/properties', { headers: MERCHANT }),
      ),
  ],
  [
    'listCollections',
    502,
    'the provider fails',
    ({ t }) => providerFailing(t, () => call(t, 'GET', '/api/v1/collections', { headers: MERCHANT })),
  ],
  [
    'validateRecipient',
    403,
    'the console cookie from another site',
    ({ t, consoleCookie }) =>
      call(t, 'POST', '/api/v1/payouts/recipients/validate', {
        json: mtnCi(),
        headers: { cookie: consoleCookie, origin: 'https://evil.test' },
      }),
  ],
  [
    'validateRecipient',
    413,
    'a body over 8 kB',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payouts/recipients/validate', {
        body: tooBig(9_000),
        headers: { ...MERCHANT, 'content-type': 'application/json' },
      }),
  ],
  [
    'createPayout',
    403,
    'the console cookie from another site',
    ({ t, consoleCookie }) =>
      call(t, 'POST', '/api/v1/payouts', {
        json: {},
        headers: { cookie: consoleCookie, origin: 'https://evil.test', ...key() },
      }),
  ],
  [
    'createPayout',
    413,
    'a body over 8 kB',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payouts', {
        body: tooBig(9_000),
        headers: { ...MERCHANT, ...key(), 'content-type': 'application/json' },
      }),
  ],
  [
    'createPayout',
    415,
    'not JSON',
    ({ t }) =>
      call(t, 'POST', '/api/v1/payouts', {
        body: 'amount=1',
        headers: { ...MERCHANT, ...key(), 'content-type': 'text/plain' },
      }),
  ],
  [
    'createPayout',
    201,
    'the provider fails: kept processing until it is known whether it paid',
    ({ t, recipientId }) =>
      providerFailing(t, () =>
        call(t, 'POST', '/api/v1/payouts', {
          json: { transferRecipientId: recipientId, amount: 1_000 },
          headers: { ...MERCHANT, ...key() },
        }),
      ),
  ],
  ...(
    [
      ['paymentsWebhook', 'POST', '/webhooks/payments'],
      ['disbursementsWebhook', 'POST', '/webhooks/disbursements'],
      ['metrics', 'GET', '/metrics'],
      ['consoleSession', 'GET', '/console/session'],
      ['consoleLogout', 'POST', '/console/logout'],
    ] as const
  ).map(([id, method, path]): Case => [
    id,
    429,
    'over its per-IP limit',
    ({ closed }) => call(closed, method, path, { headers: MERCHANT }),
  ]),
  [
    'paymentsWebhook',
    403,
    'from outside WEBHOOK_SOURCE_IPS',
    ({ limited, final }) =>
      call(
        limited,
        'POST',
        '/webhooks/payments',
        signed(limited, collectionWebhook(limited, final.reference)),
      ),
  ],
  [
    'disbursementsWebhook',
    403,
    'from outside WEBHOOK_SOURCE_IPS',
    ({ limited, payoutReference }) =>
      call(
        limited,
        'POST',
        '/webhooks/disbursements',
        signed(limited, disbursementWebhook(limited, payoutReference)),
      ),
  ],
  [
    'disbursementsWebhook',
    413,
    'over 256 kB',
    ({ t }) => call(t, 'POST', '/webhooks/disbursements', signed(t, tooBig(300_000))),
  ],
];

/** One operation's method and path, with `x` for each path id. */
function concretePath(operationId: string): { method: string; path: string } {
  for (const [path, methods] of Object.entries(
    document.paths as Record<string, Record<string, { operationId: string }>>,
  ))
    for (const [method, operation] of Object.entries(methods))
      if (operation.operationId === operationId)
        return { method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, 'x') };
  throw new Error(`no ${operationId}`);
}

/** Cases every operation of a kind gets, built from the document itself. */
function derivedCases(): Case[] {
  const cases: Case[] = [];
  for (const [path, methods] of Object.entries(
    document.paths as Record<string, Record<string, Record<string, unknown>>>,
  ))
    for (const operation of Object.values(methods)) {
      const id = String(operation.operationId);
      const security = operation.security as Record<string, string[]>[];
      // Every merchant operation: no credentials, 401 (checked before anything is read).
      if (security.length > 0 && security.some((way) => 'merchantKey' in way))
        cases.push([
          id,
          401,
          'no credentials',
          ({ t }) => call(t, concretePath(id).method, concretePath(id).path),
        ]);
      // Every public API operation counts against the per-IP limit, used up in `limited`.
      if (path.startsWith('/api/v1/'))
        cases.push([
          id,
          429,
          'over the per-IP limit',
          ({ limited }) =>
            call(limited, concretePath(id).method, concretePath(id).path, { headers: MERCHANT }),
        ]);
    }
  return cases;
}

async function buildWorld(): Promise<World> {
  const t = await startApp({
    // An address nothing listens on: notifications are attempted, fail, and can be retried.
    env: {
      MERCHANT_WEBHOOK_URL: 'http://127.0.0.1:9/hook',
      MERCHANT_WEBHOOK_SECRET: 'merchant-raw-secret-0123456789',
      MERCHANT_WEBHOOK_MAX_ATTEMPTS: '1',
    },
  });
  // Also takes webhooks from one address only, which is not this client's.
  const limited = await startApp({ env: { RATE_LIMITS: 'ip=1/3600', WEBHOOK_SOURCE_IPS: '203.0.113.9' } });
  const closed = await startApp({ env: { RATE_LIMITS: 'webhook=0/3600,merchant=0/3600' } });
  await call(limited, 'GET', '/healthz');
  // The one request `limited` allows from this client, used up.
  await call(limited, 'GET', '/api/v1/links/lnk_fixed_ci');

  const uploadId = JSON.parse((await upload(t, PNG)).text).data.id as string;
  const sessionId = await newSession(t);

  // Payments of every kind, so the merchant's list shows every field it can carry.
  await created(t, {
    link: 'lnk_all_fields_sn',
    customer: { ...PAYER, phoneNumber: '+221770000001' },
    fields: {
      bib_name: 'AWA',
      tshirt_size: 'M',
      birth_date: '1990-01-01',
      medical_certificate: uploadId,
      accept_rules: true,
    },
    method: { kind: 'direct', provider: 'orange-sn', phoneNumber: '+221770000001' },
  });
  const otp = await created(t, fixedCiPayment('+2250700000002'));
  const final = await created(t, fixedCiPayment('+2250700000001'));
  const hosted = await created(t, {
    link: 'lnk_tip_ci',
    amount: 500,
    customer: {},
    fields: {},
    method: { kind: 'hosted', returnUrl: `${SHOP}/thanks` },
  });
  const failed = await created(t, {
    session: sessionId,
    customer: PAYER,
    fields: {},
    method: { kind: 'direct', provider: 'mtn-ci', phoneNumber: '+2250700000004' },
  });
  await t.settle();

  const recipientId = await validatedRecipient(t);
  const payout = await paidOut(t, { transferRecipientId: recipientId, amount: 10_000 });
  await t.settle();

  // Notifications for the final payments, one delivery round against nobody: they give up (1 attempt).
  await deliver(t);
  const notification = await t.store.db
    .selectFrom('merchant_notifications')
    .select('id')
    .executeTakeFirstOrThrow();

  const login = await call(t, 'POST', '/console/login', form({ apiKey: TEST_MERCHANT_KEY }));
  const consoleCookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  return {
    t,
    limited,
    closed,
    uploadId,
    sessionId,
    otp,
    final,
    failed,
    hosted,
    recipientId,
    payoutReference: payout.reference as string,
    notificationId: notification.id,
    consoleCookie,
  };
}

// Built while the file is collected: the cases the document implies must exist before the tests are named.
const world = await buildWorld();
const document = JSON.parse((await call(world.t, 'GET', '/openapi.json')).text) as Record<string, unknown>;
const checker: AnswerChecker = answerChecker(document);
/** Every case: the ones written above, then those every operation of a kind gets. */
const ALL_CASES = [...CASES, ...derivedCases()];
afterAll(async () => {
  await world.t.close();
  await world.limited.close();
  await world.closed.close();
});

/**
 * Statuses the document gives but no case here can bring about in-process: the provider unreachable
 * (503) or too slow (504) behind a route, a refusal of our own credentials by the provider (502 on a
 * payout), and a second request overtaking the first under one key (409).
 */
const UNPROVOKED: Record<string, number[]> = {
  listLinks: [503, 504],
  getLinkAnalytics: [503, 504],
  getLinkCheckout: [503, 504],
  getSessionCheckout: [502, 503, 504],
  createPayment: [503, 504],
  confirmPayment: [503, 504],
  getRecipientProperties: [503, 504],
  validateRecipient: [503, 504],
  createPayout: [409, 502],
  refundPayment: [503, 504],
  getWallets: [503, 504],
  listCollections: [503, 504],
  getReconciliation: [503, 504],
  exportReconciliation: [503, 504],
  runReconciliationAction: [503, 504],
  exportCollections: [503, 504],
};

describe('every operation of /openapi.json', () => {
  it('has a case for every status it documents (but the few listed in UNPROVOKED)', () => {
    const cases = ALL_CASES;
    const missing = checker.operationIds().flatMap((id) =>
      checker
        .statuses(id)
        .filter((status) => !UNPROVOKED[id]?.includes(status))
        .filter((status) => !cases.some(([operation, given]) => operation === id && given === status))
        .map((status) => `${id} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('has a success case and an error case, and every case names an operation of the document', () => {
    const cases = ALL_CASES;
    const missing = checker.operationIds().flatMap((id) => {
      const statuses = cases.filter(([operation]) => operation === id).map(([, status]) => status);
      const errorsDocumented = checker.statuses(id).some((status) => status >= 400);
      return [
        ...(statuses.some((status) => status < 400) ? [] : [`${id}: no success case`]),
        ...(!errorsDocumented || statuses.some((status) => status >= 400) ? [] : [`${id}: no error case`]),
      ];
    });
    expect(missing).toEqual([]);
    expect(cases.map(([id]) => id).filter((id) => !checker.operationIds().includes(id))).toEqual([]);
  });

  // In the table's order: some cases change the world the later ones find (a paid session, a fault).
  it.each(ALL_CASES)('%s answers %i (%s) as the document says', async (operationId, status, _name, run) => {
    const answer = await run(world);
    expect(answer.status, answer.text.slice(0, 200)).toBe(status);
    expect(checker.problems(operationId, answer)).toEqual([]);
  });
});
