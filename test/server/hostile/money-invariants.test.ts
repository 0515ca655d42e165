/**
 * The money invariants as properties, over two instances sharing one PostgreSQL database and one
 * provider (two-instance-world.ts). fast-check generates what payers, the provider and time do, in any
 * order: payments created on a checkout session and on a link with an amount limit (through either
 * instance, with the sandbox's phone endings choosing the provider's path), right and wrong codes,
 * bursts of concurrent wrong codes, cancels through our API, decisions on the provider's page followed
 * (or not) by the payer's return, the provider's outcomes and webhooks (delivered to either instance,
 * duplicated, reordered, late), local expiry as the clock moves, and reconciliation rounds. Then the
 * provider finishes what it started, every webhook not yet delivered arrives, and each instance
 * reconciles. Whatever happened:
 *
 * (a) a checkout session has at most one success that is not flagged as a duplicate;
 * (b) a link never collects more than its amountLimit in successes not flagged as over the limit or
 *     a duplicate;
 * (c) no success is lost: every charge the provider completed is a success in our store;
 * (d) every flagged payment is visible to the merchant: in GET /api/v1/payments with its flag, and in a
 *     merchant notification that carries the flag.
 * And no request is answered 500.
 *
 * A failure prints fast-check's seed and the shrunk list of steps (replay with `{ seed, path }`).
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_WRONG_CODES } from '../../../server/payments/lifecycle.ts';
import { freshPostgresDatabase, postgresUrl, type FreshDatabase } from '../postgres.ts';
import { MERCHANT_AUTH, openWorld, type Answer, type Instance, type World } from './two-instance-world.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

/** A second success on one session, or a success past a link's limit, must carry one of these. */
const EXCESS_FLAGS = ['duplicate', 'over_limit'];
/** One payment takes the whole limit, as in the reported overshoots: any second success overshoots. */
const LINK_AMOUNT = 20_000;
const LINK_LIMIT = 20_000;
const SESSION_AMOUNT = 10_000;
const RIGHT_OTP = '123456';
const WRONG_OTP = '000000';
/** Generated runs per property, after the known examples: keeps the file at about half a minute. */
const NUM_RUNS = 20;

/** The sandbox's magic phone endings (docs/sandbox.md#magic-values). */
const PHONES = {
  otp: '+2250700000000', // OTP 123456 -> processing -> success
  phone: '+2250700000001', // approved on the phone: processing -> success
  fails: '+2250700000004', // processing -> failed (insufficient funds)
  page: '+2250700000008', // the provider's own page: approve / decline / cancel
} as const;
type Phone = keyof typeof PHONES;

type On = 0 | 1;
type Step =
  | { kind: 'create'; on: On; target: 'link' | 'session'; phone: Phone }
  | { kind: 'confirm'; on: On; payment: number; right: boolean }
  /** Wrong codes sent at once through both instances; the provider answers in the scheduler's order. */
  | { kind: 'burst'; payment: number; codes: number }
  /** The payer (or anyone with the token) cancels through our API, whatever the provider's page says. */
  | { kind: 'cancel'; on: On; payment: number }
  /** A decision on the provider's page; then the payer comes back to the widget, or never does. */
  | { kind: 'page'; payment: number; decision: 'approve' | 'decline' | 'cancel'; back: On | null }
  | { kind: 'read'; on: On; payment: number }
  /** A payer opens the link's page (the instance reads, and caches, the link). */
  | { kind: 'open'; on: On }
  | { kind: 'provider-settles' }
  | { kind: 'webhook'; on: On; delivery: number; copies: 1 | 2 }
  | { kind: 'time'; minutes: 1 | 11 | 31 }
  | { kind: 'reconcile'; on: On };

