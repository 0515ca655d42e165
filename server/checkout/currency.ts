/**
 * Currency exponents and amounts in major units. Amounts travel as integers in minor units everywhere;
 * the exponent says where the decimal point goes (XOF 0, NGN 2, BHD 3). ISO 4217 via `Intl`, with
 * `CURRENCY_EXPONENTS` overrides winning (a provider may count a currency differently from ISO).
 */

export class UnknownCurrencyError extends Error {
  override name = 'UnknownCurrencyError';

  constructor(readonly currency: string) {
    super(
      `Unknown currency ${JSON.stringify(currency)}: not an ISO 4217 code; set CURRENCY_EXPONENTS to name its exponent`,
    );
  }
}

// `Intl` formats any well-formed code, answering 2 digits for codes it has never heard of: guessing 2 for
// an unknown currency would scale amounts by 100 silently, so unknown codes are refused instead.
let supported: ReadonlySet<string> | undefined;
function isSupported(code: string): boolean {
  supported ??= new Set(Intl.supportedValuesOf('currency'));
  return supported.has(code);
}

export function isKnownCurrency(code: string, overrides: Readonly<Record<string, number>> = {}): boolean {
  return Object.hasOwn(overrides, code) || (/^[A-Z]{3}$/.test(code) && isSupported(code));
}

/** The number of minor-unit digits of `code`; throws UnknownCurrencyError for a code nobody knows. */
export function currencyExponent(code: string, overrides: Readonly<Record<string, number>> = {}): number {
  const override = Object.hasOwn(overrides, code) ? overrides[code] : undefined;
  if (override !== undefined) return override;
  if (!isKnownCurrency(code)) throw new UnknownCurrencyError(code);
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * Every currency this backend can count and its exponent, as currencyExponent answers each: what a
 * client that shows our amounts must use, so it never disagrees with us on where the decimal point is.
 */
export function knownExponents(overrides: Readonly<Record<string, number>> = {}): Record<string, number> {
  supported ??= new Set(Intl.supportedValuesOf('currency'));
  const codes = new Set([...supported, ...Object.keys(overrides)]);
  return Object.fromEntries([...codes].sort().map((code) => [code, currencyExponent(code, overrides)]));
}

/**
 * `150000` NGN (exponent 2) -> "NGN 1,500.00": the code rather than a symbol, so "F CFA" and "$" never
 * get confused, and a plain space so messages read the same in logs and tests.
 */
export function formatMajor(minor: number, currency: string, exponent: number): string {
  const major = minor / 10 ** exponent;
  const digits = { minimumFractionDigits: exponent, maximumFractionDigits: exponent };
  const number = new Intl.NumberFormat('en', digits).format(major);
  return `${currency} ${number}`;
}
