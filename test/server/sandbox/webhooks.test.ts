// The sandbox's webhook deliveries (retries with backoff, the delivery log, redelivery) and the faults an
// operator injects through the admin API. Time moves only through the ManualClock; webhooks go out only
// when runDue() runs.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../../server/provider/signature.ts';
import { insertRow } from '../../../server/store/prepared.ts';
import {
  providerError,
  startSandbox,
  TEST_CLIENT_SECRET,
  TEST_WEBHOOK_URL,
  type SandboxFixture,
} from './fixture.ts';

interface LoggedAttempt {
  attempt: number;
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number;
}
interface LoggedDelivery {
  deliveryId: string;
  event: string;
  reference: string;
  url: string;
  state: string;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  body: unknown;
  log: LoggedAttempt[];
}

const NO_FAULTS = {
  latencyMs: 0,
  errorRate: 0,
  duplicateDeliveries: false,
  outOfOrderDeliveries: false,
  droppedDeliveries: false,
};

let sandbox: SandboxFixture;
/** What the injected `random` answers; fault injection compares it with `errorRate`. */
let nextRandom = 0;
beforeEach(async () => {
  nextRandom = 0;
  sandbox = await startSandbox({ random: () => nextRandom });
});
afterEach(() => sandbox.close());

/** A `01` charge: processing, then success as soon as runDue (or verify) settles it. */
async function paidCharge(reference: string) {
  const answer = await sandbox.api('POST', '/payments/v1/payments/direct-charge', {
    provider: 'mtn-ci',
    amount: 10_000,
    reference,
    customerInput: { phoneNumber: '2250700000001' },
  });
  expect(answer.status).toBe(201);
}

async function deliveryLog(query: string) {
  const answer = await sandbox.api<LoggedDelivery[]>('GET', `/_admin/webhook-deliveries?${query}`);
  expect(answer.status).toBe(200);
  return answer.json;
}

const setFaults = (faults: Record<string, unknown>) => sandbox.api('PUT', '/_admin/faults', faults);
const attempts = () => sandbox.webhooks.deliveries.length;
const deliveryIdOf = (json: unknown) => (json as { deliveryId: string }).deliveryId;
const referenceOf = (json: unknown) => (json as { data: { reference: string } }).data.reference;

/** Moves the clock by `ms`, then lets the sandbox send whatever is due. */
async function after(ms: number) {
  await sandbox.clock.advance(ms);
  await sandbox.runDue();
}

