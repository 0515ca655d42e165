/**
 * Payouts as createApp mounts them: one service shared by the merchant's routes and the provider's
 * disbursement webhooks. Built from AppDeps; starts no timers (the caller schedules reconcilePayouts).
 */
import type { AppDeps } from '../app.ts';
import { merchantNotifier } from '../notifications/enqueue.ts';
import { disbursementWebhookRoutes } from '../webhooks/disbursements.ts';
import { payoutRoutes } from './routes.ts';
import { createPayoutService } from './service.ts';

export const DISBURSEMENT_WEBHOOK_PATH = '/webhooks/disbursements';

export function createPayouts(deps: AppDeps) {
  const { config, store, provider, clock, logger } = deps;
  const service = createPayoutService({
    db: store.db,
    provider,
    clock,
    logger,
    notifier: merchantNotifier(config),
    webhookUrl: `${deps.publicUrl}${DISBURSEMENT_WEBHOOK_PATH}`,
  });
  return {
    service,
    /** Mount at /api/v1/payouts. */
    routes: payoutRoutes({ merchantApiKey: config.merchantApiKey, logger, clock }, service),
    /** Mount at /webhooks. */
    webhooks: disbursementWebhookRoutes(deps, service.context),
  };
}
