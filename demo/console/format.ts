/** Money and dates for the console, through Intl in the browser's language. */
const locale = () => navigator.language || 'en';

/**
 * The backend's exponents (CURRENCY_EXPONENTS over ISO 4217), given by GET /console/session: amounts
 * are shown with the backend's count of minor units, so the two never disagree on the decimal point.
 */
let backendExponents: Readonly<Record<string, number>> = {};

export function useExponents(exponents: Readonly<Record<string, number>>): void {
  backendExponents = exponents;
}

/**
 * The currency's minor units (XOF 0, NGN 2) as the backend counts them; undefined for a code the backend
 * never named, whose decimal point neither side knows (the browser's Intl data is not asked: it may
 * disagree with the backend's).
 */
export function minorUnits(currency: string): number | undefined {
  return backendExponents[currency];
}

/**
 * Integer minor units as money: 1500050 NGN is "NGN 15,000.50" (per the locale). Without an exponent
 * (a currency the backend does not know) the integer is shown as it is, never with a guessed point.
 */
export function money(minor: number, currency: string, exponent = minorUnits(currency)): string {
  if (exponent === undefined) return `${minor} ${currency} (minor units)`;
  try {
    return new Intl.NumberFormat(locale(), {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(minor / 10 ** exponent);
  } catch {
    // A code Intl refuses as a currency: the same digits, without its symbol.
    return `${currency} ${(minor / 10 ** exponent).toFixed(exponent)}`;
  }
}

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
