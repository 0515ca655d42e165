/**
 * Rate limits: one sliding window per scope and key (server/rate-limits/sliding-window.ts), timed by the
 * injected clock, counted where window-counter.ts says. The scopes and their defaults are config.ts's
 * (RATE_LIMIT_SCOPES). A refusal is 429 `rate_limited` with `Retry-After`. `RATE_LIMITS=off` lifts them
 * all but the console login's (benchmarks). The middleware counting requests is server/middleware/rate-limit.ts.
 */
import type { Clock } from '../clock.ts';
import type { RateLimits, RateLimitScope } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import type { RateCounter, Verdict } from './window-counter.ts';

/**
 * Scopes counted against the shared total at once even on PostgreSQL: each gates work far costlier
 * than a database round trip (a provider call, an SMS, a stored file, a key comparison an attacker
 * would love to repeat). The others are counted locally and synced in batches.
 */
const EXACT_SCOPES: ReadonlySet<RateLimitScope> = new Set(['create', 'phone', 'upload', 'login']);

/** What each scope's refusal says; the payer may read it. */
const MESSAGES: Partial<Record<RateLimitScope, string>> = {
  phone: 'Too many payment requests to this phone number; wait a few minutes before trying again',
  upload: 'Too many uploads from this network; try again later',
  login: 'Too many login attempts; try again later',
};
const DEFAULT_MESSAGE = 'Too many requests; try again later';

export interface RateLimiter {
  /** Counts one request of `key` in `scope`; throws (or rejects with) 429 once it is over the limit. */
  hit(scope: RateLimitScope, key: string): void | Promise<void>;
  /** True when `scope` is lifted (`RATE_LIMITS=off`): nothing is counted, so no key need be derived. */
  lifted(scope: RateLimitScope): boolean;
}

export function createRateLimiter(limits: RateLimits, clock: Clock, counter: RateCounter): RateLimiter {
  const lifted = (scope: RateLimitScope) => limits.off && scope !== 'login';
  return {
    lifted,
    hit(scope, key) {
      if (lifted(scope)) return;
      const verdict = counter.take(`${scope}:${key}`, limits.limits[scope], clock.now(), EXACT_SCOPES.has(scope));
      const message = MESSAGES[scope] ?? DEFAULT_MESSAGE;
      if (verdict instanceof Promise) return verdict.then((settled) => refuseUnlessAdmitted(settled, message));
      refuseUnlessAdmitted(verdict, message);
    },
  };
}

function refuseUnlessAdmitted(verdict: Verdict, message: string): void {
  if (verdict.admitted) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
  throw new ApiError(429, 'rate_limited', message, { retryAfterSeconds });
}
