/**
 * The payments engine as createApp mounts it: one service shared by the payer's routes, the provider's
 * webhooks and the status pushes. Built from AppDeps; starts no timers (main.ts schedules reconciliation).
 */
import type { AppDeps } from '../env.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { webhookRoutes } from '../webhooks/routes.ts';
import type { CheckoutConfigSource } from './create.ts';
import { createPaymentEvents } from './events.ts';
import { paymentRoutes } from './routes.ts';
import { createPaymentService } from './service.ts';

export function createPayments(deps: AppDeps, checkout: CheckoutConfigSource, limiter: RateLimiter) {
  const { config, store, logger } = deps;
  // main.ts passes the instance it closes on shutdown (and hands to the reconciler); tests get a default.
  const events = deps.events ?? createPaymentEvents(store, { databaseUrl: config.databaseUrl, logger });
  const service = createPaymentService({ ...deps, events, checkout, limiter });
  return {
    service,
    events,
    /** Mount at /api/v1/payments. */
    routes: paymentRoutes(deps, service, limiter),
    /** Mount at /webhooks/payments. */
    webhooks: webhookRoutes(deps, service.context),
  };
}
