/**
 * `POST /webhooks/payments` (DESIGN section 5): the provider's collection webhooks. The signature is
 * checked over the raw bytes exactly as received (re-serialised JSON would not match), against the client
 * secret and, during a rotation, the previous one. A verified webhook is stored before the 200, so an
 * acknowledged delivery is never lost; a duplicate is acknowledged without being applied twice.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppDeps, AppEnv } from '../app.ts';
import { clientIp } from '../http/client-ip.ts';
import { ApiError, fieldErrors, validationFailed } from '../http/errors.ts';
import type { VerifyContext } from '../payments/verify.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../provider/signature.ts';
import { ingestCollectionWebhook, ReceivedCollectionWebhookSchema } from './ingest.ts';

/** A collection webhook is well under 2 kB; 256 kB refuses floods without refusing a verbose provider. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function webhookRoutes(deps: Pick<AppDeps, 'config' | 'logger'>, payments: VerifyContext) {
  const { config, logger } = deps;
  const secrets = [config.clientSecret, config.clientSecretPrevious ?? ''];
  const sourceIps = config.webhookSourceIps?.length ? new Set(config.webhookSourceIps) : null;

  return new Hono<AppEnv>().post(
    '/payments',
    bodyLimit({
      maxSize: WEBHOOK_BODY_LIMIT,
      onError: () => {
        throw new ApiError(
          413,
          'payload_too_large',
          `A webhook body must be at most ${WEBHOOK_BODY_LIMIT} bytes`,
        );
      },
    }),
    async (c) => {
      if (sourceIps) {
        const ip = clientIp(c, config.trustProxy);
        if (!sourceIps.has(ip)) {
          logger.warn({ ip }, 'webhook from an address outside WEBHOOK_SOURCE_IPS refused');
          throw new ApiError(403, 'forbidden', 'Webhooks are not accepted from this address');
        }
      }
      const raw = new Uint8Array(await c.req.arrayBuffer());
      if (!verifyWebhookSignature(raw, c.req.header(SIGNATURE_HEADER), secrets)) {
        logger.warn({ bytes: raw.byteLength }, 'webhook with a bad signature refused');
        throw new ApiError(401, 'invalid_signature', 'The webhook signature does not match');
      }
      let text: string;
      let json: unknown;
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
        json = JSON.parse(text);
      } catch {
        throw validationFailed(
          [{ path: '', message: 'must be a UTF-8 JSON document' }],
          'The webhook body is not valid JSON',
        );
      }
      const parsed = ReceivedCollectionWebhookSchema.safeParse(json);
      if (!parsed.success) {
        logger.warn({ fields: fieldErrors(parsed.error) }, 'signed webhook with an unexpected shape refused');
        throw validationFailed(fieldErrors(parsed.error), 'The webhook is not a collection webhook');
      }
      const outcome = await ingestCollectionWebhook(payments, text, parsed.data);
      return c.json({ statusCode: 200, data: { received: true, outcome } }, 200);
    },
  );
}
