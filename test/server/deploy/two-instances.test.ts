/**
 * Two backend processes on one PostgreSQL behave as one server. Both run in PAY_MODE=remote against the
 * sandbox as its own process, behind a load balancer the test steers, with PUBLIC_URL set to the
 * balancer as in production: so the provider's webhooks reach whichever instance the balancer picks.
 * Requests are spread on purpose: a payment created on A is confirmed on B, its webhook lands on B, and
 * the payer's stream on A shows the success; a payout asked of A is settled by a webhook to B; a console
 * login on A is valid on B; a rate limit counts across both; a link paid up to its amountLimit through A
 * is closed on B at once; and with A killed mid-payment, B alone
 * completes the payment through reconciliation and notifies the merchant exactly once.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';
import {
  asMerchant,
  call,
  CLIENT_ID,
  CLIENT_SECRET,
  eventually,
  openStream,
  MERCHANT_KEY,
  NOTIFICATION_SECRET,
  startBackendProcess,
  startBalancer,
  startMerchantEndpoint,
  startSandboxProcess,
  stopAll,
  type Balancer,
  type Instance,
  type MerchantEndpoint,
} from './processes.ts';

const payer = { name: 'Awa Koné', email: 'awa@example.ci' };
const directPayment = (phoneNumber: string) => ({
  link: 'lnk_fixed_ci',
  customer: { ...payer, phoneNumber },
  fields: { subscriber_id: 'AB-1234' },
  method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
});
/** Actions on one payment allowed per minute, between both instances; no other test comes near it. */
const REFERENCE_LIMIT = 8;

