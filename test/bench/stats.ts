/** Pure arithmetic of the bench's browser figures: medians of loads, and layout shifts summed as CLS. */

/** The middle value (the upper middle of an even count), or NaN for no values. Does not reorder `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One `layout-shift` entry the page saw (those right after an input are left out before this point). */
export interface LayoutShift {
  /** Milliseconds since navigation. */
  startTime: number;
  value: number;
}

/** The gap that closes a session window, and the longest a window may last (the Web Vitals definition). */
const SESSION_GAP_MS = 1000;
const SESSION_MAX_MS = 5000;

/**
 * Cumulative Layout Shift as Chromium and Lighthouse report it: shifts are grouped into session windows
 * (a window ends after 1 s without a shift, or 5 s after its first shift) and CLS is the largest window's
 * sum. On a single page load of a few seconds this is usually the simple sum of all shifts.
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[]): number {
  const ordered = [...shifts].sort((a, b) => a.startTime - b.startTime);
  let largest = 0;
  let windowSum = 0;
  let windowStart = Number.NEGATIVE_INFINITY;
  let previous = Number.NEGATIVE_INFINITY;
  for (const shift of ordered) {
    if (shift.startTime - previous > SESSION_GAP_MS || shift.startTime - windowStart > SESSION_MAX_MS) {
      windowSum = 0;
      windowStart = shift.startTime;
    }
    windowSum += shift.value;
    previous = shift.startTime;
    largest = Math.max(largest, windowSum);
  }
  return largest;
}
