/**
 * The Node entry: configuration, store, the embedded sandbox and the demo site beside it, listen,
 * schedules, graceful shutdown. Everything else is in createApp, which tests use without any of this.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { mountDemo } from '../demo/server.ts';
import { createApp, type App } from './app.ts';
import { answerClientErrors } from './node-server/client-error.ts';
import { applyServerLimits } from './node-server/server-limits.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger, flushBeforeExit } from './logger.ts';
import { createProviderClient } from './provider/client.ts';
import { createSandbox, type Sandbox } from './sandbox/app.ts';
import { inProcessFetch, webhooksToSelf } from './sandbox/in-process.ts';
import { openStore } from './store/database.ts';
import { createPaymentEvents } from './payments/events.ts';
import { reconcilePayments } from './payments/reconcile.ts';
import { flagIfPastLimit } from './payments/limit-flag.ts';
import { createCheckoutService } from './checkout/service.ts';
import { sandboxReturnOrigins } from './payments/return-url.ts';
import { reconcilePayouts } from './payouts/reconcile.ts';
import { deliverDueNotifications } from './notifications/deliver.ts';
import { merchantNotifier } from './notifications/enqueue.ts';
import { purgeExpiredPersonalData } from './retention/purge.ts';
import { housekeeping } from './housekeeping.ts';

/** How often due sandbox outcomes and webhook retries are looked for. */
const SANDBOX_TICK_MS = 250;
/** How often due merchant notifications (new ones and retries) are looked for. */
const NOTIFICATION_TICK_MS = 1000;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    synchronous: config.sqliteSynchronous,
    groupCommit: config.sqliteGroupCommit,
  });

  // The app needs its public URL, which (with PORT=0) is known only once the socket is bound.
  const bound: { app?: App } = {};
  const server = serve({
    // The Node bindings travel along: they carry the socket, which getConnInfo reads for the client IP.
    fetch: (request, env) => bound.app?.fetch(request, env) ?? new Response('starting', { status: 503 }),
    port: config.port,
    hostname: config.host,
  });
  applyServerLimits(server as Server, config.server);
  await answerClientErrors(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const publicUrl = config.publicUrl ?? `http://${host}:${port}`;

  let sandbox: Sandbox | undefined;
  if (config.mode === 'embedded') {
    sandbox = await createSandbox({
      db: store.db,
      config: {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        publicUrl: `${publicUrl}/sandbox`,
        webhookUrl: config.sandbox.webhookUrl,
        // Callers may name only this server's own URL or an allowed origin as a webhook (against SSRF).
        webhookTargets: { ownUrl: publicUrl, origins: config.sandbox.webhookAllowlist },
        // Its hosted page sends payers back only where this server accepts a payment's return URL.
        returnOrigins: sandboxReturnOrigins(config.allowedOrigins, publicUrl),
        outcomeDelayMs: config.sandbox.outcomeDelayMs,
      },
      // An allowlist of webhook source addresses (WEBHOOK_SOURCE_IPS) needs a source address: a socket.
      fetch: config.webhookSourceIps?.length ? globalThis.fetch : webhooksToSelf(publicUrl, bound, globalThis.fetch),
    });
  }
  const embedded = sandbox;
  const provider = createProviderClient({
    // Embedded: the client reaches the sandbox in-process, with no socket in between. Without it (the
    // client fetching `${publicUrl}/sandbox`) a payment costs the server about three times the CPU:
    // `npm run bench`, its `POST /api/v1/payments` line (cpu/request in the load table).
    baseUrl: embedded ? 'http://sandbox.internal' : (config.providerBaseUrl ?? ''),
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    timeoutMs: config.providerTimeoutMs,
    ...(embedded ? { fetch: inProcessFetch(embedded.app) } : {}),
  });
  const events = createPaymentEvents(store, { databaseUrl: config.databaseUrl, logger });
  const app = createApp({ config, store, provider, clock: systemClock, logger, sandbox, publicUrl, events });
  if (embedded) mountDemo(app, { config, publicUrl, sandbox: embedded });
  bound.app = app;

  // Reconciliation of non-final payments and payouts: at start, then on a schedule; a round still running
  // when the next is due is not started twice.
  // Reconciliation can make payments and payouts final: it notifies the merchant as the routes do.
  const notifier = merchantNotifier(config);
  // A success reconciliation finds may take a link past its limit: it is flagged as the routes' are.
  const linkTotals = createCheckoutService({ config, store, provider, clock: systemClock, logger, sandbox });
  const reconcileContext = { db: store.db, clock: systemClock, logger, events, notifier };
  let reconciling: Promise<void> | null = null;
  const reconcile = () => {
    reconciling ??= (async () => {
      try {
        await reconcilePayments({
          store,
          provider,
          clock: systemClock,
          logger,
          events,
          notifier,
          minAgeMs: config.reconcileMinAgeMs,
          reservationMs: config.paymentReservationMs,
          onSuccess: (row) => flagIfPastLimit(reconcileContext, linkTotals, row),
        });
        await reconcilePayouts({ store, provider, clock: systemClock, logger, notifier });
      } catch (error) {
        logger.error({ err: error }, 'payment reconciliation failed');
      } finally {
        reconciling = null;
      }
    })();
  };
  reconcile();
  const reconcileTimer = setInterval(reconcile, config.reconcileIntervalMs);

  // Housekeeping (lapsed idempotency keys, uploads, console sessions, rate-limit windows) on the same
  // interval, as its own round.
  let housekeepingRound: Promise<void> | null = null;
  const keepHouse = () => {
    housekeepingRound ??= housekeeping({ store, clock: systemClock })
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, 'housekeeping failed'),
      )
      .finally(() => {
        housekeepingRound = null;
      });
  };
  keepHouse();
  const housekeepingTimer = setInterval(keepHouse, config.reconcileIntervalMs);

  // RETENTION_DAYS: personal data of old finished payments and payouts is purged at start, then hourly
  // (RETENTION_INTERVAL_MS). Unset, no schedule runs and nothing is ever purged.
  let purging: Promise<void> | null = null;
  const stopPurging = new AbortController();
  const purge = () => {
    purging ??= (async () => {
      try {
        await purgeExpiredPersonalData({
          store,
          clock: systemClock,
          config,
          logger,
          signal: stopPurging.signal,
        });
      } catch (error) {
        logger.error({ err: error }, 'retention purge failed');
      } finally {
        purging = null;
      }
    })();
  };
  const purgeTimer =
    config.retentionDays === undefined ? undefined : setInterval(purge, config.retentionIntervalMs);
  if (purgeTimer) purge();

  const tick = embedded
    ? setInterval(() => {
        embedded.runDue().catch((error: unknown) => logger.error({ err: error }, 'sandbox tick failed'));
      }, SANDBOX_TICK_MS)
    : undefined;

  // Merchant notifications (only with MERCHANT_WEBHOOK_URL): one round at a time, as for reconciliation.
  let notifying: Promise<void> | null = null;
  const notify = () => {
    notifying ??= deliverDueNotifications({ db: store.db, clock: systemClock, config, logger })
      .then(
        () => undefined,
        (error: unknown) => logger.error({ err: error }, 'merchant notification round failed'),
      )
      .finally(() => {
        notifying = null;
      });
  };
  const notifyTimer = config.merchantWebhookUrl ? setInterval(notify, NOTIFICATION_TICK_MS) : undefined;

  logger.info(
    { url: publicUrl, mode: config.mode, database: store.engine, notifications: Boolean(config.merchantWebhookUrl) },
    'pay-checkout listening',
  );

  /** Logs what is left, then exits: the one way out, so no queued log line can hold the exit up. */
  const exit = (code: number) => {
    flushBeforeExit(logger);
    process.exit(code);
  };
  let stopping = false;
  // Each step of the shutdown still running, by name, for the deadline's log line.
  const stillOpen = new Set<string>();
  const step = async <T>(name: string, work: Promise<T> | T) => {
    stillOpen.add(name);
    try {
      return await work;
    } finally {
      stillOpen.delete(name);
    }
  };
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second signal: the operator means it.
      logger.warn({ signal, stillOpen: [...stillOpen] }, 'second signal during shutdown: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    logger.info({ signal, deadlineMs: config.shutdownDeadlineMs }, 'shutting down');
    // Whatever holds the shutdown up (a request that never ends, a database that does not answer), the
    // process ends before the orchestrator's SIGKILL: non-zero, since the work in flight was cut.
    setTimeout(() => {
      server.getConnections((_error, connections) => {
        logger.error(
          { stillOpen: [...stillOpen], connections, deadlineMs: config.shutdownDeadlineMs },
          'shutdown deadline passed: exiting with work still open',
        );
        exit(1);
      });
    }, config.shutdownDeadlineMs);
    clearInterval(tick);
    clearInterval(reconcileTimer);
    clearInterval(housekeepingTimer);
    clearInterval(notifyTimer);
    clearInterval(purgeTimer);
    stopPurging.abort(); // a long first purge stops after its current batch
    // Stop accepting, end the payment streams (open for up to 30 minutes, they would hold the close up
    // until a SIGKILL), let in-flight requests finish, then close the database.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await step('event streams', events.close());
    await step('requests in flight', closed);
    await step('reconciliation', reconciling);
    await step('housekeeping', housekeepingRound);
    await step('notifications', notifying);
    await step('retention purge', purging);
    await step('database', store.close());
    exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('pay-checkout failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
