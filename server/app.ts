/**
 * createApp(deps): the backend's one Hono app (docs/architecture.md#request-path). It mounts one sub-app per
 * resource, renders every error through one onError, and starts no timers: the caller (main.ts, or a
 * test) owns schedules such as reconciliation and the sandbox's tick.
 */
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { demoRoutes } from '../demo/server.ts';
import { apiCors } from './http/cors.ts';
import { healthRoutes } from './health/routes.ts';
import { renderError } from './http/errors.ts';
import { requestBookkeeping } from './http/request-bookkeeping.ts';
import { RememberingRouter } from './http/router.ts';
import { securityHeaders } from './http/security-headers.ts';
import { widgetAssets } from './http/widget-assets.ts';
import type { Logger } from './logger.ts';
import { checkoutRoutes } from './checkout/routes.ts';
import { createCheckoutService } from './checkout/service.ts';
import { docsRoutes } from './contract/routes.ts';
import type { PaymentEvents } from './payments/events.ts';
import { createPayments } from './payments/module.ts';
import { createPayouts } from './payouts/module.ts';
import { merchantRoutes } from './merchant/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import type { ProviderClient } from './provider/client.ts';
import type { Sandbox } from './sandbox/app.ts';
import type { Store } from './store/database.ts';
import { uploadRoutes } from './uploads/routes.ts';
import { consoleRoutes } from './console/routes.ts';
import { createConsoleSessions, type ConsoleSessions } from './http/console-session.ts';
import { windowCounterFor } from './http/window-counter.ts';
import { createMetrics, type Metrics } from './metrics/metrics.ts';
import { metricsRoutes } from './metrics/routes.ts';

export interface AppDeps {
  config: Config;
  store: Store;
  /** The provider API: the embedded sandbox in-process, or the real provider in remote mode. */
  provider: ProviderClient;
  clock: Clock;
  logger: Logger;
  /** The embedded provider sandbox, mounted at /sandbox; absent in remote mode. */
  sandbox?: Sandbox;
  /** This server's public base URL, e.g. http://localhost:8787 (no trailing slash). */
  publicUrl: string;
  /** Where the widget build lives (default `dist`, relative to the working directory). */
  widgetDistDir?: string;
  /** The widget's translations, put in the configs of links in their language (default `widget/i18n`). */
  translationsDir?: string;
  /** Payment status pushes; default: made from `store` (main.ts passes its own, to close on shutdown). */
  events?: PaymentEvents;
}

/** Values middleware sets on the context for the handlers after it. */
export interface AppVariables {
  requestId: string;
  /** The request's logger: its lines carry the request id. Hand it to whatever the request calls. */
  logger: Logger;
  /** The console's sessions, read by requireMerchant (the cookie is one way in). */
  consoleSessions: ConsoleSessions;
  /** This app's metrics, for what is counted outside the request middleware (renderError). */
  metrics: Metrics;
}

export type AppEnv = { Variables: AppVariables };

export function createApp(deps: AppDeps) {
  const { sandbox, logger } = deps;
  const app = new Hono<AppEnv>({ router: new RememberingRouter() });
  const metrics = createMetrics();
  const consoleSessions = createConsoleSessions(deps.store.db, deps.clock, deps.publicUrl);
  // Rate limits' counts: shared through the store on PostgreSQL, so N instances allow each limit once.
  const rateCounter = windowCounterFor(deps.store);

  // A caller's id is kept when it is a plain token (up to 64 of [A-Za-z0-9_=-]), so logs across
  // services line up; else a UUID. Answered in X-Request-Id.
  app.use(requestId({ limitLength: 64 }));
  app.use(requestBookkeeping({ logger, metrics, consoleSessions }));
  app.use(securityHeaders);

  app.route('/', healthRoutes(deps));
  app.route('/', metricsRoutes(deps, metrics));
  app.route('/', consoleRoutes(deps, consoleSessions, rateCounter));

  app.use('/api/v1/*', apiCors(deps.config.allowedOrigins, deps.publicUrl));
  app.route('/widget', widgetAssets(deps.widgetDistDir ?? 'dist'));

  // Resource sub-apps are mounted here, one line each.
  const checkout = createCheckoutService(deps); // shared: a payment's success drops its cached link
  const payments = createPayments(deps, checkout, rateCounter);
  // Lifted limits (RATE_LIMITS=off, benchmarks) leave no middleware in the chain at all.
  if (deps.config.rateLimits !== 'off') app.use('/api/v1/*', payments.ipLimit);
  app.route('/api/v1/payments', payments.routes);
  app.route('/webhooks', payments.webhooks);
  const payouts = createPayouts(deps);
  app.route('/api/v1/payouts', payouts.routes);
  app.route('/webhooks', payouts.webhooks);
  app.route('/', merchantRoutes(deps));
  app.route('/api/v1/notifications', notificationRoutes(deps));
  app.route('/', checkoutRoutes(deps, checkout));
  app.route('/', uploadRoutes(deps));
  app.route('/', docsRoutes(deps.publicUrl));

  if (sandbox) {
    app.route('/sandbox', sandbox.app);
    // The demo site exists only beside the sandbox (embedded mode), never in front of a real provider.
    app.route(
      '/',
      demoRoutes({
        publicUrl: deps.publicUrl,
        merchantApiKey: deps.config.merchantApiKey,
        sandbox,
        clientId: deps.config.clientId,
        clientSecret: deps.config.clientSecret,
      }),
    );
  }

  app.notFound((c) =>
    c.json({ statusCode: 404, error: { code: 'not_found', message: 'No such route' } }, 404),
  );
  app.onError((error, c) => renderError(error, c, logger));
  return app;
}

export type App = ReturnType<typeof createApp>;
