/**
 * Two backend instances on one PostgreSQL database and one provider, inside one test process, for the
 * money properties. Each instance is its own createApp with its own store pool, link cache, checkout
 * locks, rate counters and provider client, as two processes behind a balancer are; both talk to one
 * embedded sandbox, whose state (charges, links, webhooks) lives in the shared database as one
 * provider's would. One clock for everything, moved only by the test.
 *
 * The provider's webhooks are not handed to anybody by the sandbox: they land in `mailbox` (the sandbox
 * is told each was accepted), and the test delivers each to the instance of its choice, as often and as
 * late as it likes: duplicated, reordered, after a local expiry.
 *
 * While `scheduler` is set (a fast-check scheduler), every provider answer is released when the
 * scheduler says, so concurrent requests see the provider's answers in the order fast-check picks.
 *
 *     const world = await openWorld(databaseUrl);   // once per file
 *     const [a, b] = world.startInstances();        // fresh caches and locks, per run
 *     await a.request('POST', '/api/v1/payments', body, headers);
 *     await world.settle();                         // the provider's due outcomes -> mailbox
 *     await world.deliver(world.mailbox[0], b);
 *     await world.close();
 */
import type fc from 'fast-check';
import { createApp, type App } from '../../../server/app.ts';
import type { Config } from '../../../server/config.ts';
import { merchantNotifier } from '../../../server/notifications/enqueue.ts';
import { createPaymentEvents } from '../../../server/payments/events.ts';
import { reconcilePayments, type ReconcileReport } from '../../../server/payments/reconcile.ts';
import type { ProviderClient } from '../../../server/provider/client.ts';
import type { FetchLike } from '../../../server/provider/http.ts';
import { createSandbox, type Sandbox } from '../../../server/sandbox/app.ts';
import { inProcessFetch } from '../../../server/sandbox/in-process.ts';
import { openStore, type Store } from '../../../server/store/database.ts';
import {
  collectingLogger,
  requestOf,
  sandboxClient,
  TEST_MERCHANT_KEY,
  TEST_PUBLIC_URL,
  testConfig,
  testSandboxConfig,
} from '../app-fixture.ts';
import { TestClock } from '../sandbox/fixture.ts';

export const MERCHANT_AUTH = { authorization: `Bearer ${TEST_MERCHANT_KEY}` } as const;

/** One webhook the provider sent, as it would have reached our balancer. */
export interface MailedWebhook {
  path: string;
  body: string;
  signature: string;
  reference: string;
  status: string;
}

export interface Answer {
  status: number;
  // Tests read whatever shape they expect; `any` keeps their assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface Instance {
  name: string;
  app: App;
  store: Store;
  provider: ProviderClient;
  /** Every log line this instance wrote at warn or above, parsed. */
  logs: Record<string, unknown>[];
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /** One reconciliation round of this instance, as main.ts runs it (every non-final payment, any age). */
  reconcile(): Promise<ReconcileReport>;
}

export interface World {
  clock: TestClock;
  sandbox: Sandbox;
  mailbox: MailedWebhook[];
  /** Every call either instance made to the provider: its path and the body it sent. */
  providerCalls: { instance: string; path: string; body: string }[];
  /** Set while a step runs concurrent requests: the provider's answers are released by it. */
  scheduler: fc.Scheduler | null;
  startInstances(): [Instance, Instance];
  /** The provider's due outcomes and their webhooks (into the mailbox). */
  settle(): Promise<void>;
  deliver(webhook: MailedWebhook, to: Instance): Promise<Answer>;
  /** A sandbox admin or provider call, with the provider credentials. */
  sandboxCall(method: string, path: string, body?: unknown): Promise<Answer>;
  close(): Promise<void>;
}

function configFor(): Config {
  return testConfig({
    LOG_LEVEL: 'warn',
    // The properties count money, not requests: limits would only add refusals to every path.
    RATE_LIMITS: 'off',
    // Notifications on: the outbox is where the merchant hears of a flagged payment.
    MERCHANT_WEBHOOK_URL: 'https://merchant.test/notifications',
    MERCHANT_WEBHOOK_SECRET: `whsec_${Buffer.from('money-properties-notification-key').toString('base64')}`,
  });
}

export async function openWorld(databaseUrl: string): Promise<World> {
  const config = configFor();
  // One after the other: each runs the migrations (already applied for the second).
  const stores = [await openStore({ databaseUrl }), await openStore({ databaseUrl })] as const;
  const clock = new TestClock();
  const mailbox: MailedWebhook[] = [];
  const providerCalls: World['providerCalls'] = [];
  const sandbox = await createSandbox({
    db: stores[0].db,
    clock,
    config: testSandboxConfig(config),
    // Every webhook is accepted at once and kept for the test to deliver.
    fetch: async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      const body = String(init?.body ?? '');
      const parsed = JSON.parse(body) as { data?: { reference?: string; status?: string } };
      mailbox.push({
        path: url.pathname,
        body,
        signature: new Headers(init?.headers).get('x-webhook-signature') ?? '',
        reference: parsed.data?.reference ?? '',
        status: parsed.data?.status ?? '',
      });
      return new Response(null, { status: 200 });
    },
  });

  const world: World = {
    clock,
    sandbox,
    mailbox,
    providerCalls,
    scheduler: null,
    startInstances() {
      const make = (name: string, store: Store): Instance => {
        const logs: Record<string, unknown>[] = [];
        const logger = collectingLogger(config.logLevel, logs);
        const direct = inProcessFetch(sandbox.app);
        const fetch: FetchLike = (url, init) => {
          providerCalls.push({ instance: name, path: new URL(url).pathname, body: String(init.body ?? '') });
          const answer = Promise.resolve(direct(url, init));
          const scheduler = world.scheduler;
          return scheduler
            ? scheduler.schedule(answer, `${name}: provider ${new URL(url).pathname}`)
            : answer;
        };
        const provider = sandboxClient(config, fetch);
        const events = createPaymentEvents(store, { logger });
        const app = createApp({
          config,
          store,
          provider,
          clock,
          logger,
          sandbox,
          publicUrl: TEST_PUBLIC_URL,
          events,
        });
        return {
          name,
          app,
          store,
          provider,
          logs,
          request: (method, path, body, headers) => requestOf(app, method, path, body, headers),
          reconcile: () =>
            reconcilePayments({
              store,
              provider,
              clock,
              logger,
              events,
              notifier: merchantNotifier(config),
              minAgeMs: 0,
            }),
        };
      };
      return [make('A', stores[0]), make('B', stores[1])];
    },
    settle: () => sandbox.runDue(),
    deliver: (webhook, to) =>
      requestOf(to.app, 'POST', webhook.path, webhook.body, { 'x-webhook-signature': webhook.signature }),
    sandboxCall: (method, path, body) =>
      requestOf(sandbox.app, method, path, body, {
        'client-id': config.clientId,
        'client-secret': config.clientSecret,
      }),
    async close() {
      for (const store of stores) await store.close();
    },
  };
  return world;
}
