/**
 * POST /webhooks/disbursements under chaos: bad signatures, duplicates, reordering,
 * deliveries without a `deliveryId`, unknown payouts, a receiver that was down; and, over every order of
 * a three-delivery sequence, the same ledger at the end.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import {
  disbursementWebhook,
  ledgerRow,
  paidOut,
  postDisbursementWebhook,
  validatedRecipient,
  type WebhookPayout,
} from './helpers.ts';

let t: AppFixture;
afterEach(() => {
  vi.restoreAllMocks();
  return t.close();
});

const ADMIN = () => ({ 'client-id': t.config.clientId, 'client-secret': t.config.clientSecret });
const stored = (reference: string) =>
  t.store.db
    .selectFrom('provider_webhooks')
    .selectAll()
    .where('reference', '=', reference)
    .orderBy('received_at')
    .execute();

/** A processing payout of XOF 10,000 whose own sandbox webhooks are left undelivered. */
async function openPayout(): Promise<WebhookPayout> {
  const recipient = await validatedRecipient(t);
  const payout = await paidOut(t, { transferRecipientId: recipient, amount: 10_000 });
  return { reference: payout.reference, providerReference: payout.providerReference, amount: 10_000 };
}

/** The ledger as the merchant would see it, without asking the provider. */
async function ledger(reference: string) {
  const row = await ledgerRow(t, reference);
  return {
    status: row.status,
    final: row.final,
    description: row.status_description,
    completedAt: row.completed_at,
    providerReference: row.provider_reference,
  };
}

describe('disbursement webhooks', () => {
  it('a forged, unsigned or re-serialised webhook is 401 invalid_signature and changes nothing', async () => {
    t = await startApp();
    const payout = await openPayout();
    const body = disbursementWebhook(t, payout, 'success');
    for (const signature of [
      signWebhook(body, 'not-the-secret'),
      null,
      'zz',
      signWebhook(`${body} `, t.config.clientSecret),
    ]) {
      const res = await postDisbursementWebhook(t, body, signature);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({
        statusCode: 401,
        error: { code: 'invalid_signature', message: 'The webhook signature does not match' },
      });
    }
    expect(await stored(payout.reference)).toEqual([]);
    expect((await ledger(payout.reference)).status).toBe('processing');
  });

  it('accepts the previous secret during a rotation, over the exact bytes', async () => {
    t = await startApp({ env: { PAY_CLIENT_SECRET_PREVIOUS: 'sk_the_old_secret_0123' } });
    const payout = await openPayout();
    const body = JSON.stringify(JSON.parse(disbursementWebhook(t, payout, 'success')), null, 2);
    const res = await postDisbursementWebhook(t, body, signWebhook(body, 'sk_the_old_secret_0123'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ statusCode: 200, data: { received: true, outcome: 'applied' } });
    expect((await stored(payout.reference))[0]?.body).toBe(body);
    expect(await ledger(payout.reference)).toMatchObject({
      status: 'success',
      final: 1,
      completedAt: 1_795_341_660_000,
    });
  });

  it('stores a webhook for a payout we do not know and answers 200', async () => {
    t = await startApp();
    const reference = `po_${'f'.repeat(32)}`;
    const body = disbursementWebhook(
      t,
      { reference, providerReference: 'DSB-unknown', amount: 500 },
      'success',
    );
    const res = await postDisbursementWebhook(t, body);
    expect(res.status).toBe(200);
    expect(res.json.data.outcome).toBe('unknown_payout');
    expect(await stored(reference)).toMatchObject([
      {
        dedup_key: `dlv_${reference}_success`,
        event: 'disbursement.status',
        status: 'success',
        body,
        processed_at: expect.any(Number),
      },
    ]);
    expect(
      t.logs.some((line) => line.msg === 'disbursement webhook for a payout we do not know; stored'),
    ).toBe(true);
  });

  it('a signed body that is not a disbursement webhook is 400, never 5xx', async () => {
    t = await startApp();
    for (const body of [
      'not json',
      '{}',
      JSON.stringify({ event: 'payment.completed', clientId: 'x', data: {} }),
      '\u00ff\u00fe',
    ]) {
      const res = await postDisbursementWebhook(t, body);
      expect(res.status).toBe(400);
      expect(res.json.error.code).toBe('validation_failed');
    }
  });

  it('duplicates are acknowledged and applied once, by deliveryId or else by reference and status', async () => {
    t = await startApp();
    await t.request('PUT', '/sandbox/_admin/faults', { duplicateDeliveries: true }, ADMIN());
    const payout = await openPayout();
    await t.settle();
    expect((await stored(payout.reference)).map((hook) => hook.status)).toEqual(['processing', 'success']);
    expect(
      t.logs.filter((line) => line.msg === 'disbursement webhook: duplicate delivery ignored'),
    ).toHaveLength(2);
    const row = await ledgerRow(t, payout.reference);
    expect(row).toMatchObject({ status: 'success', final: 1 });
    // Without a deliveryId, our reference + status deduplicates.
    const bare = disbursementWebhook(t, payout, 'success', { deliveryId: null });
    expect((await postDisbursementWebhook(t, bare)).json.data.outcome).toBe('unchanged');
    expect((await postDisbursementWebhook(t, bare)).json.data.outcome).toBe('duplicate');
    expect((await ledgerRow(t, payout.reference)).version).toBe(row.version);
  });

  it('reordered deliveries never move a final payout back (success, then processing)', async () => {
    t = await startApp();
    await t.request('PUT', '/sandbox/_admin/faults', { outOfOrderDeliveries: true }, ADMIN());
    const payout = await openPayout();
    await t.settle();
    const hooks = await t.store.db
      .selectFrom('sandbox_webhook_deliveries')
      .select(['state'])
      .where('reference', '=', payout.providerReference)
      .execute();
    expect(hooks.map((hook) => hook.state)).toEqual(['delivered', 'delivered']);
    expect(await ledger(payout.reference)).toMatchObject({
      status: 'success',
      final: 1,
      description: 'Disbursement completed successfully',
    });
    // And by hand: a late processing after success is stored, acknowledged, and changes nothing.
    const late = await postDisbursementWebhook(
      t,
      disbursementWebhook(t, payout, 'processing', { deliveryId: 'dlv_late' }),
    );
    expect(late.json.data.outcome).toBe('unchanged');
    expect((await ledger(payout.reference)).status).toBe('success');
  });

  it('the first final status stands: a later failed is logged as a conflict', async () => {
    t = await startApp();
    const payout = await openPayout();
    await postDisbursementWebhook(t, disbursementWebhook(t, payout, 'success'));
    const conflicting = await postDisbursementWebhook(t, disbursementWebhook(t, payout, 'failed'));
    expect(conflicting.json.data.outcome).toBe('unchanged');
    expect((await ledger(payout.reference)).status).toBe('success');
    expect(
      t.logs.find((line) => line.msg === 'disbursement webhook: conflicting final status; keeping the stored one'),
    ).toMatchObject({ stored: 'success', reported: 'failed' });
  });

  it('a webhook whose amount differs from the ledger is stored but not applied', async () => {
    t = await startApp();
    const payout = await openPayout();
    const res = await postDisbursementWebhook(t, disbursementWebhook(t, { ...payout, amount: 1 }, 'success'));
    expect(res.json.data.outcome).toBe('mismatch');
    expect((await ledger(payout.reference)).status).toBe('processing');
  });

  it('a receiver that was down gets the webhook on the sandbox retry', async () => {
    t = await startApp();
    const payout = await openPayout();
    // The sandbox's webhooks reach the app through its fetch (in-process, as in main.ts).
    const reach = t.app.fetch.bind(t.app);
    const down = vi.spyOn(t.app, 'fetch').mockImplementation(async (request, ...rest) => {
      if (new URL(request.url).pathname.startsWith('/webhooks/disbursements'))
        return new Response('down for maintenance', { status: 503 });
      return reach(request, ...rest);
    });
    await t.settle();
    const deliveries = () =>
      t.store.db
        .selectFrom('sandbox_webhook_deliveries')
        .select(['state', 'attempts'])
        .where('reference', '=', payout.providerReference)
        .orderBy('created_at')
        .execute();
    expect(await deliveries()).toEqual([
      { state: 'pending', attempts: 1 },
      { state: 'pending', attempts: 1 },
    ]);
    expect(await stored(payout.reference)).toEqual([]);
    expect((await ledger(payout.reference)).status).toBe('processing');

    down.mockRestore();
    await t.clock.advance(2_000); // the sandbox's first backoff
    await t.settle();
    expect(await deliveries()).toEqual([
      { state: 'delivered', attempts: 2 },
      { state: 'delivered', attempts: 2 },
    ]);
    expect(await ledger(payout.reference)).toMatchObject({ status: 'success', final: 1 });
  });
});

