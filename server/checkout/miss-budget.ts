/**
 * Each client's budget of unknown link ids (`UNKNOWN_LINK_BUDGET`, misses per window). A link id the
 * provider does not know is remembered as unknown (UNKNOWN_LINK_TTL_MS), but a *different* made-up id
 * still costs a provider call under the merchant's credentials; a client that keeps inventing ids
 * would spend the provider account's own rate limit, and real payers would be refused with it. So
 * every provider lookup a client causes holds one unit of its budget while it runs: a link the
 * provider knows gives it back, an unknown one keeps it for the window. Over budget, the client is
 * answered 429 `rate_limited` with `Retry-After`, and the provider is not asked.
 *
 * Clients are keyed as every per-IP limit is (client-ip.ts: an IPv6 client by its prefix). Counted in
 * this instance's memory: N instances allow a client N budgets, each still a small number of calls.
 */
import type { Clock } from '../clock.ts';
import type { RateLimit } from '../config.ts';
import { ApiError } from '../http/errors.ts';

/** Clients remembered at once; past it the one untouched longest is forgotten (memory stays bounded). */
const MAX_CLIENTS = 10_000;

interface ClientMisses {
  /** Clock times of the misses still inside the window, oldest first. */
  at: number[];
  /** Lookups under way, each holding a unit until the provider answers. */
  pending: number;
}

export interface MissBudget {
  /**
   * Runs `lookup` (one provider call for a link id not in the cache) on `client`'s budget. `isMiss`
   * tells an unknown link's failure from any other. No client (background work): not counted.
   */
  spend<T>(
    client: string | undefined,
    lookup: () => Promise<T>,
    isMiss: (error: unknown) => boolean,
  ): Promise<T>;
}

export function createMissBudget(clock: Clock, budget: RateLimit): MissBudget {
  const windowMs = budget.windowSeconds * 1000;
  const clients = new Map<string, ClientMisses>();

  function entryOf(client: string, now: number): ClientMisses {
    const entry = clients.get(client) ?? { at: [], pending: 0 };
    while (entry.at.length && entry.at[0]! <= now - windowMs) entry.at.shift();
    // Touched last, kept longest: delete and set again moves it to the end of the Map's order.
    clients.delete(client);
    clients.set(client, entry);
    if (clients.size > MAX_CLIENTS) clients.delete(clients.keys().next().value!);
    return entry;
  }

  return {
    async spend(client, lookup, isMiss) {
      if (client === undefined) return lookup();
      const now = clock.now();
      const entry = entryOf(client, now);
      if (entry.at.length + entry.pending >= budget.max) {
        // The first miss to leave the window frees a unit (a pending lookup may free one sooner).
        const oldest = entry.at[0] ?? now;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
        throw new ApiError(429, 'rate_limited', 'Too many unknown payment links; try again later', {
          retryAfterSeconds,
        });
      }
      entry.pending++;
      try {
        return await lookup();
      } catch (error) {
        if (isMiss(error)) entry.at.push(clock.now());
        throw error;
      } finally {
        entry.pending--;
      }
    },
  };
}
