/**
 * One way to write money and time, for the widget, the pay page and the receipt alike: the same amount
 * or time reads the same in Node, Chromium, Firefox and WebKit, in each of our languages.
 *
 * `Intl` is asked only in locales every engine ships with the same CLDR data. Chromium ships none for
 * Hausa, Yoruba or Wolof (it would answer in American English), and the engines that do ship them
 * disagree ("₦ 15,000.50" or "₦15,000.50", "NGN." or "NGN"), so those three are written in their
 * market's other language, explicitly: Nigerian English for Hausa and Yoruba, Senegalese French for
 * Wolof. Their dates are in digits only (24/11/2026), never a month name of that other language in
 * the middle of the payer's sentence.
 */

import { languageOf } from './translation.ts';

/** The other language of the market, for each of ours that `Intl` cannot be trusted with. */
const MARKET_LOCALE: Record<string, string> = { ha: 'en-NG', yo: 'en-NG', wo: 'fr-SN' };

/**
 * The locale `Intl` writes `locale`'s numbers, money and dates in. English, French and Swahili, which
 * every engine has in words, keep the link's region ("en-NG" writes "₦"). Any other language or tag:
 * '.' decimals, ',' groups, dates day first in digits, as our markets write them.
 */
export const formatLocale = (locale: string): string =>
  /^(en|fr|sw)(-[a-z]{2})?$/i.test(locale) ? locale : (MARKET_LOCALE[languageOf(locale)] ?? 'en-GB');

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One `Intl.NumberFormat` per locale and options, kept for the page's life: building one costs far more
 * than formatting with it, and the first one of a page is slow (V8 prepares ICU's number data).
 * Parsing and display share it, so a payer types amounts the way they are shown ("15 000" in Wolof).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(formatLocale(locale), options)));
  return format;
}

/** Whether this page has paid Intl's one-time cost, so a formatter is cheap. */
export const intlReady = () => formats.size > 0;

/** The decimal text of minor units in major units, exactly: 150050 with exponent 2 is "1500.50". */
export function toDecimalText(minor: number, exponent: number): string {
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  return (minor < 0 ? '-' : '') + (exponent ? `${whole}.${digits.slice(-exponent)}` : whole);
}

/**
 * "₦15,000.50", "15 000 FCFA". From the integer's decimal text, never through a float. Senegal writes
 * the franc "FCFA" where CLDR's French has "F CFA": Wolof follows Senegal.
 */
export function formatMoney(minor: number, currency: string, exponent: number, locale: string): string {
  const text = numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(toDecimalText(minor, exponent) as Intl.StringNumericLiteral);
  return /^wo\b/i.test(locale) ? text.replace(/F\sCFA/, 'FCFA') : text;
}

/**
 * A time ("16:05 GMT+3") or a date and time ("24 Novemba 2026, 16:05 GMT+3") in `timeZone`, the
 * browser's own when undefined, with the zone named: a payer must never take another zone's time for
 * theirs. The time is British English's in every language (hours 00–23, two-digit minutes, where CLDR's
 * Yoruba prints "13:5"), after the date and a comma: CLDR's joining words are not ours to choose, and
 * Swahili's "saa" before a 24-hour time reads as a count from 6 a.m. '' for an invalid time.
 */
export function formatDateTime(
  at: number | string | undefined,
  locale: string,
  timeZone?: string,
  timeOnly?: boolean,
): string {
  const date = new Date(at ?? NaN);
  if (isNaN(+date)) return '';
  const formatIn = formatLocale(locale);
  const words = formatIn === locale;
  return (
    (timeOnly
      ? ''
      : new Intl.DateTimeFormat(words ? formatIn : 'en-GB', {
          day: words ? 'numeric' : '2-digit',
          month: words ? 'long' : '2-digit',
          year: 'numeric',
          timeZone,
        }).format(date) + ', ') +
    new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone,
    }).format(date)
  );
}
