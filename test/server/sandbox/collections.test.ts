// The sandbox's collections through raw requests: every magic phone suffix, confirm, verify,
// hosted checkouts and their page, charge properties, the checkout list, validation and webhooks.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CheckoutCreatedResponseSchema,
  CheckoutListResponseSchema,
  CollectionWebhookSchema,
  ConfirmResponseSchema,
  DirectChargeResponseSchema,
  VerifyCollectionResponseSchema,
} from '../../../server/provider/schemas.ts';
import { verifyWebhookSignature } from '../../../server/provider/signature.ts';
import {
  providerError,
  startSandbox,
  TEST_CLIENT_SECRET,
  TEST_PUBLIC_URL,
  TEST_WEBHOOK_URL,
  type SandboxFixture,
} from './fixture.ts';
import { submitHostedPage } from './hosted-page.ts';

interface ChargeResult {
  reference: string;
  status: string;
  sessionId: string;
  provider?: string;
  providersReference: string;
  amount: number;
  charge: number;
  totalAmount: number;
  action: string;
  statusDescription: string;
  data: {
    message?: string;
    link?: string;
    bankTransfer?: { bankName: string; accountNumber: string; accountName: string; expiresAt: string };
  };
}
interface Verified {
  reference: string;
  status: string;
  provider?: string;
  paidAt: number | null;
  statusDescription: string;
}
interface CheckoutCreated {
  url: string;
  shortURL: string;
  reference: string;
  amount: number;
  currency: string;
}
interface ListedTransaction {
  reference: string;
  amount: number;
  status: string;
  createdAt: string;
}
interface Wallet {
  type: string;
  amount: number;
  currency: string;
  country: string;
  status: string;
}
interface LinkWithAnalytics {
  analytics: { totalTransactionAmount: number; totalTransactionCount: number; groupByChannel: unknown[] };
}

const CHARGE_PATH = '/payments/v1/payments/direct-charge';
const CONFIRM_PATH = '/payments/v1/payments/confirm';
/** The seed's paid history: 7 transactions, 45,000 XOF of them in CI. */
const SEEDED_TRANSACTIONS = 7;
const SEEDED_CI_DEPOSITS = 45_000;

let sandbox: SandboxFixture;
beforeEach(async () => {
  sandbox = await startSandbox({ config: { hangMs: 5000 } });
});
afterEach(() => sandbox.close());

/** A 10,000 XOF charge through MTN CI; the fee is 1 %, so the total is 10,100. */
const mtnCharge = (phoneNumber: string, extra: Record<string, unknown> = {}) => ({
  provider: 'mtn-ci',
  amount: 10_000,
  customerInput: { phoneNumber },
  ...extra,
});
const charge = (body: unknown) => sandbox.api<ChargeResult>('POST', CHARGE_PATH, body);
const confirm = (reference: string, customerInput: Record<string, string>) =>
  sandbox.api<ChargeResult>('POST', CONFIRM_PATH, { reference, customerInput });
const verify = (reference: string) =>
  sandbox.api<Verified>('GET', `/payments/v1/payments/verify/${encodeURIComponent(reference)}`);
const nowSeconds = () => Math.floor(sandbox.clock.now() / 1000);

/** The recorded webhooks for one reference, in delivery order. */
const webhooksOf = (reference: string) =>
  sandbox.webhooks.deliveries.filter(
    (delivery) => (delivery.json as { data: { reference: string } }).data.reference === reference,
  );

async function depositWallet(country: string, currency: string): Promise<number> {
  const answer = await sandbox.api<Wallet[]>(
    'GET',
    `/billing/v1/wallets?country=${country}&currency=${currency}`,
  );
  expect(answer.status).toBe(200);
  const deposit = answer.json.data.filter((wallet) => wallet.type === 'deposit');
  expect(deposit).toHaveLength(1);
  return deposit[0]?.amount ?? Number.NaN;
}

