/**
 * A small time-boxed cache with single flight: concurrent readers of a missing key share one load (a
 * burst of payers opening the same link makes one provider call, not a hundred). Failures are not
 * cached, so a provider hiccup is retried by the next reader. Time comes from the injected clock.
 */
import type { Clock } from '../clock.ts';

interface Entry<T> {
  value: Promise<T>;
  /** Clock time after which the entry is stale; Infinity while its load is still running. */
  expiresAt: number;
}

export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
}

export function createTtlCache<T>(clock: Clock, ttlMs: number, maxEntries = 1000): TtlCache<T> {
  const entries = new Map<string, Entry<T>>();

  return {
    get(key, load) {
      const now = clock.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      entries.delete(key);
      // Bounded: an attacker asking for a million made-up ids cannot grow memory (oldest goes first).
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const entry: Entry<T> = { value: load(), expiresAt: Infinity };
      entries.set(key, entry);
      entry.value.then(
        () => {
          entry.expiresAt = clock.now() + ttlMs;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },
    delete(key) {
      entries.delete(key);
    },
  };
}
