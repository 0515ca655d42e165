/**
 * Collection webhook chaos as a property (issue 6): fast-check generates
 * payments (waiting for the payer's OTP, or processing) and, for each, a multiset of deliveries:
 * pending/success/failed webhooks with and without a deliveryId (retries and duplicates), a success for
 * another amount, forged signatures, a signed body with a status the provider does not send, a receiver
 * that stored a delivery and crashed before processing it (the provider redelivers later), reads by the
 * payer and time passing beyond the payer's step. Every order is allowed. After each step the payment
 * must only have moved forward; at the end its status and flag must be what the lifecycle says: the
 * first final status stands, except that a provider success still wins over `expired` (flagged
 * `late_success`); a success for another amount is no success (`failed`, flagged `amount_mismatch`); a
 * later, different final is kept out and flagged `conflicting_final`.
 *
 * The payments use sandbox phones whose charge never ends on its own (`03`: processing; `00`: waiting
 * for an OTP), so every status comes from the deliveries. fast-check picks the seed and prints it.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, get, paymentRow } from './helpers.ts';

type WebhookStatus = 'pending' | 'success' | 'failed';
type Final = 'success' | 'failed';

type Step =
  | { payment: number; kind: 'webhook'; status: WebhookStatus; withId: boolean }
  | { payment: number; kind: 'wrong-amount'; copy: number }
  | { payment: number; kind: 'forged'; status: WebhookStatus }
  | { payment: number; kind: 'unknown-status' }
  | { payment: number; kind: 'stored-then-crashed'; status: Final; withId: boolean }
  | { payment: number; kind: 'read' }
  /** The payer's 10 minutes for the OTP run out (for every payment of the run). */
  | { payment: number; kind: 'time-passes' };

interface PaymentPlan {
  start: 'pending' | 'processing';
  successes: boolean[];
  failures: boolean[];
  pendings: boolean[];
  wrongAmounts: number;
  forged: WebhookStatus[];
  unknownStatus: number;
  crashes: { status: Final; withId: boolean }[];
  reads: number;
  timePasses: number;
}

const AMOUNT = 15_000; // lnk_fixed_ci
const statusArbitrary = fc.constantFrom<WebhookStatus>('pending', 'success', 'failed');
const planArbitrary: fc.Arbitrary<PaymentPlan> = fc.record({
  start: fc.constantFrom<'pending' | 'processing'>('pending', 'processing'),
  successes: fc.array(fc.boolean(), { maxLength: 3 }),
  failures: fc.array(fc.boolean(), { maxLength: 2 }),
  pendings: fc.array(fc.boolean(), { maxLength: 2 }),
  wrongAmounts: fc.integer({ min: 0, max: 1 }),
  forged: fc.array(statusArbitrary, { maxLength: 2 }),
  unknownStatus: fc.integer({ min: 0, max: 1 }),
  crashes: fc.array(
    fc.record({ status: fc.constantFrom<Final>('success', 'failed'), withId: fc.boolean() }),
    { maxLength: 1 },
  ),
  reads: fc.integer({ min: 0, max: 2 }),
  timePasses: fc.integer({ min: 0, max: 1 }),
});

const times = <T>(count: number, make: (index: number) => T): T[] =>
  Array.from({ length: count }, (_, i) => make(i));

function stepsOf(plan: PaymentPlan, payment: number): Step[] {
  const webhooks = (status: WebhookStatus, ids: boolean[]) =>
    ids.map((withId): Step => ({ payment, kind: 'webhook', status, withId }));
  return [
    ...webhooks('success', plan.successes),
    ...webhooks('failed', plan.failures),
    ...webhooks('pending', plan.pendings),
    ...times(plan.wrongAmounts, (copy): Step => ({ payment, kind: 'wrong-amount', copy })),
    ...plan.forged.map((status): Step => ({ payment, kind: 'forged', status })),
    ...times(plan.unknownStatus, (): Step => ({ payment, kind: 'unknown-status' })),
    // A crash is followed, at some point, by the provider's redelivery of the same webhook.
    ...plan.crashes.flatMap(({ status, withId }): Step[] => [
      { payment, kind: 'stored-then-crashed', status, withId },
      { payment, kind: 'webhook', status, withId },
    ]),
    ...times(plan.reads, (): Step => ({ payment, kind: 'read' })),
    ...times(plan.timePasses, (): Step => ({ payment, kind: 'time-passes' })),
  ];
}