describe('retries with backoff', () => {
  it('retries a 500 after 1 s, then 2 s, with the same deliveryId, bytes and signature', async () => {
    sandbox.webhooks.answerNext(500, 500);
    await paidCharge('ref-retry');
    await sandbox.runDue();
    expect(attempts()).toBe(1);

    await after(999);
    expect(attempts()).toBe(1);
    await after(1);
    expect(attempts()).toBe(2);

    await after(1999);
    expect(attempts()).toBe(2);
    await after(1);
    expect(attempts()).toBe(3);

    await after(60_000);
    expect(attempts()).toBe(3);

    const [first, second, third] = sandbox.webhooks.deliveries;
    if (!first || !second || !third) throw new Error('missing attempts');
    expect([first.answer, second.answer, third.answer]).toEqual([500, 500, 200]);
    for (const retry of [second, third]) {
      expect(retry.url).toBe(TEST_WEBHOOK_URL);
      expect(retry.rawBody).toBe(first.rawBody);
      expect(deliveryIdOf(retry.json)).toBe(deliveryIdOf(first.json));
      expect(retry.headers.get('x-webhook-signature')).toBe(first.headers.get('x-webhook-signature'));
    }
    expect(
      verifyWebhookSignature(third.rawBody, third.headers.get('x-webhook-signature'), [TEST_CLIENT_SECRET]),
    ).toBe(true);

    const log = await deliveryLog('reference=ref-retry');
    expect(log).toMatchObject({ statusCode: 200, total: 1, page: 1, pages: 1, limit: 20 });
    expect(log.data).toEqual([
      {
        deliveryId: deliveryIdOf(first.json),
        event: 'payment.completed',
        reference: 'ref-retry',
        url: TEST_WEBHOOK_URL,
        state: 'delivered',
        attempts: 3,
        nextAttemptAt: null,
        lastStatus: 200,
        lastError: null,
        createdAt: '2026-11-22T10:00:00.000Z',
        deliveredAt: '2026-11-22T10:00:03.000Z',
        body: first.json,
        log: [
          {
            attempt: 1,
            at: '2026-11-22T10:00:00.000Z',
            status: 500,
            error: 'HTTP 500',
            durationMs: expect.any(Number),
          },
          {
            attempt: 2,
            at: '2026-11-22T10:00:01.000Z',
            status: 500,
            error: 'HTTP 500',
            durationMs: expect.any(Number),
          },
          {
            attempt: 3,
            at: '2026-11-22T10:00:03.000Z',
            status: 200,
            error: null,
            durationMs: expect.any(Number),
          },
        ],
      },
    ]);
  });

  it('shows a waiting retry as pending with its next attempt time', async () => {
    sandbox.webhooks.answerNext(502);
    await paidCharge('ref-waiting');
    await sandbox.runDue();
    const [delivery] = (await deliveryLog('reference=ref-waiting')).data;
    expect(delivery).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastStatus: 502,
      lastError: 'HTTP 502',
      nextAttemptAt: '2026-11-22T10:00:01.000Z',
      deliveredAt: null,
    });
    expect((await deliveryLog('state=pending')).total).toBe(1);
    expect((await deliveryLog('state=delivered')).total).toBe(0);
  });

  it('gives up after webhookMaxAttempts when the receiver is down for every attempt', async () => {
    sandbox.webhooks.answerByDefault(503);
    await paidCharge('ref-down');
    await sandbox.runDue();
    for (const wait of [1000, 2000, 4000]) await after(wait);
    expect(attempts()).toBe(4);

    await after(60_000);
    await after(60_000);
    expect(attempts()).toBe(4);
    expect(new Set(sandbox.webhooks.deliveries.map((attempt) => deliveryIdOf(attempt.json))).size).toBe(1);

    const [delivery] = (await deliveryLog('reference=ref-down')).data;
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: 4,
      nextAttemptAt: null,
      lastStatus: 503,
      lastError: 'HTTP 503',
      deliveredAt: null,
    });
    expect(delivery?.log.map((attempt) => [attempt.attempt, attempt.at, attempt.status])).toEqual([
      [1, '2026-11-22T10:00:00.000Z', 503],
      [2, '2026-11-22T10:00:01.000Z', 503],
      [3, '2026-11-22T10:00:03.000Z', 503],
      [4, '2026-11-22T10:00:07.000Z', 503],
    ]);
    expect((await deliveryLog('state=failed')).total).toBe(1);
  });

  it('caps the backoff at webhookBackoffCapMs', async () => {
    await sandbox.close();
    sandbox = await startSandbox({ config: { webhookBackoffCapMs: 2500, webhookMaxAttempts: 6 } });
    sandbox.webhooks.answerByDefault(500);
    await paidCharge('ref-capped');
    await sandbox.runDue();
    for (const wait of [1000, 2000, 2500, 2500, 2500]) {
      await after(wait - 1);
      const before = attempts();
      await after(1);
      expect(attempts()).toBe(before + 1);
    }
    const [delivery] = (await deliveryLog('reference=ref-capped')).data;
    expect(delivery?.log.map((attempt) => attempt.at)).toEqual([
      '2026-11-22T10:00:00.000Z',
      '2026-11-22T10:00:01.000Z',
      '2026-11-22T10:00:03.000Z',
      '2026-11-22T10:00:05.500Z',
      '2026-11-22T10:00:08.000Z',
      '2026-11-22T10:00:10.500Z',
    ]);
    expect(delivery?.state).toBe('failed');
  });

  it('counts a network error and a 4xx as failed attempts', async () => {
    sandbox.webhooks.answerNext('network-error', 404);
    await paidCharge('ref-network');
    await sandbox.runDue();
    await after(1000);
    await after(2000);
    expect(sandbox.webhooks.deliveries.map((attempt) => attempt.answer)).toEqual(['network-error', 404, 200]);

    const [delivery] = (await deliveryLog('reference=ref-network')).data;
    expect(delivery?.state).toBe('delivered');
    expect(delivery?.log.map(({ status, error }) => ({ status, error }))).toEqual([
      { status: null, error: 'TypeError: fetch failed: connect ECONNREFUSED' },
      { status: 404, error: 'HTTP 404' },
      { status: 200, error: null },
    ]);
  });

  it('keeps one delivery per event: nothing is resent once delivered', async () => {
    await paidCharge('ref-once');
    await sandbox.runDue();
    await after(3_600_000);
    expect(attempts()).toBe(1);
    expect((await deliveryLog('reference=ref-once')).data[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
    });
  });
});

