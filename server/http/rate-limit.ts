/**
 * Rate limits: fixed windows per scope and key, timed by the injected clock. Scopes: `create` (payment
 * creations per IP), `reference` (actions on one payment: guessing OTPs and hammering verify), `ip`
 * (every public request, generous: payers share carrier NAT). A refusal is 429 `rate_limited` with
 * `Retry-After`. `RATE_LIMITS=off` lifts them all (benchmarks).
 *
 * The counts live where window-counter.ts says: per process on SQLite, shared by every instance on
 * PostgreSQL.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.ts';
import type { RateLimit, RateLimitScope, RateLimits } from '../config.ts';
import { ApiError } from './errors.ts';
import type { FixedWindow, WindowCounter } from './window-counter.ts';

export interface RateLimiter {
  /** Counts one request; throws (or rejects with) 429 once `key` has used up its window in `scope`. */
  hit(scope: RateLimitScope, key: string): void | Promise<void>;
  /** True when limits are lifted (`RATE_LIMITS=off`): nothing is counted, so no key need be derived. */
  readonly off?: boolean;
}

export function createRateLimiter(limits: RateLimits, clock: Clock, counter: WindowCounter): RateLimiter {
  if (limits === 'off') return { hit: () => undefined, off: true };
  return {
    hit: (scope, key) =>
      countHit(counter, clock, `${scope}:${key}`, limits[scope], 'Too many requests; try again later'),
  };
}

/**
 * Counts one hit of `id` against `limit` in the current window; over the limit, a 429 with `message`
 * and the seconds until the window ends. Synchronous when the counter is (in memory).
 */
export function countHit(
  counter: WindowCounter,
  clock: Clock,
  id: string,
  limit: RateLimit,
  message: string,
): void | Promise<void> {
  const now = clock.now();
  const windowMs = limit.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  const window: FixedWindow = { start, end: start + windowMs };
  const count = counter.increment(id, window);
  if (typeof count === 'number') return refuseOverLimit(count, limit, window, now, message);
  return count.then((counted) => refuseOverLimit(counted, limit, window, now, message));
}

function refuseOverLimit(count: number, limit: RateLimit, window: FixedWindow, now: number, message: string) {
  if (count <= limit.max) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((window.end - now) / 1000));
  throw new ApiError(429, 'rate_limited', message, { retryAfterSeconds });
}

/**
 * Middleware counting each request against `scope` under the key `keyOf` derives (e.g. the client IP,
 * the payment reference). No key, no count: the handler refuses such a request anyway.
 */
export function rateLimit(
  limiter: RateLimiter,
  scope: RateLimitScope,
  keyOf: (c: Context) => string | undefined,
): MiddlewareHandler {
  if (limiter.off) return (_c, next) => next();
  return async (c, next) => {
    const key = keyOf(c);
    if (key) {
      const counted = limiter.hit(scope, key);
      if (counted) await counted;
    }
    await next();
  };
}
