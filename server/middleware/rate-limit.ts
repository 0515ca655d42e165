/**
 * The rate limiter as middleware: each request counted against a scope (server/rate-limits/limiter.ts)
 * under a key derived from it, such as the client IP, before the handler runs.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { RateLimitScope } from '../config.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';

/**
 * Middleware counting each request against `scope` under the key `keyOf` derives (e.g. the client IP).
 * No key, no count: the handler refuses such a request anyway. A lifted scope leaves no work in the chain.
 */
export function rateLimit(
  limiter: RateLimiter,
  scope: RateLimitScope,
  keyOf: (c: Context) => string | undefined,
): MiddlewareHandler {
  if (limiter.lifted(scope)) return (_c, next) => next();
  return async (c, next) => {
    const key = keyOf(c);
    if (key) {
      const counted = limiter.hit(scope, key);
      if (counted) await counted;
    }
    await next();
  };
}