describe.skipIf(!postgresUrl)('two instances on one PostgreSQL', { timeout: 40_000 }, () => {
  let database: FreshDatabase;
  let balancer: Balancer;
  let merchant: MerchantEndpoint;
  let a: Instance;
  let b: Instance;
  let sandbox: Instance;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    balancer = await startBalancer();
    merchant = await startMerchantEndpoint();
    sandbox = await startSandboxProcess();
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: balancer.url,
      MERCHANT_WEBHOOK_URL: merchant.url,
      MERCHANT_WEBHOOK_SECRET: NOTIFICATION_SECRET,
      RATE_LIMITS: `reference=${REFERENCE_LIMIT}/60`,
      // Every hit counted in the store at once: these processes run on real time, so the batched sync
      // (tested in-process on the injected clock) would make the exact count below depend on timing.
      RATE_LIMIT_SYNC_MS: '0',
      PROVIDER_TIMEOUT_MS: '5000',
      // Reconciliation soon after a payment stops moving: the crash test waits on it.
      RECONCILE_INTERVAL_MS: '250',
      RECONCILE_MIN_AGE_MS: '1000',
    };
    [a, b] = await Promise.all([
      startBackendProcess(sandbox.url, env),
      startBackendProcess(sandbox.url, env),
    ]);
    balancer.route = defaultRoute;
  }, 150_000);
  /** By default the provider's webhooks go to B, anything else to A. */
  const defaultRoute = (path: string) => (path.startsWith('/webhooks/') ? b.url : a.url);
  afterAll(async () => {
    await stopAll();
    await database?.drop();
  });

  async function createPayment(on: Instance, phoneNumber = '+2250700000000') {
    const res = await call(on.url, 'POST', '/api/v1/payments', directPayment(phoneNumber), {
      'Idempotency-Key': randomUUID(),
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.json)}`);
    return { reference: res.json.data.payment.reference as string, token: res.json.data.token as string };
  }
  const confirm = (on: Instance, reference: string, token: string) =>
    call(
      on.url,
      'POST',
      `/api/v1/payments/${reference}/confirm`,
      { otp: '123456' },
      { 'Payment-Token': token },
    );
  const readPayment = (on: Instance, reference: string, token: string) =>
    call(on.url, 'GET', `/api/v1/payments/${reference}`, undefined, { 'Payment-Token': token });
  /** Whether the balancer passed a provider webhook to `target` and it was answered 200. */
  const webhookAcceptedBy = (target: string) =>
    balancer.log.some(
      (entry) => entry.target === target && entry.path.startsWith('/webhooks/') && entry.status === 200,
    );

  it('payment created on A, confirmed on B, webhook to B: the payer’s stream on A receives success', async () => {
    const { reference, token } = await createPayment(a);
    const stream = await openStream(a, reference, token);
    await stream.next(); // the current state: the stream is attached, and A is listening
    expect((await confirm(b, reference, token)).json.data).toMatchObject({ status: 'processing' });
    const statuses = [];
    for (let event = await stream.next(); ; event = await stream.next()) {
      statuses.push(event.status);
      if (event.status === 'success') break;
    }
    stream.close();
    expect(statuses.at(-1)).toBe('success');
    // The stream can show the success before B's 200 to the webhook has travelled back.
    await eventually(async () => webhookAcceptedBy(b.url), Boolean);
    expect(balancer.log.some((entry) => entry.target === a.url && entry.path.startsWith('/webhooks/'))).toBe(
      false,
    );
    expect((await readPayment(b, reference, token)).json.data).toMatchObject({ status: 'success' });
  });

  it('payout requested on A, settled by a webhook to B: the ledger is right on both', async () => {
    const recipient = await call(
      a.url,
      'POST',
      '/api/v1/payouts/recipients/validate',
      { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001' } },
      asMerchant,
    );
    const requested = await call(
      a.url,
      'POST',
      '/api/v1/payouts',
      { transferRecipientId: recipient.json.data.id, amount: 5_000 },
      { ...asMerchant, 'Idempotency-Key': randomUUID() },
    );
    expect(requested.status).toBe(201);
    const { reference } = requested.json.data;
    // The disbursement webhook reaches B; B's ledger row is what both instances read.
    await eventually(
      async () =>
        balancer.log.filter(
          (e) => e.path === '/webhooks/disbursements' && e.target === b.url && e.status === 200,
        ),
      (delivered) => delivered.length > 0,
    );
    for (const instance of [a, b]) {
      const one = await eventually(
        () => call(instance.url, 'GET', `/api/v1/payouts/${reference}`, undefined, asMerchant),
        (answer) => answer.json.data.final === true,
      );
      expect(one.json.data).toMatchObject({
        reference,
        status: 'success',
        final: true,
        amount: 5_000,
        currency: 'XOF',
      });
      const list = await call(instance.url, 'GET', '/api/v1/payouts', undefined, asMerchant);
      expect(
        list.json.data.filter((payout: { reference: string }) => payout.reference === reference),
      ).toEqual([one.json.data]);
    }
  });

  it('a console session made on A is valid on B', async () => {
    const login = await fetch(`${a.url}/console/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a.url },
      body: `apiKey=${MERCHANT_KEY}`,
      redirect: 'manual',
    });
    expect(login.status).toBe(303);
    const cookie = /^(pay_console=[^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(cookie).not.toBe('');
    expect((await call(b.url, 'GET', '/console/session', undefined, { cookie })).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/v1/wallets', undefined, { cookie })).status).toBe(200);
    const logout = await call(b.url, 'POST', '/console/logout', undefined, { cookie, origin: b.url });
    expect(logout.status).toBe(303);
    expect((await call(a.url, 'GET', '/console/session', undefined, { cookie })).status).toBe(401);
  });

  it('the rate limit holds across both instances', async () => {
    const { reference, token } = await createPayment(a);
    for (let i = 0; i < REFERENCE_LIMIT; i++)
      expect((await readPayment(i % 2 ? a : b, reference, token)).status).toBe(200);
    for (const instance of [a, b]) {
      const over = await readPayment(instance, reference, token);
      expect(over.status).toBe(429);
      expect(over.json.error.code).toBe('rate_limited');
    }
  });

  it('a link paid up to its amountLimit through A: B refuses the next payer at once', async () => {
    const link = `lnk_limit_race_${randomUUID().slice(0, 8)}`;
    const made = await call(
      sandbox.url,
      'POST',
      '/_admin/payment-links',
      {
        id: link,
        title: 'Limited to one payment',
        isAmountFixed: false,
        minimumAmount: 1_000,
        amountLimit: 20_000,
        currency: 'XOF',
        country: 'CI',
        isAnonymousPaymentEnabled: true,
      },
      { 'client-id': CLIENT_ID, 'client-secret': CLIENT_SECRET },
    );
    expect(made.status).toBe(201);
    const pay = (phoneNumber: string) => ({
      link,
      amount: 20_000,
      customer: {},
      fields: {},
      method: { kind: 'direct', provider: 'mtn-ci', phoneNumber },
    });
    // The provider's webhooks reach A only: B hears nothing of the success but what the store says.
    balancer.route = () => a.url;
    try {
      // A payer opens the link on B: B now holds the provider's view of it (nothing collected yet).
      const opened = await call(b.url, 'GET', `/api/v1/links/${link}`);
      expect(opened.json.data.amount.remaining).toBe(20_000);
      // The whole limit is paid through A (`01`: approved on the payer's phone, success by webhook).
      const first = await call(a.url, 'POST', '/api/v1/payments', pay('+2250700000001'), {
        'Idempotency-Key': randomUUID(),
      });
      expect(first.status).toBe(201);
      const { reference } = first.json.data.payment;
      await eventually(
        () => call(a.url, 'GET', '/api/v1/payments?limit=20', undefined, asMerchant),
        (list) =>
          list.json.data.some(
            (p: { reference: string; status: string }) => p.reference === reference && p.status === 'success',
          ),
      );
      // Within seconds of B's look at the link: the whole limit is collected, so B must refuse.
      const second = await call(b.url, 'POST', '/api/v1/payments', pay('+2250700000011'), {
        'Idempotency-Key': randomUUID(),
      });
      expect([second.status, second.json.error?.code]).toEqual([409, 'link_unavailable']);
    } finally {
      balancer.route = defaultRoute;
    }
  });

  // Last: it kills A.
  it('A killed mid-payment: B alone completes it through reconciliation and notifies the merchant once', async () => {
    // The provider's webhooks are lost for this payment (as if sent to A while it died): only
    // reconciliation can finish it.
    balancer.route = (path) => (path.startsWith('/webhooks/') ? null : a.url);
    const { reference, token } = await createPayment(a);
    expect((await confirm(a, reference, token)).json.data).toMatchObject({ status: 'processing' });
    await a.kill();
    expect(a.process.signalCode).toBe('SIGKILL');
    balancer.route = () => b.url;

    await merchant.waitFor((n) => n.type === 'payment.succeeded' && n.data.reference === reference);
    expect((await readPayment(b, reference, token)).json.data).toMatchObject({ status: 'success' });

    // Exactly one notification: the outbox holds one row for this payment, and it was delivered once.
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query<{ type: string; status: string; attempts: number }>(
        'select type, status, attempts from merchant_notifications where subject = $1',
        [reference],
      );
      expect(rows).toEqual([{ type: 'payment.succeeded', status: 'delivered', attempts: 1 }]);
    } finally {
      await db.end();
    }
    expect(merchant.received.filter((n) => n.data.reference === reference)).toHaveLength(1);
  });
});
