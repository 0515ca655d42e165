/**
 * The one way provider webhooks come in, shared by `/webhooks/payments` and
 * `/webhooks/disbursements`: a body limit, the optional source-IP allowlist, the signature checked over
 * the raw bytes exactly as received (re-serialised JSON would not match) against the client secret and,
 * during a rotation, the previous one, then strict UTF-8 JSON and the event's schema. Only then does the
 * route's own `ingest` run, which stores the event before the 200.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../env.ts';
import { clientIp } from '../http/client-ip.ts';
import { payloadTooLarge, readBodyBytes, strictUtf8 } from '../http/body.ts';
import { ApiError, fieldErrors, validationFailed } from '../http/errors.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from '../provider/signature.ts';
import { requestHeader } from '../http/node-headers.ts';
import type { Logger } from '../logger.ts';

/** A webhook is well under 2 kB; 256 kB refuses floods without refusing a verbose provider. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export interface SignedWebhook<S extends z.ZodType> {
  /** What the event is, for messages: "collection", "disbursement". */
  kind: string;
  schema: S;
  /** Stores and applies a verified event; answers what happened, for the 200's body. */
  ingest(rawText: string, event: z.output<S>, logger: Logger): Promise<string>;
}

/** The middleware and handler of one webhook route, to spread into `.post(path, ...)`. */
export function signedWebhook<S extends z.ZodType>(deps: Pick<AppDeps, 'config'>, webhook: SignedWebhook<S>) {
  const { config } = deps;
  const secrets = [config.clientSecret, config.clientSecretPrevious ?? ''];
  const sourceIps = config.webhookSourceIps?.length ? new Set(config.webhookSourceIps) : null;

  const receive = async (c: Context<AppEnv>) => {
    const logger = c.get('logger');
    if (sourceIps) {
      const ip = clientIp(c, config.trustProxy);
      if (!sourceIps.has(ip)) {
        logger.warn({ ip }, 'webhook from an address outside WEBHOOK_SOURCE_IPS refused');
        throw new ApiError(403, 'forbidden', 'Webhooks are not accepted from this address');
      }
    }
    const raw = await readBodyBytes(c, WEBHOOK_BODY_LIMIT, () =>
      payloadTooLarge(WEBHOOK_BODY_LIMIT, 'A webhook body'),
    );
    if (!verifyWebhookSignature(raw, requestHeader(c, SIGNATURE_HEADER), secrets)) {
      logger.warn({ bytes: raw.byteLength, kind: webhook.kind }, 'webhook with a bad signature refused');
      throw new ApiError(401, 'invalid_signature', 'The webhook signature does not match');
    }
    let text: string;
    let json: unknown;
    try {
      text = strictUtf8.decode(raw);
      json = JSON.parse(text);
    } catch {
      throw validationFailed(
        [{ path: '', message: 'must be a UTF-8 JSON document' }],
        'The webhook body is not valid JSON',
      );
    }
    const parsed = webhook.schema.safeParse(json);
    if (!parsed.success) {
      logger.warn({ fields: fieldErrors(parsed.error) }, 'signed webhook with an unexpected shape refused');
      throw validationFailed(fieldErrors(parsed.error), `The webhook is not a ${webhook.kind} webhook`);
    }
    const outcome = await webhook.ingest(text, parsed.data, logger);
    return c.json({ statusCode: 200, data: { received: true, outcome } }, 200);
  };

  return receive;
}