const scenarioArbitrary = fc.array(planArbitrary, { minLength: 1, maxLength: 3 }).chain((plans) => {
  const all = plans.flatMap((plan, index) => stepsOf(plan, index));
  return fc
    .shuffledSubarray(all, { minLength: all.length, maxLength: all.length })
    .map((order) => ({ plans, order }));
});

/** The payment lifecycle as a model: status and flag of one payment. */
interface Model {
  status: string;
  flag: string | null;
}
const isFinal = (status: string) => ['success', 'failed', 'expired', 'cancelled'].includes(status);

function webhookIntoModel(model: Model, status: WebhookStatus, amountMatches: boolean): void {
  if (status === 'pending') return;
  const mismatch = status === 'success' && !amountMatches;
  if (!isFinal(model.status)) {
    if (mismatch) Object.assign(model, { status: 'failed', flag: 'amount_mismatch' });
    else model.status = status;
    return;
  }
  if (mismatch) {
    model.flag = 'amount_mismatch';
    return;
  }
  const lapsed = model.status === 'expired' || model.status === 'cancelled';
  if (status === model.status || (lapsed && status === 'failed')) return;
  if (lapsed) Object.assign(model, { status: 'success', flag: 'late_success' });
  else model.flag = 'conflicting_final';
}

const rank = (status: string) => (status === 'pending' ? 0 : status === 'processing' ? 1 : 2);

let t: AppFixture | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

function webhookBody(
  app: AppFixture,
  reference: string,
  status: string,
  options: { deliveryId: string | null; amount?: number },
) {
  return JSON.stringify({
    event: status === 'failed' ? 'payment.failed' : 'payment.completed',
    clientId: app.config.clientId,
    ...(options.deliveryId === null ? {} : { deliveryId: options.deliveryId }),
    data: {
      reference,
      amount: options.amount ?? AMOUNT,
      currency: 'XOF',
      provider: 'mtn-ci',
      channel: 'mobile-money',
      status,
      charge: 150,
      paidAt: status === 'success' ? 1_795_341_600 : null,
    },
  });
}

