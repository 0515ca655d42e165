/**
 * A provider webhook as a sub-app with its route declared for the document: the body is described by
 * the event's schema (a component), and read by signedWebhook itself, since the signature must be
 * checked over the raw bytes before anything parses them.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errors, describedJsonBody, PUBLIC, single } from '../contract/describe.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { SIGNATURE_HEADER } from './signature.ts';
import { signedWebhook, type SignedWebhook } from './signed-webhook.ts';

const ReceiptSchema = z.object({
  received: z.boolean(),
  outcome: z.string().meta({ description: 'What storing it did, e.g. `applied`, `duplicate`.' }),
});

export interface DocumentedWebhook<S extends z.ZodType> extends SignedWebhook<S> {
  operationId: string;
  summary: string;
}

/** Mount at the webhook's path; `webhook.schema` must carry a registry id (its component's name). */
export function webhookApp<S extends z.ZodType>(
  deps: Pick<AppDeps, 'config'>,
  webhook: DocumentedWebhook<S>,
) {
  const app = createOpenApiApp();
  // The source-IP allowlist runs before the route's handler reads the body (its limit is createApp's).
  const [guard, receive] = signedWebhook(deps, webhook);
  const route = createRoute({
    method: 'post',
    path: '/',
    tags: ['Webhooks'],
    operationId: webhook.operationId,
    summary: webhook.summary,
    description: `Signed: header \`${SIGNATURE_HEADER}\`, hex HMAC-SHA512 of the raw body keyed with the client secret. Stored before the 200; a repeated delivery is acknowledged once more without being applied again.`,
    // No caller credentials: the signature over the body is the proof (401 `invalid_signature`).
    security: PUBLIC,
    middleware: guard,
    parameters: [{ name: SIGNATURE_HEADER, in: 'header', required: true, schema: { type: 'string' } }],
    request: { body: describedJsonBody(app, webhook.schema) },
    responses: { 200: single('Stored', ReceiptSchema), ...errors(400, 401, 403, 413, 429) },
  });
  return app.openapi(route, receive);
}
