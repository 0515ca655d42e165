/**
 * Merchant authentication: `Authorization: Bearer MERCHANT_API_KEY` for server-to-server
 * calls, or the console's session cookie (see server/console/sessions.ts), so every merchant route (sessions,
 * uploads, the payments list, payouts, /metrics) shares this one gate. A cookie is ambient authority, so
 * an unsafe method carried by it must come from one of our own pages (`Origin`): 403 otherwise (CSRF).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { factory, type AppEnv } from '../env.ts';
import { CONSOLE_COOKIE, isSameOrigin } from '../console/sessions.ts';
import { ApiError } from '../http/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * Whether `given` is one of the merchant keys (the current one and, during a rotation, the previous
 * ones). Both sides are hashed first, so each comparison takes the same time whatever the length or
 * content of a guess, and every key is compared, so the time does not tell which one matched.
 */
export function isMerchantKey(given: string, merchantApiKeys: readonly string[]): boolean {
  if (!given) return false;
  const presented = digest(given);
  let matched = false;
  for (const key of merchantApiKeys) {
    if (key && timingSafeEqual(presented, digest(key))) matched = true;
  }
  return matched;
}

/** Whether the request's `Authorization: Bearer <key>` carries one of the merchant keys. */
export function hasMerchantKey(authorization: string | undefined, merchantApiKeys: readonly string[]): boolean {
  if (!authorization) return false;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  return match?.[1] !== undefined && isMerchantKey(match[1], merchantApiKeys);
}

async function assertMerchant(c: Context<AppEnv>, merchantApiKeys: readonly string[]): Promise<void> {
  if (hasMerchantKey(c.req.header('authorization'), merchantApiKeys)) return;
  // The app sets `consoleSessions`; a sub-app run on its own has none and takes the key only.
  const sessions = c.get('consoleSessions');
  if (merchantApiKeys.length > 0 && sessions && (await sessions.expiresAt(getCookie(c, CONSOLE_COOKIE))) !== undefined) {
    // Our own check, not hono's `csrf`: that one judges form-encodable bodies only, and a JSON POST
    // carried by the cookie must come from our pages too.
    if (SAFE_METHODS.has(c.req.method) || isSameOrigin(c, sessions.publicOrigin)) return;
    throw new ApiError(403, 'forbidden', 'A console request must come from the console page (Origin)');
  }
  // RFC 6750: a 401 names the scheme it wants; set before the throw so the error answer keeps it.
  c.header('WWW-Authenticate', 'Bearer realm="pay-checkout"');
  throw new ApiError(
    401,
    'unauthorized',
    'A valid merchant API key is required: Authorization: Bearer <key>',
  );
}

/** Middleware form of assertMerchant, for a whole route or sub-app. */
export function requireMerchant(merchantApiKeys: readonly string[]) {
  return factory.createMiddleware(async (c, next) => {
    await assertMerchant(c, merchantApiKeys);
    await next();
  });
}
