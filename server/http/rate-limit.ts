/**
 * Rate limits: in-memory fixed windows per scope and key, timed by the injected clock.
 * Scopes: `create` (payment creations per IP), `reference` (actions on one payment: guessing OTPs and
 * hammering verify), `ip` (every public request, generous: payers share carrier NAT). A refusal is 429
 * `rate_limited` with `Retry-After`. `RATE_LIMITS=off` lifts them all (benchmarks).
 *
 * In memory on purpose: a limit is a shield against bursts, not an accounting record, so per-instance
 * counters (each instance allowing `max`) are an acceptable approximation and cost no database write.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Clock } from '../clock.ts';
import type { RateLimitScope, RateLimits } from '../config.ts';
import { ApiError } from './errors.ts';

interface Window {
  start: number;
  count: number;
}

/** Past this many live counters, ended windows are swept on the next hit. */
const SWEEP_THRESHOLD = 10_000;

export interface RateLimiter {
  /** Counts one request; throws 429 once `key` has used up its window in `scope`. */
  hit(scope: RateLimitScope, key: string): void;
  /** True when limits are lifted (`RATE_LIMITS=off`): nothing is counted, so no key need be derived. */
  readonly off?: boolean;
}

export function createRateLimiter(limits: RateLimits, clock: Clock): RateLimiter {
  if (limits === 'off') return { hit: () => undefined, off: true };
  const byScope = limits;
  const windows = new Map<string, Window>();
  let nextSweepAt = SWEEP_THRESHOLD;

  function sweep(now: number) {
    for (const [id, window] of windows) {
      const scope = id.slice(0, id.indexOf(':')) as RateLimitScope;
      if (window.start + byScope[scope].windowSeconds * 1000 <= now) windows.delete(id);
    }
    nextSweepAt = Math.max(SWEEP_THRESHOLD, windows.size * 2);
  }

  return {
    hit(scope, key) {
      const { max, windowSeconds } = byScope[scope];
      const windowMs = windowSeconds * 1000;
      const now = clock.now();
      const start = Math.floor(now / windowMs) * windowMs;
      const id = `${scope}:${key}`;
      let window = windows.get(id);
      if (!window || window.start !== start) {
        if (windows.size >= nextSweepAt) sweep(now);
        window = { start, count: 0 };
        windows.set(id, window);
      }
      window.count += 1;
      if (window.count > max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
        throw new ApiError(429, 'rate_limited', 'Too many requests; try again later', { retryAfterSeconds });
      }
    },
  };
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
    if (key) limiter.hit(scope, key);
    await next();
  };
}
