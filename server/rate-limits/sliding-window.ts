/**
 * The one rule every rate limit follows: a two-bucket sliding window. Hits are counted per fixed window,
 * and a request is judged against the current window's count plus the previous window's, weighted by how
 * much of the previous window still lies within the last `windowSeconds`. A fixed window alone lets a
 * client spend its allowance at the end of one window and again at the start of the next (twice the
 * limit in a moment); the weighted sum never lets more than about the limit through in any span of one
 * window. Only admitted hits are counted, so a refused client is free again as its admitted hits age out.
 */
import type { RateLimit } from '../config.ts';

/** Admitted hits of one key in the window containing `now` and in the one before it. */
export interface WindowCounts {
  previous: number;
  current: number;
}

/** Where `now` falls: the start of its window (epoch ms) and how far into it. */
export function windowOf(limit: RateLimit, now: number): { start: number; elapsed: number; length: number } {
  const length = limit.windowSeconds * 1000;
  const start = Math.floor(now / length) * length;
  return { start, elapsed: now - start, length };
}

/** The weighted count one more hit would be judged on, without it. */
function estimate({ previous, current }: WindowCounts, elapsed: number, length: number): number {
  return previous * (1 - elapsed / length) + current;
}

/** Whether one more hit fits under `limit` at `now`. */
export function admits(counts: WindowCounts, limit: RateLimit, now: number): boolean {
  const { elapsed, length } = windowOf(limit, now);
  return estimate(counts, elapsed, length) + 1 <= limit.max;
}

/**
 * Milliseconds until one more hit would fit, if nobody else is admitted meanwhile: later in this window,
 * as the previous window's weight fades; or in the next, once this window's own count has faded enough.
 */
export function msUntilAdmitted(counts: WindowCounts, limit: RateLimit, now: number): number {
  const { elapsed, length } = windowOf(limit, now);
  const room = limit.max - 1;
  if (counts.current <= room && counts.previous > 0) {
    const fadedAt = length * (1 - (room - counts.current) / counts.previous);
    return Math.max(0, fadedAt - elapsed);
  }
  const fadedInNext = counts.current > 0 ? length * (1 - room / counts.current) : 0;
  return length - elapsed + Math.max(0, fadedInNext);
}
