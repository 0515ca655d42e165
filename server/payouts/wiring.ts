/**
 * Payouts as createApp mounts them: one service shared by the merchant's routes and the provider's
 * disbursement webhooks. Built from AppDeps; starts no timers (the caller schedules reconcilePayouts).
 */
import type { AppDeps } from '../env.ts';
import { withLogger, type Logger } from '../logger.ts';
import { merchantNotifier } from '../notifications/enqueue.ts';
import { disbursementWebhookRoutes } from './webhook-routes.ts';
import { payoutRoutes } from './routes.ts';
import { createPayoutService } from './service.ts';

const DISBURSEMENT_WEBHOOK_PATH = '/webhooks/disbursements';

export function createPayouts(deps: AppDeps) {
  const { config, store, provider, clock, logger } = deps;
  const serviceDeps = {
    db: store.db,
    provider,
    clock,
    logger,
    notifier: merchantNotifier(config),
    webhookUrl: `${deps.publicUrl}${DISBURSEMENT_WEBHOOK_PATH}`,
  };
  const service = createPayoutService(serviceDeps);
  // The service holds no state of its own: a request gets one whose lines carry its request id.
  const serviceFor = (requestLogger: Logger) => createPayoutService(withLogger(serviceDeps, requestLogger));
  return {
    service,
    serviceFor,
    /** Mount at /api/v1/payouts. */
    routes: payoutRoutes(
      { merchantApiKeys: config.merchantApiKeys, idempotencyLeaseMs: config.idempotencyLeaseMs, clock },
      service.context.db,
      serviceFor,
    ),
    /** Mount at DISBURSEMENT_WEBHOOK_PATH (/webhooks/disbursements). */
    webhooks: disbursementWebhookRoutes(deps, service.context),
  };
}
