/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` is `v1,` and the
 * base64 HMAC-SHA256 of `id.timestamp.body`. The key of a `whsec_` secret is the base64 after the prefix
 * (the convention every Standard Webhooks library follows); any other secret is used as its UTF-8 bytes,
 * which those libraries accept as a "raw" secret.
 */
import { createHmac } from 'node:crypto';

const WHSEC_PREFIX = 'whsec_';

function signingKey(secret: string): Buffer {
  return secret.startsWith(WHSEC_PREFIX)
    ? Buffer.from(secret.slice(WHSEC_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** The headers of one attempt; `timestampSeconds` is the time of sending, not of the event. */
export function standardWebhookHeaders(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  const signature = createHmac('sha256', signingKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`, 'utf8')
    .digest('base64');
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