async function runScenario({ plans, order }: { plans: PaymentPlan[]; order: Step[] }) {
  await t?.close();
  const app = await startApp();
  t = app;
  const payments: { reference: string; token: string }[] = [];
  for (const [index, plan] of plans.entries()) {
    // `00` waits for an OTP (pending); `03` is processing and never ends by itself. A number each: one
    // wallet waiting on its phone refuses a second prompt.
    const phone = `+2250700${String(index).padStart(4, '0')}${plan.start === 'pending' ? '00' : '03'}`;
    const { reference, token, payment } = await created(app, fixedCiPayment(phone));
    expect(payment.status).toBe(plan.start);
    payments.push({ reference, token });
  }
  const models: Model[] = plans.map((plan) => ({ status: plan.start, flag: null }));
  const history: string[][] = plans.map(() => []);
  let lapsed = false;
  // Deduplication is part of the contract: a delivery already processed is never applied again.
  const processed = new Set<string>();
  const intoModel = (model: Model, key: string, status: WebhookStatus, amountMatches: boolean) => {
    if (processed.has(key)) return;
    processed.add(key);
    webhookIntoModel(model, status, amountMatches);
  };
  const post = (body: string, signature = signWebhook(body, app.config.clientSecret)) =>
    app.request('POST', '/webhooks/payments', body, { 'x-webhook-signature': signature });
  const idFor = (reference: string, status: string, withId: boolean) =>
    withId ? `dlv_${reference}_${status}` : null;

  for (const step of order) {
    const payment = payments[step.payment];
    const model = models[step.payment];
    if (!payment || !model) throw new Error('scenario refers to a payment it did not create');
    const { reference, token } = payment;
    const before = await paymentRow(app, reference);
    switch (step.kind) {
      case 'webhook': {
        const body = webhookBody(app, reference, step.status, {
          deliveryId: idFor(reference, step.status, step.withId),
        });
        expect((await post(body)).status).toBe(200);
        const key = idFor(reference, step.status, step.withId) ?? `${reference}:${step.status}`;
        intoModel(model, key, step.status, true);
        break;
      }
      case 'wrong-amount': {
        const body = webhookBody(app, reference, 'success', {
          deliveryId: `dlv_${reference}_tampered_${step.copy}`,
          amount: AMOUNT - 1,
        });
        expect((await post(body)).status).toBe(200);
        intoModel(model, `dlv_${reference}_tampered_${step.copy}`, 'success', false);
        break;
      }
      case 'forged': {
        const body = webhookBody(app, reference, step.status, {
          deliveryId: `dlv_${reference}_${step.status}`,
        });
        const res = await post(body, signWebhook(body, 'not-the-secret'));
        expect(res.status).toBe(401);
        expect(res.json.error.code).toBe('invalid_signature');
        expect(await paymentRow(app, reference)).toEqual(before);
        break;
      }
      case 'unknown-status': {
        const res = await post(
          webhookBody(app, reference, 'processing', { deliveryId: `dlv_${reference}_x` }),
        );
        expect(res.status).toBe(400);
        expect(await paymentRow(app, reference)).toEqual(before);
        break;
      }
      case 'stored-then-crashed': {
        const deliveryId = idFor(reference, step.status, step.withId);
        await app.store.db
          .insertInto('provider_webhooks')
          .values({
            dedup_key: deliveryId ?? `${reference}:${step.status}`,
            event: step.status === 'failed' ? 'payment.failed' : 'payment.completed',
            reference,
            status: step.status,
            body: webhookBody(app, reference, step.status, { deliveryId }),
            received_at: app.clock.now(),
            processed_at: null,
          })
          .onConflict((conflict) => conflict.column('dedup_key').doNothing())
          .execute();
        expect(await paymentRow(app, reference)).toEqual(before);
        break;
      }
      case 'read': {
        expect((await get(app, reference, token)).status).toBe(200);
        if (lapsed && model.status === 'pending') model.status = 'expired';
        break;
      }
      case 'time-passes': {
        if (!lapsed) await app.clock.advance(10 * 60_000);
        lapsed = true;
        break;
      }
    }
    history[step.payment]?.push((await paymentRow(app, reference)).status);
    await app.clock.advance(1_000);
  }

  for (const [index, model] of models.entries()) {
    const payment = payments[index];
    if (!payment) continue;
    // Forward only: pending -> processing -> final; a final changes only from expired/cancelled to success.
    const steps = history[index] ?? [];
    for (const [position, status] of steps.entries()) {
      const previous = steps[position - 1];
      if (previous === undefined) continue;
      expect(rank(status)).toBeGreaterThanOrEqual(rank(previous));
      if (isFinal(previous) && status !== previous) {
        expect(['expired', 'cancelled']).toContain(previous);
        expect(status).toBe('success');
      }
    }
    // The payer's last read: it also expires a payment still waiting once its time has passed.
    const read = await get(app, payment.reference, payment.token);
    if (lapsed && model.status === 'pending') model.status = 'expired';
    expect(read.json.data.status).toBe(model.status);
    expect(await paymentRow(app, payment.reference)).toMatchObject({
      status: model.status,
      flag: model.flag,
    });
  }
}

describe('payment webhooks: any order and duplication ends in the status the lifecycle says', () => {
  it('holds for generated payments and delivery orders', async () => {
    await fc.assert(fc.asyncProperty(scenarioArbitrary, runScenario), { numRuns: 60 });
  }, 60_000);
});
