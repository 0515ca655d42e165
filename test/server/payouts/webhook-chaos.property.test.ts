/**
 * Disbursement webhook chaos as a property (issue 6): fast-check generates payouts, each
 * with the provider's true final status, and a multiset of deliveries for each: processing updates,
 * retries of the final one (same deliveryId, or no id so `reference:status` deduplicates), stale
 * statuses, a conflicting later final, forged signatures, webhooks whose amount differs from the ledger,
 * and a receiver that was down (it stored a delivery and died before processing it; the provider
 * redelivers later). Deliveries may also never arrive: reconciliation then asks the provider. Every
 * order is allowed. After each delivery the payout's row must only have moved forward; at the end the
 * ledger must equal what a plain model of "the first final status delivered stands" says.
 *
 * fast-check picks the seed; a failure prints it (and the shrunk case) so `{ seed, path }` replays it.
 */
import fc from 'fast-check';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { reconcilePayouts } from '../../../server/payouts/reconcile.ts';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import {
  disbursementWebhook,
  ledgerRow,
  MERCHANT,
  paidOut,
  postDisbursementWebhook,
  validatedRecipient,
  type WebhookPayout,
} from './helpers.ts';

type Final = 'success' | 'failed';
type Status = 'processing' | Final;

/** One thing that reaches (or hits) our webhook endpoint, for payout number `payout` of the run. */
type Delivery =
  | { payout: number; kind: 'status'; status: Status; withId: boolean; completedAt: number | null }
  | { payout: number; kind: 'forged'; status: Status }
  | { payout: number; kind: 'wrong-amount'; status: Final; copy: number }
  /** Stored by a receiver that died before processing it: no answer, nothing applied. */
  | { payout: number; kind: 'stored-then-crashed'; status: Final; withId: boolean };

interface PayoutPlan {
  truth: Final;
  processing: boolean[];
  /** Deliveries of the true final status (each `withId` or not); none means it never arrived. */
  finals: boolean[];
  conflicting: boolean[];
  forged: Status[];
  wrongAmounts: Final[];
  crashes: boolean[];
}

const other = (status: Final): Final => (status === 'success' ? 'failed' : 'success');
const DESCRIPTIONS = {
  processing: 'Disbursement is being processed',
  success: 'Disbursement completed successfully',
  failed: 'Disbursement failed',
} as const;
/** Epoch seconds the provider stamps on a final status: the true one, and a later conflicting one. */
const trueCompletedAt = (index: number) => 1_795_341_660 + index * 10;
const conflictingCompletedAt = (index: number) => trueCompletedAt(index) + 5;

const planArbitrary: fc.Arbitrary<PayoutPlan> = fc.record({
  truth: fc.constantFrom<Final>('success', 'failed'),
  processing: fc.array(fc.boolean(), { maxLength: 3 }),
  finals: fc.array(fc.boolean(), { maxLength: 3 }),
  conflicting: fc.array(fc.boolean(), { maxLength: 1 }),
  forged: fc.array(fc.constantFrom<Status>('processing', 'success', 'failed'), { maxLength: 2 }),
  wrongAmounts: fc.array(fc.constantFrom<Final>('success', 'failed'), { maxLength: 1 }),
  crashes: fc.array(fc.boolean(), { maxLength: 1 }),
});

function deliveriesOf(plan: PayoutPlan, payout: number): Delivery[] {
  const truth = plan.truth;
  return [
    ...plan.processing.map((withId): Delivery => ({
      payout,
      kind: 'status',
      status: 'processing',
      withId,
      completedAt: null,
    })),
    ...plan.finals.map((withId): Delivery => ({
      payout,
      kind: 'status',
      status: truth,
      withId,
      completedAt: trueCompletedAt(payout),
    })),
    ...plan.conflicting.map((withId): Delivery => ({
      payout,
      kind: 'status',
      status: other(truth),
      withId,
      completedAt: conflictingCompletedAt(payout),
    })),
    ...plan.forged.map((status): Delivery => ({ payout, kind: 'forged', status })),
    ...plan.wrongAmounts.map((status, copy): Delivery => ({ payout, kind: 'wrong-amount', status, copy })),
    // A crash is followed, at some point, by the provider's redelivery of the same webhook.
    ...plan.crashes.flatMap((withId): Delivery[] => [
      { payout, kind: 'stored-then-crashed', status: truth, withId },
      { payout, kind: 'status', status: truth, withId, completedAt: trueCompletedAt(payout) },
    ]),
  ];
}

/** Payout plans and one order of all their deliveries, interleaved across payouts. */
const scenarioArbitrary = fc.array(planArbitrary, { minLength: 1, maxLength: 3 }).chain((plans) => {
  const all = plans.flatMap((plan, index) => deliveriesOf(plan, index));
  return fc
    .shuffledSubarray(all, { minLength: all.length, maxLength: all.length })
    .map((order) => ({ plans, order }));
});

/** The ledger a payout should end with: the first final status delivered stands. */
interface Expected {
  status: Status;
  final: boolean;
  completedAt: number | null;
  description: string;
}

function applyToModel(model: Expected, delivery: Delivery): void {
  if (delivery.kind !== 'status' || model.final || delivery.status === 'processing') return;
  model.status = delivery.status;
  model.final = true;
  model.completedAt = (delivery.completedAt ?? 0) * 1000;
  model.description = DESCRIPTIONS[delivery.status];
}

const rank = (status: string) => (status === 'processing' ? 0 : 1);

