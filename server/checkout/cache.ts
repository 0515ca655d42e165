/**
 * A small time-boxed cache with single flight: concurrent readers of a missing key share one load (a
 * burst of payers opening the same link makes one provider call, not a hundred). Failures are not
 * cached, so a provider hiccup is retried by the next reader, except those `failureTtlMs` names (an id
 * the provider does not know): that answer is remembered for its own, shorter time, so asking for a
 * made-up id again costs no provider call. Time comes from the injected clock.
 */
import type { Clock } from '../clock.ts';

interface Entry<T> {
  value: Promise<T>;
  /** Clock time after which the entry is stale; Infinity while its load is still running. */
  expiresAt: number;
  /** A remembered failure: evicted before any value when the cache is full, kept by `forget`. */
  failed?: boolean;
}

export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  delete(key: string): void;
  /** Drops a value so the next read loads it afresh; a remembered failure stays (it is fresh enough). */
  forget(key: string): void;
}

export interface TtlCacheOptions {
  maxEntries?: number;
  /** How long a failed load is remembered, by its error: 0 (the default) not at all. */
  failureTtlMs?: (error: unknown) => number;
}

export function createTtlCache<T>(clock: Clock, ttlMs: number, options: TtlCacheOptions = {}): TtlCache<T> {
  const { maxEntries = 1000, failureTtlMs = () => 0 } = options;
  const entries = new Map<string, Entry<T>>();

  /** Room for one more: the oldest remembered failure goes first, so made-up ids cannot push out links. */
  function evictOne() {
    for (const [key, entry] of entries) {
      if (entry.failed) {
        entries.delete(key);
        return;
      }
    }
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }

  return {
    get(key, load) {
      const now = clock.now();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      entries.delete(key);
      // Bounded: an attacker asking for a million made-up ids cannot grow memory.
      if (entries.size >= maxEntries) evictOne();
      const entry: Entry<T> = { value: load(), expiresAt: Infinity };
      entries.set(key, entry);
      entry.value.then(
        () => {
          entry.expiresAt = clock.now() + ttlMs;
        },
        (error: unknown) => {
          if (entries.get(key) !== entry) return;
          const remembered = failureTtlMs(error);
          if (remembered > 0) {
            entry.failed = true;
            entry.expiresAt = clock.now() + remembered;
          } else entries.delete(key);
        },
      );
      return entry.value;
    },
    delete(key) {
      entries.delete(key);
    },
    forget(key) {
      if (!entries.get(key)?.failed) entries.delete(key);
    },
  };
}
