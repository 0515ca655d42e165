/**
 * Dates and times on the pay page and the receipt: written as the widget writes them
 * (widget/shared/format.ts), in the market's time zone with the zone named, never the server's own.
 */
import { formatDateTime as formatIn } from '../../widget/shared/format.ts';

/**
 * Where each market's payers live, so a time is theirs and not the server's. A country not listed
 * shows the merchant's zone (MERCHANT_TIME_ZONE) where the caller knows it, else UTC, named as such.
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

export const marketTimeZone = (country: string, otherwise = 'UTC'): string =>
  MARKET_TIME_ZONES[country.toUpperCase()] ?? otherwise;

/** "24 Novemba 2026, 16:05 GMT+3" in the time zone of `country`'s payers, else in `otherwise`. */
export const formatDateTime = (
  epochMs: number,
  locale: string,
  country: string,
  otherwise?: string,
): string => formatIn(epochMs, locale, marketTimeZone(country, otherwise));

/**
 * Whole minutes left until `expiresAtMs`, rounded up (a code valid for 4 min 10 s says 5), or undefined
 * once it has passed: the page then claims no time at all.
 */
export function minutesLeft(expiresAtMs: number, nowMs: number): number | undefined {
  const left = expiresAtMs - nowMs;
  return left > 0 ? Math.ceil(left / 60_000) : undefined;
}
