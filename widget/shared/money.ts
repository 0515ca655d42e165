/**
 * Money as integer minor units. Typed amounts are parsed from their decimal text digit by digit (never
 * through a float, which would turn 0.29 NGN into 28 kobo), with the separators the amount is shown with
 * (shared/format.ts), so a payer types it as they read it.
 */
import { numberFormat, toDecimalText } from './format.ts';

// Where the server's pay page finds it beside the parser.
export { toDecimalText } from './format.ts';

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

/**
 * The same amount without Intl: the ISO code, then the digits in groups of three parted by a narrow
 * no-break space, and a '.' before the minor units ("XOF 15 000", "NGN 1 500.50"), readable in any
 * locale. From the integer's own digits, like `toDecimalText`.
 */
export function plainMoney(minor: number, currency: string, exponent: number): string {
  const [whole = '', fraction] = toDecimalText(minor, exponent).split('.');
  return `${currency} ${whole.replace(/\B(?=(\d{3})+$)/g, '\u202f')}${fraction ? '.' + fraction : ''}`;
}
