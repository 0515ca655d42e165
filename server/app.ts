/**
 * createApp(deps): the backend's one Hono app (docs/server.md#request-path). It mounts one sub-app per
 * path prefix, renders every error through one onError, and starts no timers: the caller (main.ts, or a
 * test) owns schedules such as reconciliation and the sandbox's tick, and mounts the demo site in
 * embedded mode. Its types (AppDeps, AppEnv) live in env.ts, which route files import instead of this.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { requestId } from 'hono/request-id';
import { consoleRoutes } from './console/routes.ts';
import { createConsoleSessions } from './console/sessions.ts';
import { linkRoutes } from './links/routes.ts';
import { sessionRoutes } from './checkout/routes.ts';
import { createCheckoutService } from './checkout/service.ts';
import { embeddedConfigReader } from './embed/config-block.ts';
import { embedRoutes } from './embed/routes.ts';
import { compressPages } from './http/compression.ts';
import { BODY_FAMILIES } from './body-limits.ts';
import { buildOpenApiDocument } from './contract/openapi.ts';
import { docsRoutes } from './contract/routes.ts';
import { refuseInvalidInput } from './contract/validation-hook.ts';
import type { AppDeps, AppEnv } from './env.ts';
import { livenessRoutes, readinessRoutes } from './health/routes.ts';
import { bodyBudget, limitBodies } from './http/body.ts';
import { apiCors } from './middleware/cors.ts';
import { ApiError, renderError } from './http/errors.ts';
import { loopbackHostCheck } from './middleware/host-check.ts';
import { requestBookkeeping } from './middleware/request-bookkeeping.ts';
import { RememberingRouter } from './http/router.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { widgetAssets } from './widget-assets/routes.ts';
import { clientKey } from './http/client-ip.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { createRateLimiter } from './rate-limits/limiter.ts';
import { rateCounterFor } from './rate-limits/window-counter.ts';
import { exportRoutes } from './exports/routes.ts';
import { merchantRoutes } from './merchant/routes.ts';
import { createMetrics } from './metrics/metrics.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { createPayments } from './payments/wiring.ts';
import { qrRoutes } from './pay/qr-routes.ts';
import { previewCardRoutes } from './pay/preview-card-routes.ts';
import { handoffRoutes } from './handoffs/routes.ts';
import { handoffService } from './handoffs/service.ts';
import { receiptRoutes } from './pay/receipts/routes.ts';
import { payPageRoutes } from './pay/routes.ts';
import { createPayouts } from './payouts/wiring.ts';
import { reconciliationRoutes } from './reconciliation/routes.ts';
import { uploadRoutes } from './uploads/routes.ts';

export function createApp(deps: AppDeps) {
  const { sandbox, logger } = deps;
  const app = new OpenAPIHono<AppEnv>({ router: new RememberingRouter(), defaultHook: refuseInvalidInput });
  const metrics = createMetrics();
  const consoleSessions = createConsoleSessions(deps.store.db, deps.clock, deps.publicUrl);
  // Rate limits' counts: shared through the store on PostgreSQL, so N instances allow each limit once.
  const { config } = deps;
  const limiter = createRateLimiter(
    config.rateLimits,
    deps.clock,
    rateCounterFor(deps.store, config.rateLimitSyncMs),
  );
  const ipOf = (c: Context) => clientKey(c, config);
  const checkout = createCheckoutService(deps); // shared: a payment's success drops its cached link
  const payouts = createPayouts(deps);
  const payments = createPayments(deps, checkout, limiter, payouts.serviceFor);
  const merchant = merchantRoutes(deps);
  const handoffs = handoffService({ store: deps.store, clock: deps.clock, ttlMs: config.handoffTtlMs });
  const exports = exportRoutes(deps);
  // Generated on first use, once every sub-app (and its route declarations) is mounted.
  const contract = docsRoutes(() => buildOpenApiDocument(app, deps.publicUrl));

  // A caller's id is kept when it is a plain token (up to 64 of [A-Za-z0-9_=-]), so logs across
  // services line up; else a UUID. Answered in X-Request-Id.
  app.use(requestId({ limitLength: 64 }));
  app.use(requestBookkeeping({ logger, metrics, consoleSessions }));
  app.use(securityHeaders);
  const hostCheck = loopbackHostCheck(config.host, deps.publicUrl, misdirected(deps.publicUrl));
  if (hostCheck) app.use(hostCheck);
  app.use('/api/v1/*', apiCors(config.allowedOrigins, deps.publicUrl));
  // Per client IP over everything the public reaches besides the payer's pages. Lifted limits
  // (RATE_LIMITS=off, benchmarks) leave no middleware in the chain at all.
  if (!limiter.lifted('ip')) {
    app.use('/api/v1/*', rateLimit(limiter, 'ip', ipOf));
    // The pay page reads links from the provider as the API does: the same budget per client.
    app.use('/pay/*', rateLimit(limiter, 'ip', ipOf));
  }
  if (!limiter.lifted('webhook')) app.use('/webhooks/*', rateLimit(limiter, 'webhook', ipOf));
  if (!limiter.lifted('merchant')) {
    app.use('/metrics', rateLimit(limiter, 'merchant', ipOf));
    app.use('/console/session', rateLimit(limiter, 'merchant', ipOf));
    app.use('/console/logout', rateLimit(limiter, 'merchant', ipOf));
  }
  // The payer's pages compressed as they are sent: the form page with its stylesheet and config block
  // is 18 kB of HTML and under 5 kB in brotli, a quarter of a second less on a slow phone's 400 kbit/s.
  // Their forms' tokens are no target for a compression oracle (BREACH): they hang on the SameSite=Lax
  // form cookie, which an image, frame or fetch from another site's page does not carry, so each such
  // request gets fresh ones.
  app.use('/pay/*', compressPages);
  // Every body's byte limit, by route family (body-limits.ts), the demo's and later routes' included.
  app.use(limitBodies(BODY_FAMILIES, bodyBudget(config.maxBodyBytesInFlight)));

  // One sub-app per path prefix, mounted at that prefix: each owns every path under it.
  app.route('/healthz', livenessRoutes());
  app.route('/readyz', readinessRoutes(deps));
  app.route('/metrics', metricsRoutes(deps, metrics));
  app.route('/console', consoleRoutes(deps, consoleSessions, limiter));
  app.route('/widget', widgetAssets(deps.widgetDistDir ?? 'dist'));
  app.route(
    '/embed',
    embedRoutes(deps.config.allowedOrigins, deps.publicUrl, embeddedConfigReader(checkout, limiter, ipOf)),
  );
  app.route('/openapi.json', contract.openApi);
  app.route('/docs', contract.docs);
  app.route('/api/v1/links', linkRoutes(deps, checkout));
  app.route('/api/v1/sessions', sessionRoutes(deps, checkout));
  app.route(
    '/api/v1/handoffs',
    handoffRoutes({ deps, checkout, payments: payments.service, handoffs, limiter }),
  );
  app.route('/api/v1/uploads', uploadRoutes(deps, limiter));
  // Each export before its list's sub-app, whose `/{reference}` would take `export` for a reference.
  app.route('/api/v1/payments/export', exports.payments);
  app.route('/api/v1/payments', payments.routes);
  app.route('/api/v1/payouts/export', exports.payouts);
  app.route('/api/v1/payouts', payouts.routes);
  app.route('/api/v1/wallets', merchant.wallets);
  app.route('/api/v1/collections/export', exports.collections);
  app.route('/api/v1/collections', merchant.collections);
  app.route('/api/v1/notifications/export', exports.notifications);
  app.route('/api/v1/notifications', notificationRoutes(deps));
  app.route(
    '/api/v1/reconciliation',
    reconciliationRoutes(
      {
        db: deps.store.db,
        provider: deps.provider,
        clock: deps.clock,
        currencyExponents: config.currencyExponents,
      },
      {
        payments: payments.service.context,
        payouts: payouts.service.context,
        currencyExponents: config.currencyExponents,
      },
      config,
    ),
  );
  // The payer's own pages, which work with no script: a payment's receipt and a link's QR code first,
  // since the pay page mounted at /pay itself would otherwise take their paths for a link's id.
  app.route('/pay/receipt', receiptRoutes(deps, { payments: payments.service, checkout, limiter }));
  app.route('/pay/qr', qrRoutes(deps, checkout, handoffs));
  app.route(
    '/pay/card',
    previewCardRoutes(deps, checkout, {
      draw: deps.drawPreviewCard,
      fetchLocal: async (path) => app.request(path),
    }),
  );
  const payPage = payPageRoutes({ deps, checkout, payments: payments.service, limiter, handoffs });
  app.route('/pay', payPage.routes);
  app.route('/webhooks/payments', payments.webhooks);
  app.route('/webhooks/disbursements', payouts.webhooks);
  // Embedded mode: the provider's emulator. The demo site beside it is mounted by main.ts.
  if (sandbox) app.route('/sandbox', sandbox.app);

  app.notFound((c) =>
    c.json({ statusCode: 404, error: { code: 'not_found', message: 'No such route' } }, 404),
  );
  app.onError(
    (error, c) =>
      (c.req.path.startsWith('/pay/') ? payPage.refusalPage(error, c) : undefined) ??
      renderError(error, c, { logger, metrics, requestId: c.get('requestId') }),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;

/** A request addressed to another host name than this loopback server's (DNS rebinding). */
const misdirected = (publicUrl: string) => (named: string) =>
  new ApiError(
    403,
    'forbidden',
    `This server answers only on loopback names and ${new URL(publicUrl).hostname}, not ${named}; open ${publicUrl}`,
  );
