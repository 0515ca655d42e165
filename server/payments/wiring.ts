/**
 * The payments engine as createApp mounts it: one service shared by the payer's routes, the provider's
 * webhooks and the status pushes. Built from AppDeps; starts no timers (main.ts schedules reconciliation).
 */
import type { AppDeps } from '../env.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import { webhookRoutes } from './webhook-routes.ts';
import type { CheckoutConfigSource } from './create.ts';
import { createPaymentEvents } from './events.ts';
import type { Logger } from '../logger.ts';
import type { PayoutService } from '../payouts/service.ts';
import { createRefunds } from './refund.ts';
import { refundRoutes } from './refund-routes.ts';
import { paymentRoutes } from './routes.ts';
import { createPaymentService } from './service.ts';

export function createPayments(
  deps: AppDeps,
  checkout: CheckoutConfigSource,
  limiter: RateLimiter,
  payoutsFor: (requestLogger: Logger) => PayoutService,
) {
  const { config, store, clock, logger } = deps;
  // main.ts passes the instance it closes on shutdown (and hands to the reconciler); tests get a default.
  const events = deps.events ?? createPaymentEvents(store, { databaseUrl: config.databaseUrl, logger });
  const service = createPaymentService({ ...deps, events, checkout, limiter });
  return {
    service,
    events,
    /** Mount at /api/v1/payments (a flagged payment's refund is a payout, hence `payoutsFor`). */
    routes: paymentRoutes(deps, service, limiter).route(
      '/',
      refundRoutes(
        { merchantApiKeys: config.merchantApiKeys, idempotencyLeaseMs: config.idempotencyLeaseMs, clock },
        store.db,
        (requestLogger) => createRefunds(store.db, payoutsFor(requestLogger)),
      ),
    ),
    /** Mount at /webhooks/payments. */
    webhooks: webhookRoutes(deps, service.context),
  };
}