/** The hosted page is browser-facing: no credentials. `url` is the absolute URL the API answered. */
function pagePath(url: string): string {
  expect(url.startsWith(`${TEST_PUBLIC_URL}/checkout/chk_`)).toBe(true);
  return url.slice(TEST_PUBLIC_URL.length);
}
async function openPage(url: string) {
  const response = await sandbox.sandbox.app.request(pagePath(url));
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}
async function submitPage(url: string, fields: Record<string, string>) {
  const response = await submitHostedPage(sandbox.sandbox.app.request, pagePath(url), fields);
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

describe('direct charge, default phone number (OTP)', () => {
  it('asks for an OTP, refuses a wrong one, then succeeds and sends one signed webhook', async () => {
    const created = await charge(mtnCharge('2250700000000', { reference: 'ref-otp' }));
    expect(created.status).toBe(201);
    expect(DirectChargeResponseSchema.safeParse(created.json).success).toBe(true);
    const prompt = 'Enter the one-time code sent to your phone by SMS (sandbox: 123456)';
    expect(created.json).toEqual({
      statusCode: 201,
      data: {
        reference: 'ref-otp',
        status: 'pending',
        sessionId: expect.stringMatching(/^ses_[0-9a-f]{24}$/),
        provider: 'mtn-ci',
        providersReference: expect.stringMatching(/^PRV[0-9A-F]{16}$/),
        amount: 10_000,
        charge: 100,
        totalAmount: 10_100,
        action: 'otp',
        statusDescription: prompt,
        data: { message: prompt },
      },
    });

    const wrong = await confirm('ref-otp', { otp: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual(providerError(400, 'InvalidOTP', 'The code is not valid (4 attempts left)'));
    const secondWrong = await confirm('ref-otp', { otp: '111111' });
    expect(secondWrong.json.error).toBe('The code is not valid (3 attempts left)');

    const accepted = await confirm('ref-otp', { otp: '123456' });
    expect(accepted.status).toBe(201);
    expect(ConfirmResponseSchema.safeParse(accepted.json).success).toBe(true);
    expect(accepted.json.data).toMatchObject({
      reference: 'ref-otp',
      status: 'pending',
      action: 'processing',
      statusDescription: 'Awaiting provider feedback',
    });
    expect(sandbox.webhooks.deliveries).toHaveLength(0);

    await sandbox.runDue();
    const verified = await verify('ref-otp');
    expect(verified.status).toBe(200);
    expect(VerifyCollectionResponseSchema.safeParse(verified.json).success).toBe(true);
    expect(verified.json).toEqual({
      statusCode: 200,
      data: {
        reference: 'ref-otp',
        status: 'success',
        amount: 10_000,
        charge: 100,
        totalAmount: 10_100,
        currency: 'XOF',
        provider: 'mtn-ci',
        providerLabel: 'MTN Mobile Money',
        channel: 'mobile-money',
        providersReference: created.json.data.providersReference,
        paidAt: nowSeconds(),
        statusDescription: 'Payment successful',
      },
    });

    expect(sandbox.webhooks.deliveries).toHaveLength(1);
    const [delivery] = sandbox.webhooks.deliveries;
    if (!delivery) throw new Error('no delivery');
    expect(delivery.url).toBe(TEST_WEBHOOK_URL);
    expect(delivery.headers.get('content-type')).toBe('application/json');
    const signature = delivery.headers.get('x-webhook-signature');
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyWebhookSignature(delivery.rawBody, signature, [TEST_CLIENT_SECRET])).toBe(true);
    expect(verifyWebhookSignature(delivery.rawBody, signature, ['another-secret-123'])).toBe(false);
    expect(verifyWebhookSignature(`${delivery.rawBody} `, signature, [TEST_CLIENT_SECRET])).toBe(false);
    expect(CollectionWebhookSchema.safeParse(delivery.json).success).toBe(true);
    expect(delivery.json).toEqual({
      event: 'payment.completed',
      clientId: 'test-client',
      deliveryId: expect.stringMatching(/^dlv_[0-9a-z]{27}$/),
      data: {
        reference: 'ref-otp',
        amount: 10_000,
        currency: 'XOF',
        provider: 'mtn-ci',
        channel: 'mobile-money',
        status: 'success',
        charge: 100,
        user: { phoneNumber: '2250700000000' },
        paidAt: nowSeconds(),
      },
    });

    // Nothing more to send, and a confirm after success is in the wrong step.
    await sandbox.runDue();
    expect(sandbox.webhooks.deliveries).toHaveLength(1);
    const late = await confirm('ref-otp', { otp: '123456' });
    expect(late.status).toBe(400);
    expect(late.json).toEqual(
      providerError(400, 'ValidationError', 'Transaction ref-otp is not awaiting customer input'),
    );
  });

  it('fails the charge after five wrong OTPs and sends payment.failed', async () => {
    await charge(mtnCharge('2250700000000', { reference: 'ref-locked' }));
    for (const left of [4, 3, 2, 1]) {
      const wrong = await confirm('ref-locked', { otp: '999999' });
      expect(wrong.json).toEqual(
        providerError(400, 'InvalidOTP', `The code is not valid (${left} attempts left)`),
      );
    }
    const fifth = await confirm('ref-locked', { otp: '999999' });
    expect(fifth.status).toBe(400);
    expect(fifth.json).toEqual(
      providerError(400, 'InvalidOTP', 'Too many wrong codes: the payment has failed'),
    );

    expect((await verify('ref-locked')).json.data).toMatchObject({
      status: 'failed',
      paidAt: null,
      statusDescription: 'Too many wrong codes',
    });
    // The right code is too late now.
    const tooLate = await confirm('ref-locked', { otp: '123456' });
    expect(tooLate.json).toEqual(providerError(400, 'ValidationError'));

    await sandbox.runDue();
    expect(sandbox.webhooks.deliveries).toHaveLength(1);
    expect(sandbox.webhooks.deliveries[0]?.json).toMatchObject({
      event: 'payment.failed',
      data: { reference: 'ref-locked', status: 'failed', paidAt: null, amount: 10_000 },
    });
  });
  it('counts concurrent wrong OTPs one by one: five at once fail the charge', async () => {
    await charge(mtnCharge('2250700000000', { reference: 'ref-burst' }));
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => confirm('ref-burst', { otp: '999999' })));
    expect(answers.map((answer) => answer.json.errorCode)).toEqual(Array(5).fill('InvalidOTP'));
    expect(answers.map((answer) => answer.json.error).sort()).toEqual([
      'The code is not valid (1 attempts left)',
      'The code is not valid (2 attempts left)',
      'The code is not valid (3 attempts left)',
      'The code is not valid (4 attempts left)',
      'Too many wrong codes: the payment has failed',
    ]);
    expect((await verify('ref-burst')).json.data.status).toBe('failed');
  });
});

