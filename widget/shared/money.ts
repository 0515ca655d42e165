/**
 * Money as integer minor units. Typed amounts are parsed from their decimal text digit by digit (never
 * through a float, which would turn 0.29 NGN into 28 kobo); display goes through `Intl.NumberFormat`, in
 * the checkout's locale or, where the browser lacks its language, in its market's other language.
 */
import { intlLocale } from './intl-locale.ts';

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One `Intl.NumberFormat` per locale and options, kept for the page's life: building one costs far more
 * than formatting with it, and the first one of a page is slow (V8 prepares ICU's number data).
 * Parsing and display share it, so a payer types amounts the way they are shown ("1 500,50" in Wolof).
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = locale + JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), options)));
  return format;
}

/** Whether this page has paid Intl's one-time cost, so a formatter is cheap (`plainMoney` then not needed). */
export const intlReady = () => formats.size > 0;

const separator = (locale: string, type: 'decimal' | 'group') =>
  numberFormat(locale)
    .formatToParts(12345.6)
    .find((part) => part.type === type)?.value ?? '';

/**
 * Minor units of a typed amount in major units ("1 500,50" in French, "1,500.50" in English), or
 * `undefined` when it is not a plain positive decimal or has more fraction digits than the currency.
 * Spaces and the locale's group separator are ignored; a '.' is also accepted as the decimal separator where it is not the group separator.
 * So is the currency around the number, as payers write it or copy it: a symbol ("₦2,500") or a word of
 * two letters or more ("NGN 2,500", "15 000 F CFA", "KSh 1,000"); a lone letter ("12a") is a typo.
 */
export function parseAmount(text: string, exponent: number, locale: string): number | undefined {
  let plain = text
    .replace(/\s/g, '') // \s includes the no-break spaces Intl groups with
    .replace(/^(?:\p{Sc}|\p{L}{2,})+|(?:\p{Sc}|\p{L}{2,})+$/gu, '');
  if (!plain) return undefined; // the empty amount field of a first render needs no Intl
  const decimal = separator(locale, 'decimal');
  const group = separator(locale, 'group').trim();
  if (group && group !== decimal) plain = plain.split(group).join('');
  const [whole = '', fraction = '', ...rest] = plain.split(
    new RegExp(`[${group === '.' ? '' : '.'}${decimal}]`),
  );
  if (rest.length || !/^\d+$/.test(whole + fraction) || fraction.length > exponent) return undefined;
  const minor = Number(whole + fraction.padEnd(exponent, '0'));
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/** The decimal text of minor units in major units, exactly: 150050 with exponent 2 is "1500.50". */
export function toDecimalText(minor: number, exponent: number): string {
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  return (minor < 0 ? '-' : '') + (exponent ? `${whole}.${digits.slice(-exponent)}` : whole);
}

export function formatMoney(minor: number, currency: string, exponent: number, locale: string): string {
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(toDecimalText(minor, exponent) as Intl.StringNumericLiteral);
}

/**
 * The same amount without Intl: the ISO code, then the digits in groups of three parted by a narrow
 * no-break space, and a '.' before the minor units ("XOF 15 000", "NGN 1 500.50"), readable in any
 * locale. From the integer's own digits, like `toDecimalText`.
 */
export function plainMoney(minor: number, currency: string, exponent: number): string {
  const [whole = '', fraction] = toDecimalText(minor, exponent).split('.');
  return `${currency} ${whole.replace(/\B(?=(\d{3})+$)/g, '\u202f')}${fraction ? '.' + fraction : ''}`;
}
