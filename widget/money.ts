/**
 * Money as integer minor units. Typed amounts are parsed from their decimal text digit by digit (never
 * through a float, which would turn 0.29 NGN into 28 kobo); display goes through `Intl.NumberFormat`.
 */

const separator = (locale: string, type: 'decimal' | 'group') =>
  new Intl.NumberFormat(locale).formatToParts(12345.6).find((part) => part.type === type)?.value ?? '';

/**
 * Minor units of a typed amount in major units ("1 500,50" in French, "1,500.50" in English), or
 * `undefined` when it is not a plain positive decimal or has more fraction digits than the currency.
 * Spaces and the locale's group separator are ignored; a '.' is also accepted as the decimal separator where it is not the group separator.
 */
export function parseAmount(text: string, exponent: number, locale: string): number | undefined {
  const decimal = separator(locale, 'decimal');
  let plain = text.replace(/[\s\u00a0\u202f]/g, '');
  const group = separator(locale, 'group').trim();
  if (group && group !== decimal) plain = plain.split(group).join('');
  const [whole = '', fraction = '', ...rest] = plain.split(
    new RegExp(`[${group === '.' ? '' : '.'}${decimal}]`),
  );
  if (rest.length || !/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '')
    return undefined;
  if (fraction.length > exponent) return undefined;
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
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  }).format(toDecimalText(minor, exponent) as Intl.StringNumericLiteral);
}