const on = fc.constantFrom<On>(0, 1);
const payment = fc.nat({ max: 5 });
const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      on,
      target: fc.constantFrom('link' as const, 'session' as const),
      phone: fc.constantFrom<Phone>('otp', 'phone', 'fails', 'page'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('confirm' as const), on, payment, right: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      payment,
      codes: fc.integer({ min: 2, max: 8 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), on, payment }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('page' as const),
      payment,
      decision: fc.constantFrom('approve' as const, 'decline' as const, 'cancel' as const),
      back: fc.constantFrom<On | null>(0, 1, null),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('read' as const), on, payment }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('open' as const), on }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('provider-settles' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('webhook' as const),
      on,
      delivery: fc.nat({ max: 7 }),
      copies: fc.constantFrom<1 | 2>(1, 2),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('time' as const),
      minutes: fc.constantFrom<1 | 11 | 31>(1, 11, 31),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reconcile' as const), on }) },
);

/**
 * What was reported against the code, step by step: every property runs these before generated ones,
 * so each known way in stays covered whatever fast-check draws.
 */
const KNOWN: Step[][] = [
  // Two tabs on one cart: both payments are approved on the phone.
  [
    { kind: 'create', on: 0, target: 'session', phone: 'phone' },
    { kind: 'create', on: 1, target: 'session', phone: 'phone' },
  ],
  // The whole limit through the provider's page, cancelled through our API; another payer is admitted
  // and pays; then the first page is approved.
  [
    { kind: 'create', on: 0, target: 'link', phone: 'page' },
    { kind: 'cancel', on: 0, payment: 0 },
    { kind: 'create', on: 1, target: 'link', phone: 'phone' },
    { kind: 'provider-settles' },
    { kind: 'page', payment: 0, decision: 'approve', back: null },
  ],
  // The same after a local expiry: the page is approved after our 30 minutes.
  [
    { kind: 'create', on: 0, target: 'link', phone: 'page' },
    { kind: 'time', minutes: 31 },
    { kind: 'read', on: 0, payment: 0 },
    { kind: 'create', on: 1, target: 'link', phone: 'phone' },
    { kind: 'provider-settles' },
    { kind: 'page', payment: 0, decision: 'approve', back: 0 },
  ],
  // B has the link cached; the whole limit is paid through A; B admits another payment of it.
  [
    { kind: 'open', on: 1 },
    { kind: 'create', on: 0, target: 'link', phone: 'phone' },
    { kind: 'provider-settles' },
    { kind: 'webhook', on: 0, delivery: 0, copies: 1 },
    { kind: 'create', on: 1, target: 'link', phone: 'phone' },
  ],
  // Eight wrong codes at once, through both instances.
  [
    { kind: 'create', on: 0, target: 'session', phone: 'otp' },
    { kind: 'burst', payment: 0, codes: 8 },
  ],
];
/** A scheduler for the known examples (fast-check draws one for generated runs). */
const exampleScheduler = () => fc.sample(fc.scheduler(), { numRuns: 1, seed: 23 })[0] as fc.Scheduler;

interface Made {
  reference: string;
  token: string;
  /** The provider's page, for a payment that was sent there (it stays open whatever we decide). */
  page?: string;
}

