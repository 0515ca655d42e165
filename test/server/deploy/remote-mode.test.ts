/**
 * The production shape, end to end: the backend as a real process in PAY_MODE=remote, talking over HTTP
 * to the provider sandbox started as its own process, whose signed webhooks arrive over HTTP at
 * /webhooks/*. The sandbox's delivery log (its admin API) shows each webhook answered 200, which our
 * receiver gives only to a valid signature. SQLite here, so it runs on any machine; the two-instance
 * suite runs the same shape on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asMerchant,
  call,
  CLIENT_ID,
  CLIENT_SECRET,
  eventually,
  SHOP,
  startBackendProcess,
  startSandboxProcess,
  stopAll,
  type Instance,
} from './processes.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

let sandbox: Instance;
let backend: Instance;

beforeAll(async () => {
  sandbox = await startSandboxProcess();
  // Long enough for a busy machine's honest answers, short enough for the `06` charge to time out.
  backend = await startBackendProcess(sandbox.url, { PROVIDER_TIMEOUT_MS: '2500' });
}, 150_000);
afterAll(() => stopAll());

const payer = { name: 'Awa Koné', email: 'awa@example.ci' };
const direct = (phoneNumber: string) => ({
  link: 'lnk_fixed_ci',
  customer: { ...payer, phoneNumber },
  fields: { subscriber_id: 'AB-1234' },
  method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
});

async function createPayment(body: unknown) {
  const res = await call(backend.url, 'POST', '/api/v1/payments', body, { 'Idempotency-Key': randomUUID() });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.json)}`);
  return {
    reference: res.json.data.payment.reference as string,
    token: res.json.data.token as string,
    payment: res.json.data.payment,
  };
}

/** The sandbox's webhook deliveries that carry `reference` (ours, the provider's externalReference). */
async function deliveriesFor(reference: string) {
  const res = await call(sandbox.url, 'GET', '/_admin/webhook-deliveries?limit=100', undefined, {
    'client-id': CLIENT_ID,
    'client-secret': CLIENT_SECRET,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (res.json.data as any[]).filter((delivery) => JSON.stringify(delivery.body).includes(reference));
}

/** Waits until the sandbox has delivered its webhooks about `reference` to `path`, each answered 200. */
async function webhooksDelivered(reference: string, path: string) {
  const deliveries = await eventually(
    () => deliveriesFor(reference),
    (found) => found.length > 0 && found.every((d) => d.state !== 'pending'),
  );
  for (const delivery of deliveries)
    expect(delivery).toMatchObject({ url: `${backend.url}${path}`, state: 'delivered', lastStatus: 200 });
}

const readPayment = (reference: string, token: string) =>
  call(backend.url, 'GET', `/api/v1/payments/${reference}`, undefined, { 'Payment-Token': token });

describe('remote mode against the sandbox process', { timeout: 40_000 }, () => {
  it('an OTP payment: charge and confirm over HTTP, success by the signed webhook', async () => {
    const { reference, token, payment } = await createPayment(direct('+2250700000000'));
    expect(payment).toMatchObject({ status: 'pending', action: 'otp', amount: 15_000, currency: 'XOF' });
    const confirmed = await call(
      backend.url,
      'POST',
      `/api/v1/payments/${reference}/confirm`,
      { otp: '123456' },
      {
        'Payment-Token': token,
      },
    );
    expect(confirmed.json.data).toMatchObject({ status: 'processing' });
    await webhooksDelivered(reference, '/webhooks/payments');
    expect((await readPayment(reference, token)).json.data).toMatchObject({
      status: 'success',
      action: 'none',
    });
  });

  it('a hosted return: the provider page sends the payer back to the shop with our reference', async () => {
    const returnUrl = `${SHOP}/checkout?plan=premium`;
    const { reference, token, payment } = await createPayment({
      link: 'lnk_fixed_ci',
      customer: { ...payer, phoneNumber: '+2250700000000' },
      fields: { subscriber_id: 'AB-1234' },
      method: { kind: 'hosted', returnUrl },
    });
    expect(payment).toMatchObject({ status: 'pending', action: 'redirect' });
    const page = String(payment.redirectUrl);
    expect(page.startsWith(`${sandbox.url}/`)).toBe(true);
    expect((await fetch(page)).status).toBe(200);
    const approved = await submitHostedPage(fetch, page, { decision: 'approve', provider: 'orange-ci' });
    expect(approved.status).toBe(303);
    const back = new URL(approved.headers.get('location') ?? '');
    expect(back.origin).toBe(SHOP);
    expect(back.searchParams.get('plan')).toBe('premium');
    expect(back.searchParams.get('pay_reference')).toBe(reference);
    await webhooksDelivered(reference, '/webhooks/payments');
    expect((await readPayment(reference, token)).json.data).toMatchObject({ status: 'success' });
  });

  it('a payout: recipient validated and money sent over HTTP, settled by the disbursement webhook', async () => {
    const recipient = await call(
      backend.url,
      'POST',
      '/api/v1/payouts/recipients/validate',
      { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001' } },
      asMerchant,
    );
    expect(recipient.status).toBe(201);
    const requested = await call(
      backend.url,
      'POST',
      '/api/v1/payouts',
      { transferRecipientId: recipient.json.data.id, amount: 5_000, narration: 'Refund' },
      { ...asMerchant, 'Idempotency-Key': randomUUID() },
    );
    expect(requested.status).toBe(201);
    const { reference } = requested.json.data;
    await webhooksDelivered(reference, '/webhooks/disbursements');
    // A disbursement can report `processing` before its final status: read until the ledger is final.
    const ledger = await eventually(
      () => call(backend.url, 'GET', `/api/v1/payouts/${reference}`, undefined, asMerchant),
      (answer) => answer.json.data.final === true,
    );
    expect(ledger.json.data).toMatchObject({
      reference,
      status: 'success',
      final: true,
      amount: 5_000,
      currency: 'XOF',
    });
  });

  it('a provider that times out (phone ending 06): the payment is resolved through verify, then completes', async () => {
    const { reference, token, payment } = await createPayment(direct('+2250700000006'));
    // The charge call timed out; verify found the charge the provider did make, waiting for its OTP.
    expect(payment).toMatchObject({ reference, status: 'pending', action: 'otp', attemptsLeft: 5 });
    expect(backend.output()).toContain('payment start unresolved; asking verify');
    const confirmed = await call(
      backend.url,
      'POST',
      `/api/v1/payments/${reference}/confirm`,
      { otp: '123456' },
      {
        'Payment-Token': token,
      },
    );
    expect(confirmed.json.data).toMatchObject({ status: 'processing' });
    await webhooksDelivered(reference, '/webhooks/payments');
    expect((await readPayment(reference, token)).json.data).toMatchObject({ status: 'success' });
  });
});
