/**
 * Webhook signatures: header `x-webhook-signature` holds the hex HMAC-SHA512 of the request body, keyed
 * with the client secret.
 *
 * Always sign and verify the raw bytes as received. Parsing and re-serialising the JSON would change key
 * order or whitespace and break a genuine signature, or let a tampered body pass.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-webhook-signature';

/** SHA-512 digests are 64 bytes, so a well-formed signature is exactly 128 hex characters. */
const SIGNATURE_HEX = /^[0-9a-fA-F]{128}$/;

/**
 * A string key is turned into a key object on every createHmac; the few secrets a process uses (current,
 * previous, the sandbox's) are turned once.
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= 16) keys.clear(); // tests make many; a server has two or three
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

function hmac(rawBody: string | Uint8Array, secret: string): Buffer {
  return createHmac('sha512', keyOf(secret)).update(rawBody).digest();
}

export function signWebhook(rawBody: string | Uint8Array, secret: string): string {
  return hmac(rawBody, secret).toString('hex');
}

/**
 * True when the header matches the body under any of `secrets` (the current secret plus, during a
 * rotation, the previous one). Empty secrets are ignored so a missing `PAY_CLIENT_SECRET_PREVIOUS` can
 * be passed through without accepting bodies signed with an empty key. Never throws.
 */
export function verifyWebhookSignature(
  rawBody: Uint8Array | string,
  signatureHeader: string | undefined | null,
  secrets: string[],
): boolean {
  const presented = signatureHeader?.trim();
  if (!presented || !SIGNATURE_HEX.test(presented)) return false;
  const presentedBytes = Buffer.from(presented, 'hex');

  let matched = false;
  for (const secret of secrets) {
    if (!secret) continue;
    // Both buffers are 64 bytes here, as timingSafeEqual requires. Every secret is tried even after a
    // match so the time taken does not reveal which secret signed the body.
    if (timingSafeEqual(hmac(rawBody, secret), presentedBytes)) matched = true;
  }
  return matched;
}
