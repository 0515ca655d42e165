/**
 * Merchant authentication for server-to-server calls (DESIGN section 3): `Authorization: Bearer
 * MERCHANT_API_KEY`. The console's cookie will be accepted here too once the console exists, so every
 * merchant route (sessions, uploads, the payments list) shares this one gate.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ApiError } from './errors.ts';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether the request carries the merchant key. Both sides are hashed first so the comparison takes the
 * same time whatever the length or content of a guess: nothing about the key leaks through timing.
 */
export function hasMerchantKey(authorization: string | undefined, merchantApiKey: string): boolean {
  if (!merchantApiKey || !authorization) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(merchantApiKey));
}

export function assertMerchant(c: Context, merchantApiKey: string): void {
  if (hasMerchantKey(c.req.header('authorization'), merchantApiKey)) return;
  // RFC 6750: a 401 names the scheme it wants; set before the throw so the error answer keeps it.
  c.header('WWW-Authenticate', 'Bearer realm="pay-checkout"');
  throw new ApiError(
    401,
    'unauthorized',
    'A valid merchant API key is required: Authorization: Bearer <key>',
  );
}

/** Middleware form of assertMerchant, for a whole route or sub-app. */
export function requireMerchant(merchantApiKey: string): MiddlewareHandler {
  return async (c, next) => {
    assertMerchant(c, merchantApiKey);
    await next();
  };
}
