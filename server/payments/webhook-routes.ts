/**
 * `POST /webhooks/payments` (mounted there): the provider's collection webhooks. The signature is
 * checked over the raw bytes exactly as received (re-serialised JSON would not match), against the client
 * secret and, during a rotation, the previous one. A verified webhook is stored before the 200, so an
 * acknowledged delivery is never lost; a duplicate is acknowledged without being applied twice.
 */
import type { AppDeps } from '../env.ts';
import { withLogger } from '../logger.ts';
import type { VerifyContext } from './verify.ts';
import { ingestCollectionWebhook, ReceivedCollectionWebhookSchema } from './webhook-ingest.ts';
import { webhookApp } from '../provider/webhook-app.ts';

export function webhookRoutes(deps: Pick<AppDeps, 'config'>, payments: VerifyContext) {
  return webhookApp(deps, {
    operationId: 'paymentsWebhook',
    summary: "The provider's collection webhook",
    kind: 'collection',
    schema: ReceivedCollectionWebhookSchema.meta({ id: 'CollectionWebhook' }),
    ingest: (text, event, logger) => ingestCollectionWebhook(withLogger(payments, logger), text, event),
  });
}