let t: AppFixture | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function runScenario({ plans, order }: { plans: PayoutPlan[]; order: Delivery[] }) {
  await t?.close();
  // The sandbox's own outcomes never come due: every status here is one the test delivers.
  const app = await startApp({ sandbox: { outcomeDelayMs: 30 * 86_400_000 } });
  t = app;
  const recipient = await validatedRecipient(app);
  const payouts: WebhookPayout[] = [];
  for (const [index] of plans.entries()) {
    const amount = 1_000 + index;
    const answer = await paidOut(app, { transferRecipientId: recipient, amount });
    payouts.push({ reference: answer.reference, providerReference: answer.providerReference, amount });
  }
  const models: Expected[] = plans.map(() => ({
    status: 'processing',
    final: false,
    completedAt: null,
    description: DESCRIPTIONS.processing,
  }));
  const history: { status: string; version: number; completedAt: number | null }[][] = plans.map(() => []);
  const storedCount = async () =>
    Number(
      (
        await app.store.db
          .selectFrom('provider_webhooks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  for (const delivery of order) {
    const payout = payouts[delivery.payout];
    const model = models[delivery.payout];
    if (!payout || !model) throw new Error('scenario refers to a payout it did not create');
    const before = await ledgerRow(app, payout.reference);
    if (delivery.kind === 'forged') {
      const storedBefore = await storedCount();
      const body = disbursementWebhook(app, payout, delivery.status);
      const res = await postDisbursementWebhook(app, body, signWebhook(body, 'not-the-secret'));
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('invalid_signature');
      expect(await ledgerRow(app, payout.reference)).toEqual(before);
      expect(await storedCount()).toBe(storedBefore);
    } else if (delivery.kind === 'wrong-amount') {
      const body = disbursementWebhook(app, { ...payout, amount: payout.amount + 1 }, delivery.status, {
        deliveryId: `dlv_${payout.reference}_tampered_${delivery.copy}`,
      });
      const res = await postDisbursementWebhook(app, body);
      expect(res.status).toBe(200);
      expect(res.json.data.outcome).toBe('mismatch');
      expect(await ledgerRow(app, payout.reference)).toEqual(before);
    } else if (delivery.kind === 'stored-then-crashed') {
      const deliveryId = delivery.withId ? `dlv_${payout.reference}_${delivery.status}` : null;
      await app.store.db
        .insertInto('provider_webhooks')
        .values({
          dedup_key: deliveryId ?? `${payout.reference}:${delivery.status}`,
          event: 'disbursement.status',
          reference: payout.reference,
          status: delivery.status,
          body: disbursementWebhook(app, payout, delivery.status, { deliveryId }),
          received_at: app.clock.now(),
          processed_at: null,
        })
        .onConflict((conflict) => conflict.column('dedup_key').doNothing())
        .execute();
      expect(await ledgerRow(app, payout.reference)).toEqual(before);
    } else {
      const body = disbursementWebhook(app, payout, delivery.status, {
        deliveryId: delivery.withId ? undefined : null,
        ...(delivery.completedAt === null ? {} : { completedAt: delivery.completedAt }),
      });
      const res = await postDisbursementWebhook(app, body);
      expect(res.status).toBe(200);
      applyToModel(model, delivery);
    }
    const after = await ledgerRow(app, payout.reference);
    history[delivery.payout]?.push({
      status: after.status,
      version: after.version,
      completedAt: after.completed_at,
    });
    await app.clock.advance(1_000);
  }

  // Finals that never arrived: the provider settles them, and reconciliation asks it.
  const forcedAt = app.clock.now();
  const admin = { 'client-id': app.config.clientId, 'client-secret': app.config.clientSecret };
  for (const [index, model] of models.entries()) {
    const payout = payouts[index];
    const plan = plans[index];
    if (model.final || !payout || !plan) continue;
    const forced = await app.request(
      'POST',
      `/sandbox/_admin/disbursements/${payout.providerReference}/status`,
      { status: plan.truth },
      admin,
    );
    expect(forced.status).toBe(200);
    Object.assign(model, {
      status: plan.truth,
      final: true,
      completedAt: Math.floor(forcedAt / 1000) * 1000,
      description: DESCRIPTIONS[plan.truth],
    });
  }
  await app.clock.advance(61_000);
  await reconcilePayouts({
    store: app.store,
    provider: app.provider,
    clock: app.clock,
    logger: pino({ level: 'silent' }),
  });

  // Forward only, step by step: never back to processing, never another final, never a second stamp.
  for (const steps of history) {
    for (const [index, step] of steps.entries()) {
      const previous = steps[index - 1];
      if (!previous) continue;
      expect(rank(step.status)).toBeGreaterThanOrEqual(rank(previous.status));
      expect(step.version).toBeGreaterThanOrEqual(previous.version);
      if (rank(previous.status) === 1) expect(step).toEqual(previous);
    }
  }

  // The ledger, as the merchant reads it, equals the model.
  const list = await app.request('GET', '/api/v1/payouts?limit=100', undefined, MERCHANT);
  expect(list.status).toBe(200);
  for (const [index, model] of models.entries()) {
    const payout = payouts[index];
    if (!payout) continue;
    const listed = (list.json.data as { reference: string }[]).find(
      (item) => item.reference === payout.reference,
    );
    expect(listed).toMatchObject({
      status: model.status,
      final: model.final,
      statusDescription: model.description,
      completedAt: new Date(model.completedAt ?? 0).toISOString(),
      providerReference: payout.providerReference,
      amount: payout.amount,
    });
    expect(await ledgerRow(app, payout.reference)).toMatchObject({
      status: model.status,
      final: 1,
      completed_at: model.completedAt,
    });
  }
}

describe('disbursement webhooks: any order, duplication and loss ends in the expected ledger', () => {
  it('holds for generated payouts and delivery orders', async () => {
    await fc.assert(fc.asyncProperty(scenarioArbitrary, runScenario), { numRuns: 60 });
  }, 60_000);
});
