import { describe, expect, it } from 'vitest';
import { cumulativeLayoutShift, median } from '../../bench/stats.ts';

describe('median', () => {
  it('takes the middle of an odd count without reordering its input', () => {
    const values = [30, 10, 20];
    expect(median(values)).toBe(20);
    expect(values).toEqual([30, 10, 20]);
  });

  it('takes the upper middle of an even count, and NaN of nothing', () => {
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

describe('cumulativeLayoutShift', () => {
  it('is 0 without shifts', () => {
    expect(cumulativeLayoutShift([])).toBe(0);
  });

  it('sums the shifts of one window, in any order', () => {
    const shifts = [
      { startTime: 900, value: 0.25 },
      { startTime: 100, value: 0.125 },
      { startTime: 1800, value: 0.0625 },
    ];
    expect(cumulativeLayoutShift(shifts)).toBe(0.4375);
  });

  it('starts a new window after more than 1 s without a shift, and keeps the largest', () => {
    const shifts = [
      { startTime: 0, value: 0.25 },
      { startTime: 1000, value: 0.125 }, // exactly 1 s after: same window
      { startTime: 2001, value: 0.5 }, // a gap over 1 s: a new window
    ];
    expect(cumulativeLayoutShift(shifts)).toBe(0.5);
  });

  it('closes a window 5 s after its first shift, however close the shifts', () => {
    const shifts = Array.from({ length: 12 }, (_, index) => ({ startTime: index * 500, value: 0.125 }));
    // 0 to 5000 ms: 11 shifts in the first window; the one at 5500 ms opens the next.
    expect(cumulativeLayoutShift(shifts)).toBe(11 * 0.125);
  });
});