describe('direct charge, magic suffixes', () => {
  it('01: processing without OTP, then success by webhook', async () => {
    const created = await charge(mtnCharge('2250700000001', { reference: 'ref-01' }));
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({
      status: 'pending',
      action: 'processing',
      statusDescription: 'Approve the payment on your phone',
    });
    expect((await confirm('ref-01', { otp: '123456' })).json).toEqual(providerError(400, 'ValidationError'));

    await sandbox.runDue();
    expect((await verify('ref-01')).json.data).toMatchObject({ status: 'success', paidAt: nowSeconds() });
    expect(webhooksOf('ref-01').map((delivery) => (delivery.json as { event: string }).event)).toEqual([
      'payment.completed',
    ]);
  });

  it('03: stays pending forever and sends no webhook', async () => {
    const created = await charge(mtnCharge('2250700000003', { reference: 'ref-03' }));
    expect(created.json.data).toMatchObject({ status: 'pending', action: 'processing' });
    await sandbox.runDue();
    await sandbox.clock.advance(3_600_000);
    await sandbox.runDue();
    expect((await verify('ref-03')).json.data).toMatchObject({
      status: 'pending',
      paidAt: null,
      statusDescription: 'Approve the payment on your phone',
    });
    expect(sandbox.webhooks.deliveries).toHaveLength(0);
  });

  it('04: fails for insufficient funds, by webhook', async () => {
    const created = await charge(mtnCharge('2250700000004', { reference: 'ref-04' }));
    expect(created.json.data).toMatchObject({ status: 'pending', action: 'processing' });
    await sandbox.runDue();
    const verified = await verify('ref-04');
    expect(verified.json.data).toMatchObject({ status: 'failed', paidAt: null });
    expect(verified.json.data.statusDescription).toMatch(/insufficient funds/i);
    expect(webhooksOf('ref-04')).toHaveLength(1);
    expect(webhooksOf('ref-04')[0]?.json).toMatchObject({
      event: 'payment.failed',
      data: { status: 'failed' },
    });
  });

  it('05: answers 500 once without storing anything, then accepts the same reference', async () => {
    const first = await charge(mtnCharge('2250700000005', { reference: 'ref-05' }));
    expect(first.status).toBe(500);
    expect(first.json).toEqual(
      providerError(500, 'ProviderError', 'The mobile-money operator did not answer (sandbox 05)'),
    );
    expect((await verify('ref-05')).status).toBe(404);
    expect((await sandbox.api('GET', '/payments/v1/checkouts')).json.total).toBe(SEEDED_TRANSACTIONS);

    const retry = await charge(mtnCharge('2250700000005', { reference: 'ref-05' }));
    expect(retry.status).toBe(201);
    expect(retry.json.data).toMatchObject({ reference: 'ref-05', action: 'otp', status: 'pending' });
    // Then it behaves as the default.
    expect((await confirm('ref-05', { otp: '123456' })).status).toBe(201);
    await sandbox.runDue();
    expect((await verify('ref-05')).json.data.status).toBe('success');
  });

  it('05 without a reference: fails once per phone number', async () => {
    expect((await charge(mtnCharge('2250711111105'))).status).toBe(500);
    const retry = await charge(mtnCharge('2250711111105'));
    expect(retry.status).toBe(201);
    expect(retry.json.data.reference).toMatch(/^SBX-[0-9a-f]{32}$/);
  });

  it('06: hangs until the clock passes hangMs; the charge already exists as pending', async () => {
    let answered = false;
    const pending = charge(mtnCharge('2250700000006', { reference: 'ref-06' })).then((answer) => {
      answered = true;
      return answer;
    });
    await sandbox.clock.sleeping();
    expect(sandbox.clock.sleepers).toBe(1);

    const meanwhile = await verify('ref-06');
    expect(meanwhile.status).toBe(200);
    expect(meanwhile.json.data).toMatchObject({ reference: 'ref-06', status: 'pending', paidAt: null });

    await sandbox.clock.advance(4999);
    expect(sandbox.clock.sleepers).toBe(1);
    expect(answered).toBe(false);

    await sandbox.clock.advance(1);
    const answer = await pending;
    expect(answer.status).toBe(201);
    expect(answer.json.data).toMatchObject({ reference: 'ref-06', status: 'pending', action: 'otp' });
    expect(sandbox.clock.sleepers).toBe(0);
  });

  it('06: stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = sandbox.api<ChargeResult>(
      'POST',
      CHARGE_PATH,
      mtnCharge('2250700000006', { reference: 'ref-06-abort' }),
      {},
      { signal: controller.signal },
    );
    await sandbox.clock.sleeping();
    const started = sandbox.clock.now();
    controller.abort();
    const answer = await pending;
    expect(sandbox.clock.now()).toBe(started);
    expect(sandbox.clock.sleepers).toBe(0);
    expect(answer.status).toBe(201);
    expect((await verify('ref-06-abort')).json.data.status).toBe('pending');
  });

  it('07: pre-otp, refuses an OTP and a wrong customer code, then succeeds with 654321', async () => {
    const created = await charge(mtnCharge('2250700000007', { reference: 'ref-07' }));
    expect(created.json.data).toMatchObject({ status: 'pending', action: 'pre-otp' });
    expect(created.json.data.statusDescription).toContain('654321');

    const otp = await confirm('ref-07', { otp: '123456' });
    expect(otp.status).toBe(400);
    expect(otp.json).toEqual(
      providerError(400, 'ValidationError', 'customerInput: this transaction expects a customerCode'),
    );
    const wrong = await confirm('ref-07', { customerCode: '111111' });
    expect(wrong.json).toEqual(providerError(400, 'InvalidOTP', 'The code is not valid (4 attempts left)'));

    const accepted = await confirm('ref-07', { customerCode: '654321' });
    expect(accepted.status).toBe(201);
    expect(accepted.json.data).toMatchObject({ status: 'pending', action: 'processing' });
    await sandbox.runDue();
    expect((await verify('ref-07')).json.data.status).toBe('success');
    expect(webhooksOf('ref-07')).toHaveLength(1);
  });

  it('refuses a customer code for an OTP charge', async () => {
    await charge(mtnCharge('2250700000000', { reference: 'ref-otp-code' }));
    const answer = await confirm('ref-otp-code', { customerCode: '654321' });
    expect(answer.json).toEqual(
      providerError(400, 'ValidationError', 'customerInput: this transaction expects an otp'),
    );
  });

  it('08: redirects to the hosted page, which approves and sends the payer back', async () => {
    const created = await charge(
      mtnCharge('2250700000008', { reference: 'ref-08', redirectURL: 'https://shop.test/return?order=42' }),
    );
    expect(created.status).toBe(201);
    expect(DirectChargeResponseSchema.safeParse(created.json).success).toBe(true);
    expect(created.json.data).toMatchObject({ status: 'pending', action: 'redirect' });
    const link = created.json.data.data.link ?? '';
    expect(link).toMatch(/^http:\/\/sandbox\.test\/sandbox\/checkout\/chk_[0-9a-f]{24}$/);

    const page = await openPage(link);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.html).toContain('ref-08');
    expect(page.html).toContain('MTN Mobile Money');
    expect(page.html).toContain('10100 XOF');

    const approved = await submitPage(link, { decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.location).toBe('https://shop.test/return?order=42&reference=ref-08&status=success');
    expect((await verify('ref-08')).json.data).toMatchObject({ status: 'success', paidAt: nowSeconds() });

    // Once final, the page shows the outcome and refuses a second decision.
    expect((await openPage(link)).html).toContain('<strong>success</strong>');
    expect((await submitPage(link, { decision: 'decline' })).status).toBe(409);
    expect((await verify('ref-08')).json.data.status).toBe('success');
  });

  it('08: the hosted page declines', async () => {
    const created = await charge(mtnCharge('2250700000008', { reference: 'ref-08-no' }));
    const link = created.json.data.data.link ?? '';
    // No redirectURL: the page itself shows the outcome.
    const declined = await submitPage(link, { decision: 'decline' });
    expect(declined.status).toBe(200);
    expect(declined.html).toContain('<strong>failed</strong>');
    expect((await verify('ref-08-no')).json.data).toMatchObject({
      status: 'failed',
      statusDescription: 'Declined by the payer',
    });
  });

  it('09: bank transfer instructions, paid through the admin API exactly once', async () => {
    const created = await charge(mtnCharge('2250700000009', { reference: 'ref-09' }));
    expect(created.status).toBe(201);
    expect(DirectChargeResponseSchema.safeParse(created.json).success).toBe(true);
    expect(created.json.data).toMatchObject({ status: 'pending', action: 'bankTransfer' });
    expect(created.json.data.data.bankTransfer).toEqual({
      bankName: 'Sandbox Bank',
      accountNumber: expect.stringMatching(/^[0-9]{10}$/),
      accountName: 'PAY SANDBOX COLLECTIONS',
      expiresAt: '2026-11-22T10:30:00.000Z',
    });
    expect((await confirm('ref-09', { otp: '123456' })).json).toEqual(providerError(400, 'ValidationError'));
    await sandbox.runDue();
    expect((await verify('ref-09')).json.data.status).toBe('pending');

    const paid = await sandbox.api<Verified>('POST', '/_admin/transactions/ref-09/status', {
      status: 'success',
    });
    expect(paid.status).toBe(200);
    expect(paid.json.data).toMatchObject({ reference: 'ref-09', status: 'success', paidAt: nowSeconds() });
    expect((await verify('ref-09')).json.data.status).toBe('success');

    // A second force is refused (ValidationError, so 400) and changes nothing.
    const again = await sandbox.api('POST', '/_admin/transactions/ref-09/status', { status: 'success' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual(providerError(400, 'ValidationError', 'Transaction ref-09 is already final'));
    const failing = await sandbox.api('POST', '/_admin/transactions/ref-09/status', { status: 'failed' });
    expect(failing.status).toBe(400);
    expect((await verify('ref-09')).json.data.status).toBe('success');

    await sandbox.runDue();
    expect(webhooksOf('ref-09').map((delivery) => (delivery.json as { event: string }).event)).toEqual([
      'payment.completed',
    ]);
  });

  it('admin force: 404 for an unknown reference, 400 for a bad status', async () => {
    const unknown = await sandbox.api('POST', '/_admin/transactions/nope/status', { status: 'success' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual(providerError(404, 'NotFound', 'Transaction not found'));
    await charge(mtnCharge('2250700000009', { reference: 'ref-09-bad' }));
    const bad = await sandbox.api('POST', '/_admin/transactions/ref-09-bad/status', { status: 'pending' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual(providerError(400, 'ValidationError'));
  });
});

describe('confirm and verify refusals', () => {
  it('answers 404 NotFound for an unknown reference', async () => {
    expect((await confirm('ref-unknown', { otp: '123456' })).json).toEqual(
      providerError(404, 'NotFound', 'Transaction not found'),
    );
    const verified = await verify('ref-unknown');
    expect(verified.status).toBe(404);
    expect(verified.json).toEqual(providerError(404, 'NotFound', 'Transaction not found'));
  });

  it.each([
    ['an otp of letters', { reference: 'r', customerInput: { otp: 'abcdef' } }],
    ['both kinds of input', { reference: 'r', customerInput: { otp: '123456', customerCode: '654321' } }],
    ['no input', { reference: 'r', customerInput: {} }],
    ['no reference', { customerInput: { otp: '123456' } }],
  ])('refuses %s with 400 ValidationError', async (_case, body) => {
    const answer = await sandbox.api('POST', CONFIRM_PATH, body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(providerError(400, 'ValidationError'));
  });
});

describe('webhook routing and duplicate references', () => {
  it('sends to the per-request webhook instead of the configured one', async () => {
    await charge(
      mtnCharge('2250700000001', { reference: 'ref-hook', webhook: 'https://other.test/hooks/pay' }),
    );
    await sandbox.runDue();
    expect(sandbox.webhooks.deliveries.map((delivery) => delivery.url)).toEqual([
      'https://other.test/hooks/pay',
    ]);
  });

  it('answers 409 DuplicateReference for a reused direct-charge reference and keeps the first', async () => {
    expect((await charge(mtnCharge('2250700000000', { reference: 'ref-dup' }))).status).toBe(201);
    const again = await charge(mtnCharge('2250700000001', { reference: 'ref-dup', amount: 99 }));
    expect(again.status).toBe(409);
    expect(again.json).toEqual(
      providerError(409, 'DuplicateReference', 'A transaction with reference ref-dup already exists'),
    );
    expect((await verify('ref-dup')).json.data).toMatchObject({ status: 'pending', amount: 10_000 });
  });

  it('answers 409 DuplicateReference for a reused checkout reference, across both kinds', async () => {
    const body = { country: 'CI', currency: 'XOF', amount: 5000, user: {}, reference: 'ref-dup-checkout' };
    expect((await sandbox.api('POST', '/payments/v1/checkouts', body)).status).toBe(201);
    const again = await sandbox.api('POST', '/payments/v1/checkouts', body);
    expect(again.status).toBe(409);
    expect(again.json).toEqual(providerError(409, 'DuplicateReference'));
    const asCharge = await charge(mtnCharge('2250700000000', { reference: 'ref-dup-checkout' }));
    expect(asCharge.status).toBe(409);
    expect(asCharge.json.errorCode).toBe('DuplicateReference');
  });
});

describe('validation', () => {
  const base = mtnCharge('2250700000000');

  it.each([
    ['a float amount', { ...base, amount: 100.5 }],
    ['a negative amount', { ...base, amount: -100 }],
    ['a zero amount', { ...base, amount: 0 }],
    ['an amount as a string', { ...base, amount: '10000' }],
    ['no amount', { provider: 'mtn-ci', customerInput: { phoneNumber: '2250700000000' } }],
    ['a lowercase currency', { ...base, currency: 'xof' }],
    ['a lowercase country', { ...base, country: 'ci' }],
    ['an unknown provider', { ...base, provider: 'nope-ci' }],
    ['a provider that is not a slug', { ...base, provider: 'MTN CI' }],
    ['a bank provider', { ...base, provider: 'bank-ng' }],
    ['a currency not matching the provider', { ...base, currency: 'NGN' }],
    ['a country not matching the provider', { ...base, country: 'SN' }],
    [
      'a network the provider lacks',
      { ...base, customerInput: { phoneNumber: '2250700000000', network: 'airtel' } },
    ],
    ['a phone number with letters', { ...base, customerInput: { phoneNumber: 'call-me' } }],
    ['no customerInput', { provider: 'mtn-ci', amount: 10_000 }],
    ['a javascript: redirectURL', { ...base, redirectURL: 'javascript:alert(1)' }],
    ['a relative webhook', { ...base, webhook: '/hooks' }],
    ['an array body', [base]],
    ['a JSON null body', null],
  ])('refuses a direct charge with %s: 400 ValidationError', async (_case, body) => {
    const answer = await charge(body);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(providerError(400, 'ValidationError'));
  });

  it('names the reason in the message', async () => {
    expect((await charge({ ...base, provider: 'nope-ci' })).json.error).toBe(
      'provider: no mobile-money provider named "nope-ci"',
    );
    expect((await charge({ ...base, currency: 'NGN' })).json.error).toBe('currency: mtn-ci charges in XOF');
    expect((await charge({ ...base, country: 'SN' })).json.error).toBe('country: mtn-ci operates in CI');
    expect(
      (await charge({ ...base, customerInput: { phoneNumber: '2250700000000', network: 'airtel' } })).json
        .error,
    ).toBe('customerInput.network: mtn-ci has no network "airtel"');
  });

  it('refuses invalid JSON, an empty body and a non-JSON content type', async () => {
    const broken = await sandbox.api('POST', CHARGE_PATH, '{"provider": "mtn-ci", ');
    expect(broken.json).toEqual(providerError(400, 'ValidationError', 'Request body is not valid JSON'));
    const empty = await sandbox.api('POST', CHARGE_PATH, '');
    expect(empty.json).toEqual(providerError(400, 'ValidationError', 'Request body is not valid JSON'));
    const asText = await sandbox.api('POST', CHARGE_PATH, JSON.stringify(base), {
      'content-type': 'text/plain',
    });
    expect(asText.json).toEqual(
      providerError(400, 'ValidationError', 'Content-Type must be application/json'),
    );
    const noType = await sandbox.api('POST', CHARGE_PATH, JSON.stringify(base), { 'content-type': null });
    expect(noType.status).toBe(400);
    const form = await sandbox.api('POST', '/payments/v1/checkouts', 'country=CI', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.json).toEqual(providerError(400, 'ValidationError', 'Content-Type must be application/json'));
  });

  it('accepts a matching currency, country and network', async () => {
    const answer = await charge({
      provider: 'opay-ng',
      amount: 150_000,
      currency: 'NGN',
      country: 'NG',
      customerInput: { phoneNumber: '+2348000000000', network: 'airtel' },
    });
    expect(answer.status).toBe(201);
    expect(answer.json.data).toMatchObject({
      provider: 'opay-ng',
      amount: 150_000,
      charge: 1500,
      totalAmount: 151_500,
    });
  });

  it.each([
    ['a float amount', { amount: 10.5 }],
    ['an amount as a string', { amount: '5000' }],
    ['a lowercase currency', { currency: 'xof' }],
    ['a market nobody serves', { currency: 'KES' }],
    ['a three-letter country', { country: 'CIV' }],
    ['a bad email', { user: { email: 'not-an-email' } }],
    ['no user', { user: undefined }],
    ['a javascript: cancelURL', { cancelURL: 'javascript:alert(1)' }],
  ])('refuses a checkout with %s: 400 ValidationError', async (_case, change) => {
    const answer = await sandbox.api('POST', '/payments/v1/checkouts', {
      country: 'CI',
      currency: 'XOF',
      amount: 5000,
      user: {},
      ...change,
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(providerError(400, 'ValidationError'));
  });

  it('stores nothing for refused requests', async () => {
    await charge({ ...base, amount: -1 });
    await charge({ ...base, currency: 'NGN' });
    await sandbox.api('POST', '/payments/v1/checkouts', {
      country: 'CI',
      currency: 'KES',
      amount: 1,
      user: {},
    });
    expect((await sandbox.api('GET', '/payments/v1/checkouts')).json.total).toBe(SEEDED_TRANSACTIONS);
  });
});

describe('hosted checkout', () => {
  const create = (extra: Record<string, unknown> = {}) =>
    sandbox.api<CheckoutCreated>('POST', '/payments/v1/checkouts', {
      country: 'CI',
      currency: 'XOF',
      amount: 25_000,
      user: { name: 'Awa Koné', email: 'awa@example.com', phoneNumber: '2250700000000' },
      redirectURL: 'https://shop.test/done',
      cancelURL: 'https://shop.test/cancelled',
      ...extra,
    });

  it('creates a checkout URL, and approving with a chosen provider pays exactly the amount in', async () => {
    const before = await depositWallet('CI', 'XOF');
    expect(before).toBe(SEEDED_CI_DEPOSITS);

    const created = await create({ reference: 'ref-hosted' });
    expect(created.status).toBe(201);
    expect(CheckoutCreatedResponseSchema.safeParse(created.json).success).toBe(true);
    expect(created.json).toEqual({
      statusCode: 201,
      data: {
        url: expect.stringMatching(/^http:\/\/sandbox\.test\/sandbox\/checkout\/chk_[0-9a-f]{24}$/),
        shortURL: created.json.data.url,
        reference: 'ref-hosted',
        amount: 25_000,
        currency: 'XOF',
      },
    });
    const url = created.json.data.url;
    expect((await verify('ref-hosted')).json.data).toMatchObject({ status: 'pending', paidAt: null });

    const page = await openPage(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('ref-hosted');
    expect(page.html).toContain('25250 XOF');
    for (const slug of ['mtn-ci', 'orange-ci', 'moov-ci', 'wave-ci'])
      expect(page.html).toContain(`value="${slug}"`);
    expect(page.html).not.toContain('value="wave-sn"');

    // A provider is required and must serve the checkout's market.
    expect((await submitPage(url, { decision: 'approve' })).status).toBe(400);
    expect((await submitPage(url, { decision: 'approve', provider: 'mpesa-ke' })).status).toBe(400);
    expect((await submitPage(url, { decision: 'maybe' })).status).toBe(400);
    expect((await verify('ref-hosted')).json.data.status).toBe('pending');

    const approved = await submitPage(url, { decision: 'approve', provider: 'orange-ci' });
    expect(approved.status).toBe(303);
    expect(approved.location).toBe('https://shop.test/done?reference=ref-hosted&status=success');
    expect((await verify('ref-hosted')).json.data).toMatchObject({
      status: 'success',
      provider: 'orange-ci',
      providerLabel: 'Orange Money',
      channel: 'mobile-money',
      amount: 25_000,
      charge: 250,
      totalAmount: 25_250,
      paidAt: nowSeconds(),
    });
    expect(await depositWallet('CI', 'XOF')).toBe(SEEDED_CI_DEPOSITS + 25_000);

    await sandbox.runDue();
    const [delivery] = webhooksOf('ref-hosted');
    expect(webhooksOf('ref-hosted')).toHaveLength(1);
    expect(CollectionWebhookSchema.safeParse(delivery?.json).success).toBe(true);
    expect(delivery?.json).toMatchObject({
      event: 'payment.completed',
      data: {
        provider: 'orange-ci',
        status: 'success',
        user: { name: 'Awa Koné', email: 'awa@example.com', phoneNumber: '2250700000000' },
      },
    });
  });

  it('generates a reference when none is given', async () => {
    const created = await create();
    expect(created.json.data.reference).toMatch(/^SBX-[0-9a-f]{32}$/);
  });

  it('declines: back to redirectURL with status=failed, no money moves', async () => {
    const created = await create({ reference: 'ref-declined' });
    const declined = await submitPage(created.json.data.url, { decision: 'decline' });
    expect(declined.status).toBe(303);
    expect(declined.location).toBe('https://shop.test/done?reference=ref-declined&status=failed');
    expect((await verify('ref-declined')).json.data).toMatchObject({
      status: 'failed',
      statusDescription: 'Declined by the payer',
    });
    expect(await depositWallet('CI', 'XOF')).toBe(SEEDED_CI_DEPOSITS);

    await sandbox.runDue();
    const [delivery] = webhooksOf('ref-declined');
    expect(delivery?.json).toMatchObject({
      event: 'payment.failed',
      data: { status: 'failed', paidAt: null },
    });
    // The receiver's own schema must accept it, or the webhook would be refused and redelivered forever.
    expect(CollectionWebhookSchema.safeParse(delivery?.json).success).toBe(true);
  });

  it('cancels: back to cancelURL with status=cancelled', async () => {
    const created = await create({ reference: 'ref-cancelled' });
    const cancelled = await submitPage(created.json.data.url, { decision: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.location).toBe('https://shop.test/cancelled?reference=ref-cancelled&status=cancelled');
    expect((await verify('ref-cancelled')).json.data).toMatchObject({
      status: 'failed',
      statusDescription: 'Cancelled by the payer',
    });
    expect(await depositWallet('CI', 'XOF')).toBe(SEEDED_CI_DEPOSITS);
    // The payer walked away: the merchant learns it from the return to cancelURL, not by webhook.
    await sandbox.runDue();
    expect(sandbox.webhooks.deliveries).toEqual([]);
  });

  it('cancels back to redirectURL when no cancelURL was given', async () => {
    const created = await create({ reference: 'ref-cancelled-2', cancelURL: undefined });
    const cancelled = await submitPage(created.json.data.url, { decision: 'cancel' });
    expect(cancelled.location).toBe('https://shop.test/done?reference=ref-cancelled-2&status=cancelled');
  });

  it('answers 404 HTML for an unknown checkout page', async () => {
    const page = await openPage(`${TEST_PUBLIC_URL}/checkout/chk_unknown`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('This checkout does not exist.');
  });
});

describe('charge properties', () => {
  it('lists the networks of a provider with their image', async () => {
    const answer = await sandbox.api('GET', '/payments/v1/payments/direct-charge/opay-ng/properties');
    const image = 'http://sandbox.test/sandbox/assets/providers/opay-ng.svg';
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      statusCode: 200,
      data: {
        networks: [
          { name: 'OPay wallet', value: 'opay', image },
          { name: 'MTN MoMo PSB', value: 'mtn', image },
          { name: 'Airtel SmartCash', value: 'airtel', image },
        ],
      },
    });
    const logo = await sandbox.sandbox.app.request(image.slice(TEST_PUBLIC_URL.length));
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/svg+xml');
  });

  it.each(['nope-xx', 'bank-ng'])('answers 404 NotFound for %s', async (slug) => {
    const answer = await sandbox.api('GET', `/payments/v1/payments/direct-charge/${slug}/properties`);
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(providerError(404, 'NotFound', 'Provider not found'));
  });
});

describe('GET /payments/v1/checkouts', () => {
  const listPath = (query = '') => `/payments/v1/checkouts${query}`;
  const list = (query = '') => sandbox.api<ListedTransaction[]>('GET', listPath(query));
  const refs = (items: ListedTransaction[]) => items.map((item) => item.reference);

  it('defaults to limit 4, newest first, over the seeded history', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ statusCode: 200, total: 7, page: 1, pages: 2, limit: 4 });
    // Seeded 2, 6, 8 and 9 days ago.
    expect(answer.json.data.map((item) => item.amount)).toEqual([185_000, 15_000, 300_000, 2_500_000]);
    // Then 13, 15 and 20 days ago.
    const second = await list('?page=2');
    expect(second.json.data.map((item) => item.amount)).toEqual([15_000, 500_000, 15_000]);
    const past = await list('?page=3');
    expect(past.json).toEqual({ statusCode: 200, total: 7, page: 3, pages: 2, limit: 4, data: [] });
  });

  it('includes dateTo to the end of that day, UTC', async () => {
    const at = async (iso: string, reference: string) => {
      await sandbox.clock.set(iso);
      expect((await charge(mtnCharge('2250700000000', { reference }))).status).toBe(201);
    };
    await at('2026-11-25T00:00:00.000Z', 'ref-25-start');
    await at('2026-11-25T23:59:59.999Z', 'ref-25-end');
    await at('2026-11-26T00:00:00.000Z', 'ref-26-start');
    await at('2026-11-26T23:59:59.999Z', 'ref-26-end');

    const day25 = await list('?dateFrom=2026-11-25&dateTo=2026-11-25');
    expect(day25.json).toMatchObject({ total: 2, pages: 1 });
    expect(refs(day25.json.data)).toEqual(['ref-25-end', 'ref-25-start']);
    expect(day25.json.data.map((item) => item.createdAt)).toEqual([
      '2026-11-25T23:59:59.999Z',
      '2026-11-25T00:00:00.000Z',
    ]);

    const day26 = await list('?dateFrom=2026-11-26&dateTo=2026-11-26');
    expect(refs(day26.json.data)).toEqual(['ref-26-end', 'ref-26-start']);

    const upTo25 = await list('?dateTo=2026-11-25&limit=100');
    expect(upTo25.json.total).toBe(SEEDED_TRANSACTIONS + 2);
    expect(refs(upTo25.json.data).slice(0, 2)).toEqual(['ref-25-end', 'ref-25-start']);

    const from26 = await list('?dateFrom=2026-11-26');
    expect(refs(from26.json.data)).toEqual(['ref-26-end', 'ref-26-start']);

    const both = await list('?dateFrom=2026-11-25&dateTo=2026-11-26&limit=3');
    expect(both.json).toMatchObject({ total: 4, pages: 2, limit: 3 });
    expect(refs(both.json.data)).toEqual(['ref-26-end', 'ref-26-start', 'ref-25-end']);

    const empty = await list('?dateFrom=2026-11-24&dateTo=2026-11-24');
    expect(empty.json).toEqual({ statusCode: 200, total: 0, page: 1, pages: 0, limit: 4, data: [] });
  });

  it.each([
    '?dateFrom=2026-11-26&dateTo=2026-11-25',
    '?dateTo=2026-02-30',
    '?dateFrom=25-11-2026',
    '?dateFrom=2026-11-25T00:00:00Z',
    '?page=0',
    '?limit=0',
    '?limit=101',
    '?limit=2.5',
    '?page=x',
  ])('refuses %s with 400 ValidationError', async (query) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(providerError(400, 'ValidationError'));
  });

  it('says why a reversed range is refused', async () => {
    expect((await list('?dateFrom=2026-11-26&dateTo=2026-11-25')).json.error).toBe(
      'dateTo: dateTo must not be before dateFrom',
    );
  });

  it('gives every documented field on an item, paid or still pending', async () => {
    await charge(mtnCharge('2250700000001', { reference: 'ref-listed' }));
    await sandbox.runDue();
    await sandbox.clock.advance(1000);
    await sandbox.api('POST', '/payments/v1/checkouts', {
      country: 'CI',
      currency: 'XOF',
      amount: 7000,
      user: { name: 'Awa' },
      reference: 'ref-listed-pending',
    });

    const answer = await list('?dateFrom=2026-11-22');
    expect(CheckoutListResponseSchema.safeParse(answer.json).success).toBe(true);
    const [pending, paid] = answer.json.data as unknown as Record<string, unknown>[];
    expect(paid).toEqual({
      checkoutId: expect.stringMatching(/^chk_[0-9a-f]{24}$/),
      clientId: 'test-client',
      provider: 'MTN Mobile Money',
      providerLogo: 'http://sandbox.test/sandbox/assets/providers/mtn-ci.svg',
      channel: 'mobile-money',
      reference: 'ref-listed',
      providersReference: expect.stringMatching(/^PRV[0-9A-F]{16}$/),
      currency: 'XOF',
      amount: 10_000,
      user: { phoneNumber: '2250700000001' },
      merchantFee: 0,
      customerFee: 100,
      merchantFeeLabel: '0 XOF',
      customerFeeLabel: '100 XOF',
      charge: 100,
      paidAt: Math.floor(Date.parse('2026-11-22T10:00:00.000Z') / 1000),
      status: 'success',
      availableBalance: SEEDED_CI_DEPOSITS + 10_000,
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    expect(pending).toMatchObject({
      reference: 'ref-listed-pending',
      amount: 7000,
      charge: 70,
      status: 'pending',
      paidAt: null,
      user: { name: 'Awa' },
      createdAt: '2026-11-22T10:00:01.000Z',
    });
    for (const field of ['checkoutId', 'clientId', 'merchantFee', 'customerFeeLabel', 'availableBalance']) {
      expect(pending).toHaveProperty(field);
    }
  });
});

describe('payment link analytics from charges', () => {
  const analyticsOf = async (id: string) =>
    (await sandbox.api<LinkWithAnalytics>('GET', `/payments/v1/payment-links/${id}`)).json.data.analytics;

  it('counts a charge with metadata.paymentLinkId once it succeeds, and only then', async () => {
    expect((await analyticsOf('lnk_tip_ci')).totalTransactionAmount).toBe(0);
    await charge(
      mtnCharge('2250700000000', {
        reference: 'ref-tip',
        amount: 2000,
        metadata: { paymentLinkId: 'lnk_tip_ci' },
      }),
    );
    await charge(
      mtnCharge('2250700000004', {
        reference: 'ref-tip-poor',
        amount: 3000,
        metadata: { paymentLinkId: 'lnk_tip_ci' },
      }),
    );
    await sandbox.runDue();
    expect((await analyticsOf('lnk_tip_ci')).totalTransactionCount).toBe(0);

    await confirm('ref-tip', { otp: '123456' });
    await sandbox.runDue();
    expect(await analyticsOf('lnk_tip_ci')).toMatchObject({
      totalTransactionAmount: 2000,
      totalTransactionCount: 1,
      groupByChannel: [{ channel: 'mobile-money', revenue: 2000, count: 1 }],
      groupByRevenueAndCount: [{ week: '2026-11-16', revenue: 2000, count: 1 }],
    });
  });

  it('counts a hosted checkout for its link once approved, and ignores an unknown link id', async () => {
    const created = await sandbox.api<CheckoutCreated>('POST', '/payments/v1/checkouts', {
      country: 'CI',
      currency: 'XOF',
      amount: 15_000,
      user: {},
      metadata: { merchantName: 'Echo', paymentLinkId: 'lnk_fixed_ci' },
    });
    expect(created.status).toBe(201);
    await charge(mtnCharge('2250700000001', { metadata: { paymentLinkId: 'lnk_does_not_exist' } }));
    await submitPage(created.json.data.url, { decision: 'approve', provider: 'mtn-ci' });
    await sandbox.runDue();
    expect(await analyticsOf('lnk_fixed_ci')).toMatchObject({
      totalTransactionAmount: 60_000,
      totalTransactionCount: 4,
    });
  });
});