describe.skipIf(!postgresUrl)('money invariants on two instances sharing one PostgreSQL', () => {
  let database: FreshDatabase;
  let world: World;
  let run = 0;
  beforeAll(async () => {
    database = await freshPostgresDatabase();
    world = await openWorld(database.url);
  }, 60_000);
  afterAll(async () => {
    await world?.close();
    await database?.drop();
  });

  /** Every answer of the run, checked for crashes at the end (a 500 is never a legal answer). */
  let answers: { step: string; status: number; body: unknown }[] = [];
  const noted = async (step: string, pending: Promise<Answer>): Promise<Answer> => {
    const answer = await pending;
    answers.push({ step, status: answer.status, body: answer.json });
    return answer;
  };

  async function newLink(): Promise<string> {
    const id = `lnk_prop_${(run += 1)}_${randomUUID().slice(0, 8)}`;
    const res = await world.sandboxCall('POST', '/_admin/payment-links', {
      id,
      title: 'Property: limited link',
      isAmountFixed: true,
      amount: LINK_AMOUNT,
      amountLimit: LINK_LIMIT,
      currency: 'XOF',
      country: 'CI',
      isAnonymousPaymentEnabled: true,
    });
    if (res.status !== 201) throw new Error(`link not created: ${JSON.stringify(res.json)}`);
    return id;
  }

  async function newSession(a: Instance): Promise<string> {
    const res = await a.request(
      'POST',
      '/api/v1/sessions',
      { amount: SESSION_AMOUNT, currency: 'XOF', country: 'CI' },
      MERCHANT_AUTH,
    );
    if (res.status !== 201) throw new Error(`session not created: ${JSON.stringify(res.json)}`);
    return String(res.json.data.id);
  }

  async function runSteps(steps: Step[], scheduler: fc.Scheduler): Promise<Outcome> {
    answers = [];
    const instances = world.startInstances();
    const [a] = instances;
    const link = await newLink();
    const session = await newSession(a);
    const made: Made[] = [];
    const mailboxStart = world.mailbox.length;
    const callsStart = world.providerCalls.length;
    const delivered = new Set<number>();
    const ours = () => new Set(made.map((m) => m.reference));
    /** This run's webhooks, in the order the provider sent them. */
    const mail = () =>
      world.mailbox
        .map((webhook, index) => ({ webhook, index }))
        .slice(mailboxStart)
        .filter(({ webhook }) => ours().has(webhook.reference));
    const pick = (index: number) => made[index % Math.max(1, made.length)];
    const token = (m: Made) => ({ 'Payment-Token': m.token });

    for (const step of steps) {
      const label = JSON.stringify(step);
      switch (step.kind) {
        case 'create': {
          const body = {
            ...(step.target === 'link' ? { link } : { session }),
            customer: {},
            fields: {},
            method: { kind: 'direct', provider: 'mtn-ci', phoneNumber: PHONES[step.phone] },
          };
          const res = await noted(
            label,
            instances[step.on].request('POST', '/api/v1/payments', body, { 'Idempotency-Key': randomUUID() }),
          );
          if (res.status === 201) {
            const { payment: created, token: secret } = res.json.data;
            made.push({ reference: created.reference, token: secret, page: created.redirectUrl });
          }
          break;
        }
        case 'confirm': {
          const m = pick(step.payment);
          if (!m) break;
          const otp = step.right ? RIGHT_OTP : WRONG_OTP;
          await noted(
            label,
            instances[step.on].request('POST', `/api/v1/payments/${m.reference}/confirm`, { otp }, token(m)),
          );
          break;
        }
        case 'burst': {
          const m = pick(step.payment);
          if (!m) break;
          // Distinct wrong codes, so none is a replay of the one before.
          const confirms = Array.from({ length: step.codes }, (_, i) =>
            noted(
              label,
              instances[(i % 2) as On].request(
                'POST',
                `/api/v1/payments/${m.reference}/confirm`,
                { otp: String(100_000 + i) },
                token(m),
              ),
            ),
          );
          world.scheduler = scheduler;
          try {
            await scheduler.waitFor(Promise.all(confirms));
          } finally {
            world.scheduler = null;
          }
          break;
        }
        case 'cancel': {
          const m = pick(step.payment);
          if (!m) break;
          await noted(
            label,
            instances[step.on].request('POST', `/api/v1/payments/${m.reference}/cancel`, undefined, token(m)),
          );
          break;
        }
        case 'page': {
          const m = pick(step.payment);
          if (!m?.page) break;
          const checkoutId = new URL(m.page).pathname.split('/').at(-1) ?? '';
          // As the payer's browser does: open the page (its CSRF cookie and token), then decide.
          const decided = await submitHostedPage(
            (url, init) => world.sandbox.app.request(url, init),
            `/checkout/${checkoutId}`,
            { decision: step.decision },
          );
          // A page already decided answers 409; a refused form (403) would leave this step untested.
          expect([200, 303, 409]).toContain(decided.status);
          if (step.back === null) break;
          // Back on the shop's page, the widget cancels after the page's cancel, else reads the payment.
          const path = `/api/v1/payments/${m.reference}${step.decision === 'cancel' ? '/cancel' : ''}`;
          await noted(
            label,
            instances[step.back].request(
              step.decision === 'cancel' ? 'POST' : 'GET',
              path,
              undefined,
              token(m),
            ),
          );
          break;
        }
        case 'read': {
          const m = pick(step.payment);
          if (!m) break;
          await noted(
            label,
            instances[step.on].request('GET', `/api/v1/payments/${m.reference}`, undefined, token(m)),
          );
          break;
        }
        case 'open':
          await noted(label, instances[step.on].request('GET', `/api/v1/links/${link}`));
          break;
        case 'provider-settles':
          await world.settle();
          break;
        case 'webhook': {
          const letters = mail();
          const letter = letters[step.delivery % Math.max(1, letters.length)];
          if (!letter) break;
          delivered.add(letter.index);
          for (let copy = 0; copy < step.copies; copy++)
            await noted(label, world.deliver(letter.webhook, instances[step.on]));
          break;
        }
        case 'time':
          await world.clock.advance(step.minutes * 60_000);
          break;
        case 'reconcile':
          await instances[step.on].reconcile();
          break;
      }
    }

    // The provider finishes what it started and retries every webhook until it is taken (alternating
    // instances, as a balancer would); each instance then reconciles, past the verify throttle. The last
    // round comes after every payer's step has lapsed, so no payment of this run is left open to slow
    // the next runs' reconciliations.
    for (const [round, instance] of instances.entries()) {
      await world.settle();
      for (const { webhook, index } of mail()) {
        if (delivered.has(index)) continue;
        delivered.add(index);
        await noted('final delivery', world.deliver(webhook, instances[(index % 2) as On]));
      }
      await world.clock.advance(round === 0 ? 6_000 : 31 * 60_000);
      await instance.reconcile();
    }

    return outcomeOf(a, link, session, made, callsStart);
  }

  interface Outcome {
    a: Instance;
    link: string;
    session: string;
    rows: {
      reference: string;
      status: string;
      flag: string | null;
      amount: number;
      link_id: string | null;
      session_id: string | null;
    }[];
    /** Wrong codes that reached the provider, per payment. */
    wrongCodesAtProvider: Map<string, number>;
  }
  type Invariant = (outcome: Outcome) => Promise<void>;
  const excess = (flag: string | null) => flag !== null && EXCESS_FLAGS.includes(flag);

  async function outcomeOf(
    a: Instance,
    link: string,
    session: string,
    made: Made[],
    callsStart: number,
  ): Promise<Outcome> {
    const wrongCodesAtProvider = new Map<string, number>();
    for (const call of world.providerCalls.slice(callsStart)) {
      if (call.path !== '/payments/v1/payments/confirm') continue;
      const { reference, customerInput } = JSON.parse(call.body) as {
        reference: string;
        customerInput: { otp?: string };
      };
      if (customerInput.otp === RIGHT_OTP) continue;
      wrongCodesAtProvider.set(reference, (wrongCodesAtProvider.get(reference) ?? 0) + 1);
    }
    const references = made.map((m) => m.reference);
    const rows = references.length
      ? await a.store.db
          .selectFrom('payments')
          .select(['reference', 'status', 'flag', 'amount', 'link_id', 'session_id'])
          .where('reference', 'in', references)
          .execute()
      : [];
    return { a, link, session, rows, wrongCodesAtProvider };
  }

  /** (a) At most one success on the session that is not flagged as a duplicate. */
  const oneSuccessPerSession: Invariant = async ({ rows, session }) => {
    const successes = rows.filter((row) => row.session_id === session && row.status === 'success');
    expect(
      successes.filter((row) => !excess(row.flag)),
      '(a) successes on one checkout session not flagged as excess',
    ).toHaveLength(Math.min(1, successes.length));
  };

  /** (b) The link's successes not flagged as excess stay within its limit. */
  const withinLinkLimit: Invariant = async ({ rows, link }) => {
    const successes = rows.filter((row) => row.link_id === link && row.status === 'success');
    const collected = successes.filter((row) => !excess(row.flag)).reduce((sum, row) => sum + row.amount, 0);
    expect(
      collected,
      `(b) collected on the link in successes not flagged as excess: ${JSON.stringify(successes)}`,
    ).toBeLessThanOrEqual(LINK_LIMIT);
  };

  /** (c) Every charge the provider completed is a success with us. */
  const noLostSuccess: Invariant = async ({ rows, a }) => {
    if (rows.length === 0) return;
    const charges = await a.store.db
      .selectFrom('sandbox_transactions')
      .select(['reference', 'status'])
      .where(
        'reference',
        'in',
        rows.map((row) => row.reference),
      )
      .execute();
    const paid = new Set(
      charges.filter((charge) => charge.status === 'success').map((charge) => charge.reference),
    );
    expect(
      rows.filter((row) => paid.has(row.reference) && row.status !== 'success'),
      '(c) charges the provider completed that are not a success with us',
    ).toEqual([]);
  };

  /** (d) Every flagged payment is in the merchant's list with its flag, and in a notification carrying it. */
  const flaggedVisible: Invariant = async ({ rows, a }) => {
    const flagged = rows.filter((row) => row.flag !== null);
    if (flagged.length === 0) return;
    // This run's payments are the newest (the clock only moves forward), so they are on the first page.
    const listed = await a.request('GET', '/api/v1/payments?limit=100', undefined, MERCHANT_AUTH);
    expect(listed.status).toBe(200);
    const listedFlags = new Map<string, unknown>(
      (listed.json.data as { reference: string; flag?: string }[]).map((item) => [item.reference, item.flag]),
    );
    const notifications = await a.store.db
      .selectFrom('merchant_notifications')
      .select(['subject', 'payload'])
      .where(
        'subject',
        'in',
        flagged.map((row) => row.reference),
      )
      .execute();
    for (const row of flagged) {
      expect(listedFlags.get(row.reference), `(d) ${row.reference} in the merchant's list`).toBe(row.flag);
      const told = notifications
        .filter((n) => n.subject === row.reference)
        .map((n) => (JSON.parse(n.payload) as { data: { flag?: string } }).data.flag);
      expect(told, `(d) notifications of ${row.reference} (${row.status}, ${row.flag})`).toContain(row.flag);
    }
  };

  /** (e) No more than five wrong codes per payment reach the provider, however many arrive at once. */
  const wrongCodesCapped: Invariant = async ({ wrongCodesAtProvider }) => {
    const over = [...wrongCodesAtProvider].filter(([, count]) => count > MAX_WRONG_CODES);
    expect(over, '(e) payments whose wrong codes reached the provider more than 5 times').toEqual([]);
  };

  const scenarios = fc.array(stepArbitrary, { minLength: 1, maxLength: 10 });
  const holds = (invariant: Invariant) =>
    fc.assert(
      fc.asyncProperty(scenarios, fc.scheduler(), async (steps, scheduler) => {
        const outcome = await runSteps(steps, scheduler);
        // Whatever the interleaving, no request crashes (a provider failure may answer 502/504).
        expect(answers.filter(({ status }) => status >= 500 && status !== 502 && status !== 504)).toEqual([]);
        await invariant(outcome);
      }),
      // The reported reproductions first, then generated interleavings.
      {
        numRuns: NUM_RUNS,
        examples: KNOWN.map((steps) => [steps, exampleScheduler()] as [Step[], fc.Scheduler]),
      },
    );

  it('(a) a checkout session never has more than one success', () => holds(oneSuccessPerSession), 60_000);
  it('(b) a link never collects past its amountLimit without a flag', () => holds(withinLinkLimit), 60_000);
  it('(c) no success is lost', () => holds(noLostSuccess), 60_000);
  it('(d) every flagged payment is visible to the merchant', () => holds(flaggedVisible), 60_000);
  it('(e) at most five wrong codes per payment reach the provider', () => holds(wrongCodesCapped), 60_000);
});