/** Every order of a list (n! of them). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]),
  );
}

describe('any order and duplication of deliveries ends in the same ledger', () => {
  // fast-check is not installed here; three deliveries have 6 orders, all of which are checked.
  const sequences = {
    success: ['processing', 'success', 'success-again'],
    failed: ['processing', 'failed', 'failed-again'],
    'success with a stale processing': ['processing', 'processing-again', 'success'],
  } as const;

  for (const [name, deliveries] of Object.entries(sequences)) {
    it(`${name}: all ${permutations(deliveries).length} orders agree`, async () => {
      t = await startApp();
      const endings = new Set<string>();
      for (const order of permutations(deliveries)) {
        const payout = await openPayout();
        for (const delivery of order) {
          const status = delivery.replace('-again', '') as 'processing' | 'success' | 'failed';
          // A repeat is the provider's retry of the same delivery: same deliveryId, same bytes.
          const res = await postDisbursementWebhook(t, disbursementWebhook(t, payout, status));
          expect(res.status).toBe(200);
        }
        const end = await ledger(payout.reference);
        endings.add(
          JSON.stringify({ ...end, providerReference: end.providerReference === payout.providerReference }),
        );
      }
      expect(endings.size).toBe(1);
      const [only] = [...endings];
      const final = deliveries.includes('failed' as never) ? 'failed' : 'success';
      expect(JSON.parse(only ?? '{}')).toEqual({
        status: final,
        final: 1,
        description: final === 'success' ? 'Disbursement completed successfully' : 'Disbursement failed',
        completedAt: 1_795_341_660_000,
        providerReference: true,
      });
    });
  }
});
