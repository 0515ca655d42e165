/**
 * Dates and times on the pay page and the receipt: in the payer's language, in the market's time zone
 * with the zone named, never the server's own. Minutes always have two digits (CLDR's Yoruba pattern
 * alone prints "13:5"), hours run 00–23, and the date and the time are formatted apart and joined with a
 * comma: CLDR's joining words are not ours to choose, and Kenyan Swahili's "saa" before a 24-hour time
 * reads as a count from 6 a.m. ("saa 14:30").
 */
import { intlLocale } from '../../widget/shared/intl-locale.ts';

/**
 * Where each market's payers live, so a time is theirs and not the server's. A country not listed
 * shows UTC, named as such.
 */
const MARKET_TIME_ZONES: Record<string, string> = {
  BF: 'Africa/Ouagadougou',
  BJ: 'Africa/Porto-Novo',
  CI: 'Africa/Abidjan',
  CM: 'Africa/Douala',
  GH: 'Africa/Accra',
  KE: 'Africa/Nairobi',
  ML: 'Africa/Bamako',
  NG: 'Africa/Lagos',
  RW: 'Africa/Kigali',
  SN: 'Africa/Dakar',
  TG: 'Africa/Lome',
  TZ: 'Africa/Dar_es_Salaam',
  UG: 'Africa/Kampala',
  ZM: 'Africa/Lusaka',
};

export const marketTimeZone = (country: string): string => MARKET_TIME_ZONES[country.toUpperCase()] ?? 'UTC';

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/**
 * "24 Novemba 2026, 16:05 (GMT+3)". Where Node lacks the language's formats, the date in digits only
 * (24/11/2026), as the widget writes it: never a month name of another language.
 */
export function formatDateTime(epochMs: number, locale: string, country: string): string {
  const formatIn = intlLocale(locale);
  const timeZone = marketTimeZone(country);
  const dateOptions: Intl.DateTimeFormatOptions =
    formatIn === locale
      ? { year: 'numeric', month: 'long', day: 'numeric' }
      : { year: 'numeric', month: '2-digit', day: '2-digit' };
  const date = new Intl.DateTimeFormat(formatIn, { ...dateOptions, timeZone }).format(epochMs);
  const time = new Intl.DateTimeFormat(formatIn, { ...TIME, timeZone }).format(epochMs);
  const zone =
    new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
      .formatToParts(epochMs)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'UTC';
  return `${date}, ${time} (${zone})`;
}

/**
 * Whole minutes left until `expiresAtMs`, rounded up (a code valid for 4 min 10 s says 5), or undefined
 * once it has passed: the page then claims no time at all.
 */
export function minutesLeft(expiresAtMs: number, nowMs: number): number | undefined {
  const left = expiresAtMs - nowMs;
  return left > 0 ? Math.ceil(left / 60_000) : undefined;
}
