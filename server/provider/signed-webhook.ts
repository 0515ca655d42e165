/**
 * The one way provider webhooks come in, shared by `/webhooks/payments` and
 * `/webhooks/disbursements`: the optional source-IP allowlist (hono's `ipRestriction`: addresses or CIDR
 * ranges; the body's limit is createApp's, server/body-limits.ts), the signature checked over
 * the raw bytes exactly as received (re-serialised JSON would not match) against the client secret and,
 * during a rotation, the previous one, then strict UTF-8 JSON and the event's schema. Only then does the
 * route's own `ingest` run, which stores the event before the 200.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ipRestriction } from 'hono/ip-restriction';
import type { z } from 'zod';
import type { AppDeps, AppEnv } from '../env.ts';
import { clientIp } from '../http/client-ip.ts';
import { readBodyBytes, strictUtf8 } from '../http/body.ts';
import { ApiError, fieldErrors, replaceMiddlewareRefusal, validationFailed } from '../http/errors.ts';
import { SIGNATURE_HEADER, verifyWebhookSignature } from './signature.ts';
import type { Logger } from '../logger.ts';

export interface SignedWebhook<S extends z.ZodType> {
  /** What the event is, for messages: "collection", "disbursement". */
  kind: string;
  schema: S;
  /** Stores and applies a verified event; answers what happened, for the 200's body. */
  ingest(rawText: string, event: z.output<S>, logger: Logger): Promise<string>;
}

/**
 * WEBHOOK_SOURCE_IPS as hono's `ipRestriction` over our client IP (the socket's, or the hop TRUST_PROXY
 * names in X-Forwarded-For), refusing in our envelope; null when the list is unset.
 */
function sourceIpAllowlist(config: AppDeps['config']): MiddlewareHandler | null {
  const allowList = config.webhookSourceIps;
  if (!allowList?.length) return null;
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);
  return replaceMiddlewareRefusal(ipRestriction(ipOf, { allowList }), 403, (c) => {
    (c as Context<AppEnv>)
      .get('logger')
      .warn({ ip: ipOf(c) }, 'webhook from an address outside WEBHOOK_SOURCE_IPS refused');
    return new ApiError(403, 'forbidden', 'Webhooks are not accepted from this address');
  });
}

/** The middleware and handler of one webhook route, to spread into `.post(path, ...)`. */
export function signedWebhook<S extends z.ZodType>(deps: Pick<AppDeps, 'config'>, webhook: SignedWebhook<S>) {
  const { config } = deps;
  const secrets = [config.clientSecret, config.clientSecretPrevious ?? ''];
  const allowlist = sourceIpAllowlist(config);

  const receive = async (c: Context<AppEnv>) => {
    const logger = c.get('logger');
    const raw = await readBodyBytes(c);
    if (!verifyWebhookSignature(raw, c.req.header(SIGNATURE_HEADER), secrets)) {
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
        [{ path: '', code: 'invalid', message: 'must be a UTF-8 JSON document' }],
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

  // The allowlist before the read, so an unlisted sender's body is not parsed.
  const guard: MiddlewareHandler = allowlist ?? ((_c, next) => next());
  return [guard, receive] as const;
}
