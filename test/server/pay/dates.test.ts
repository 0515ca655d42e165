/**
 * The pay page's and the receipt's dates: the market's zone, named; two-digit minutes in every
 * language (CLDR's Yoruba pattern alone writes "13:5"); no "saa" before a 24-hour time in Swahili; and
 * an expiry as whole minutes left.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, marketTimeZone, minutesLeft } from '../../../server/pay/dates.ts';

const AT_13_05_UTC = Date.parse('2026-11-24T13:05:00Z');

describe('formatDateTime', () => {
  it("writes each language's date, a 24-hour time with two-digit minutes, and the zone", () => {
    const cases: [locale: string, country: string][] = [
      ['en', 'KE'],
      ['fr', 'SN'],
      ['fr-CI', 'CI'],
      ['sw', 'KE'],
      ['sw-KE', 'KE'],
      ['sw-TZ', 'TZ'],
      ['ha', 'NG'],
      ['yo', 'NG'],
      ['wo', 'SN'],
    ];
    expect(cases.map(([locale, country]) => formatDateTime(AT_13_05_UTC, locale, country))).toEqual([
      'November 24, 2026, 16:05 GMT+3',
      '24 novembre 2026, 13:05 GMT',
      '24 novembre 2026, 13:05 GMT',
      '24 Novemba 2026, 16:05 GMT+3',
      '24 Novemba 2026, 16:05 GMT+3',
      '24 Novemba 2026, 16:05 GMT+3',
      // As the widget writes them in every engine (widget/shared/format.ts): digits, no engine's words.
      '24/11/2026, 14:05 GMT+1',
      '24/11/2026, 14:05 GMT+1',
      '24/11/2026, 13:05 GMT',
    ]);
  });

  it('keeps the leading zero of an hour and of a minute', () => {
    const early = Date.parse('2026-11-24T07:05:00Z');
    expect(formatDateTime(early, 'yo', 'NG')).toBe('24/11/2026, 08:05 GMT+1');
    expect(formatDateTime(early, 'en', 'SN')).toBe('November 24, 2026, 07:05 GMT');
  });

  it('names UTC for a country without a market zone, and writes a language we do not ship in digits', () => {
    expect(marketTimeZone('zz')).toBe('UTC');
    expect(formatDateTime(AT_13_05_UTC, 'xx', 'ZZ')).toBe('24/11/2026, 13:05 UTC');
  });

  it("names the merchant's zone for a country without a market zone, where it is known", () => {
    expect(formatDateTime(AT_13_05_UTC, 'en', 'ZZ', 'Africa/Lagos')).toBe('November 24, 2026, 14:05 GMT+1');
    expect(formatDateTime(AT_13_05_UTC, 'en', 'KE', 'Africa/Lagos'), 'the market first').toBe(
      'November 24, 2026, 16:05 GMT+3',
    );
  });
});

describe('minutesLeft', () => {
  it('rounds up, and is undefined once the time has passed', () => {
    const now = AT_13_05_UTC;
    expect(minutesLeft(now + 10 * 60_000, now)).toBe(10);
    expect(minutesLeft(now + 4 * 60_000 + 1, now)).toBe(5);
    expect(minutesLeft(now + 1, now)).toBe(1);
    expect(minutesLeft(now, now)).toBeUndefined();
    expect(minutesLeft(now - 1, now)).toBeUndefined();
  });
});