describe('redelivery', () => {
  it('sends a delivered webhook again with the same deliveryId and bytes', async () => {
    await paidCharge('ref-again');
    await sandbox.runDue();
    const [first] = sandbox.webhooks.deliveries;
    const id = deliveryIdOf(first?.json);

    const answer = await sandbox.api('POST', `/_admin/webhook-deliveries/${id}/redeliver`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ statusCode: 200, data: { deliveryId: id, state: 'pending' } });
    expect(attempts()).toBe(1);

    await sandbox.runDue();
    expect(attempts()).toBe(2);
    expect(sandbox.webhooks.deliveries[1]?.rawBody).toBe(first?.rawBody);
    expect(sandbox.webhooks.deliveries[1]?.headers.get('x-webhook-signature')).toBe(
      first?.headers.get('x-webhook-signature'),
    );
    expect((await deliveryLog('reference=ref-again')).data[0]).toMatchObject({
      state: 'delivered',
      attempts: 2,
    });
  });

  it('revives a delivery that had given up', async () => {
    sandbox.webhooks.answerByDefault(500);
    await paidCharge('ref-revived');
    await sandbox.runDue();
    for (const wait of [1000, 2000, 4000]) await after(wait);
    const [failed] = (await deliveryLog('reference=ref-revived')).data;
    expect(failed?.state).toBe('failed');

    sandbox.webhooks.answerByDefault(200);
    await sandbox.api('POST', `/_admin/webhook-deliveries/${failed?.deliveryId}/redeliver`);
    await sandbox.runDue();
    expect(attempts()).toBe(5);
    expect((await deliveryLog('reference=ref-revived')).data[0]).toMatchObject({
      state: 'delivered',
      attempts: 5,
      lastStatus: 200,
    });
  });

  it('answers 404 NotFound for an unknown delivery', async () => {
    const answer = await sandbox.api('POST', '/_admin/webhook-deliveries/dlv_nope/redeliver');
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual(providerError(404, 'NotFound', 'Webhook delivery not found'));
  });

  it.each(['state=bogus', 'limit=0', 'limit=101', 'page=0'])(
    'refuses a delivery log query %s',
    async (query) => {
      const answer = await sandbox.api('GET', `/_admin/webhook-deliveries?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual(providerError(400, 'ValidationError'));
    },
  );
});

describe('faults', () => {
  it('starts without faults and answers the merged set on PUT', async () => {
    expect((await sandbox.api('GET', '/_admin/faults')).json).toEqual({ statusCode: 200, data: NO_FAULTS });
    const put = await setFaults({ latencyMs: 10 });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ statusCode: 200, data: { ...NO_FAULTS, latencyMs: 10 } });
    await setFaults({ duplicateDeliveries: true });
    expect((await sandbox.api('GET', '/_admin/faults')).json.data).toEqual({
      ...NO_FAULTS,
      latencyMs: 10,
      duplicateDeliveries: true,
    });
  });

  it('duplicateDeliveries: sends each delivery twice with the same deliveryId', async () => {
    await setFaults({ duplicateDeliveries: true });
    await paidCharge('ref-dup-1');
    await paidCharge('ref-dup-2');
    await sandbox.runDue();
    expect(attempts()).toBe(4);
    for (const reference of ['ref-dup-1', 'ref-dup-2']) {
      const copies = sandbox.webhooks.deliveries.filter((attempt) => referenceOf(attempt.json) === reference);
      expect(copies).toHaveLength(2);
      expect(copies[1]?.rawBody).toBe(copies[0]?.rawBody);
      expect(deliveryIdOf(copies[1]?.json)).toBe(deliveryIdOf(copies[0]?.json));
      expect(copies[1]?.headers.get('x-webhook-signature')).toBe(
        copies[0]?.headers.get('x-webhook-signature'),
      );
    }
    expect((await deliveryLog('reference=ref-dup-1')).data[0]).toMatchObject({
      state: 'delivered',
      attempts: 1,
    });

    await setFaults({ duplicateDeliveries: false });
    await paidCharge('ref-single');
    await sandbox.runDue();
    expect(attempts()).toBe(5);
  });

  /** Two webhooks recorded 10 ms apart (verify settles a charge without sending), then sent together. */
  async function twoDueDeliveries() {
    await paidCharge('ref-older');
    expect((await sandbox.api('GET', '/payments/v1/payments/verify/ref-older')).json.data).toMatchObject({
      status: 'success',
    });
    await sandbox.clock.advance(10);
    await paidCharge('ref-newer');
    await sandbox.api('GET', '/payments/v1/payments/verify/ref-newer');
    expect(attempts()).toBe(0);
  }

  it('sends due deliveries oldest first by default', async () => {
    await twoDueDeliveries();
    await sandbox.runDue();
    expect(sandbox.webhooks.deliveries.map((attempt) => referenceOf(attempt.json))).toEqual([
      'ref-older',
      'ref-newer',
    ]);
  });

  it("sends different payments' deliveries side by side, and one payment's in order", async () => {
    const now = sandbox.clock.now();
    const due = (id: string, reference: string, offsetMs: number) =>
      insertRow(sandbox.store.db, 'sandbox_webhook_deliveries', {
        id,
        event: 'payment.completed',
        reference,
        url: TEST_WEBHOOK_URL,
        body: JSON.stringify({ id }),
        signature: 'unchecked-here',
        state: 'pending',
        attempts: 0,
        next_attempt_at: now,
        last_status: null,
        last_error: null,
        created_at: now - 100 + offsetMs,
        delivered_at: null,
      });
    await due('dlv-a1', 'ref-a', 0);
    await due('dlv-b1', 'ref-b', 1);
    await due('dlv-a2', 'ref-a', 2);
    // The receiver notes when each delivery starts and when its answer comes back.
    const seen: string[] = [];
    sandbox.sandbox.context.fetch = async (_url, init) => {
      const { id } = JSON.parse(String(init?.body)) as { id: string };
      seen.push(`${id} sent`);
      await Promise.resolve();
      seen.push(`${id} answered`);
      return new Response('ok');
    };
    await sandbox.runDue();
    // ref-b does not wait for ref-a's answer; ref-a's second delivery waits for its first.
    expect(seen.indexOf('dlv-b1 sent')).toBeLessThan(seen.indexOf('dlv-a1 answered'));
    expect(seen.indexOf('dlv-a2 sent')).toBeGreaterThan(seen.indexOf('dlv-a1 answered'));
    expect(seen).toHaveLength(6);
    const log = await deliveryLog('state=delivered');
    expect(log.data.map((delivery) => delivery.deliveryId).sort()).toEqual(['dlv-a1', 'dlv-a2', 'dlv-b1']);
  });

  it('outOfOrderDeliveries: sends due deliveries newest first', async () => {
    await twoDueDeliveries();
    await setFaults({ outOfOrderDeliveries: true });
    await sandbox.runDue();
    expect(sandbox.webhooks.deliveries.map((attempt) => referenceOf(attempt.json))).toEqual([
      'ref-newer',
      'ref-older',
    ]);
  });

  it('droppedDeliveries: due deliveries are given up unsent, and stay so once the fault is lifted', async () => {
    await twoDueDeliveries();
    await setFaults({ droppedDeliveries: true });
    await sandbox.runDue();
    expect(attempts()).toBe(0);
    await setFaults({ droppedDeliveries: false });
    await sandbox.runDue();
    expect(attempts()).toBe(0);
    const log = await deliveryLog('state=failed');
    expect(log.data.map((delivery) => delivery.lastError)).toEqual([
      'Dropped by fault injection',
      'Dropped by fault injection',
    ]);
  });

  it('errorRate 1: the provider API answers 500 ProviderError, the admin API still works', async () => {
    await setFaults({ errorRate: 1 });
    const injected = providerError(500, 'ProviderError', 'Injected fault: the upstream provider failed');

    const links = await sandbox.api('GET', '/payments/v1/payment-links');
    expect(links.status).toBe(500);
    expect(links.json).toEqual(injected);
    const charge = await sandbox.api('POST', '/payments/v1/payments/direct-charge', {
      provider: 'mtn-ci',
      amount: 10_000,
      reference: 'ref-faulted',
      customerInput: { phoneNumber: '2250700000001' },
    });
    expect(charge.json).toEqual(injected);
    expect((await sandbox.api('GET', '/billing/v1/wallets?country=CI&currency=XOF')).status).toBe(500);

    // Credentials are still checked first.
    expect(
      (await sandbox.api('GET', '/payments/v1/payment-links', undefined, { 'client-secret': 'wrong-secret' }))
        .status,
    ).toBe(401);
    // Nothing of the admin API is faulted.
    expect((await sandbox.api('GET', '/_admin/faults')).status).toBe(200);
    expect((await sandbox.api('GET', '/_admin/webhook-deliveries')).status).toBe(200);
    const link = await sandbox.api('POST', '/_admin/payment-links', {
      title: 'Made during an outage',
      isAmountFixed: false,
      currency: 'XOF',
      country: 'CI',
    });
    expect(link.status).toBe(201);

    expect((await setFaults({ errorRate: 0 })).status).toBe(200);
    expect((await sandbox.api('GET', '/payments/v1/payment-links')).status).toBe(200);
    // The faulted charge never reached the handler.
    expect((await sandbox.api('GET', '/payments/v1/payments/verify/ref-faulted')).status).toBe(404);
  });

  it('errorRate below 1: faults exactly the calls whose random draw falls under it', async () => {
    await setFaults({ errorRate: 0.25 });
    nextRandom = 0.2499;
    expect((await sandbox.api('GET', '/payments/v1/payment-links')).status).toBe(500);
    nextRandom = 0.25;
    expect((await sandbox.api('GET', '/payments/v1/payment-links')).status).toBe(200);
    nextRandom = 0.9;
    expect((await sandbox.api('GET', '/payments/v1/payment-links')).status).toBe(200);
  });

  it('latencyMs: an API call answers only once the clock has moved that far', async () => {
    await setFaults({ latencyMs: 2000 });
    let answered = false;
    const pending = sandbox.api('GET', '/payments/v1/payment-links').then((answer) => {
      answered = true;
      return answer;
    });
    await sandbox.clock.sleeping();

    // The admin API is not delayed.
    expect((await sandbox.api('GET', '/_admin/faults')).status).toBe(200);

    await sandbox.clock.advance(1999);
    expect(answered).toBe(false);
    expect(sandbox.clock.sleepers).toBe(1);
    await sandbox.clock.advance(1);
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.json.total).toBe(11);
    expect(sandbox.clock.sleepers).toBe(0);
  });

  it.each([
    ['an errorRate above 1', { errorRate: 2 }],
    ['a negative errorRate', { errorRate: -0.1 }],
    ['a negative latency', { latencyMs: -1 }],
    ['a fractional latency', { latencyMs: 1.5 }],
    ['a latency above two minutes', { latencyMs: 120_001 }],
    ['a non-boolean flag', { duplicateDeliveries: 'yes' }],
    ['an unknown fault', { surprise: true }],
    ['a JSON array', [{ errorRate: 1 }]],
  ])('refuses %s with 400 ValidationError and keeps the faults', async (_case, body) => {
    const answer = await setFaults(body as Record<string, unknown>);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual(providerError(400, 'ValidationError'));
    expect((await sandbox.api('GET', '/_admin/faults')).json.data).toEqual(NO_FAULTS);
  });

  it('refuses a faults body that is not JSON', async () => {
    const broken = await sandbox.api('PUT', '/_admin/faults', '{"errorRate": 1');
    expect(broken.json).toEqual(providerError(400, 'ValidationError', 'Request body is not valid JSON'));
    expect((await sandbox.api('GET', '/_admin/faults')).json.data).toEqual(NO_FAULTS);
  });
});
