/** Currency exponents (ISO 4217 via Intl, overrides first) and amounts in major units. */
import { describe, expect, it } from 'vitest';
import {
  currencyExponent,
  formatMajor,
  isKnownCurrency,
  UnknownCurrencyError,
} from '../../../server/checkout/currency.ts';
import { hasMerchantKey } from '../../../server/middleware/merchant-auth.ts';

describe('currencyExponent', () => {
  it.each([
    ['XOF', 0],
    ['XAF', 0],
    ['JPY', 0],
    ['NGN', 2],
    ['KES', 2],
    ['USD', 2],
    ['BHD', 3],
  ])('%s has %i decimals', (code, exponent) => {
    expect(currencyExponent(code)).toBe(exponent);
  });

  it('lets CURRENCY_EXPONENTS win, including for codes Intl does not know', () => {
    expect(currencyExponent('XOF', { XOF: 2 })).toBe(2);
    expect(currencyExponent('CLF', { CLF: 4 })).toBe(4);
    expect(isKnownCurrency('CLF', { CLF: 4 })).toBe(true);
  });

  it('refuses a code nobody knows instead of guessing 2', () => {
    expect(() => currencyExponent('QQQ')).toThrow(UnknownCurrencyError);
    expect(() => currencyExponent('QQQ')).toThrow(
      'Unknown currency "QQQ": not an ISO 4217 code; set CURRENCY_EXPONENTS to name its exponent',
    );
    expect(() => currencyExponent('xof')).toThrow(UnknownCurrencyError);
    expect(isKnownCurrency('toString')).toBe(false);
  });
});

describe('formatMajor', () => {
  it('places the decimal point by the exponent and names the code', () => {
    expect(formatMajor(150_000, 'NGN', 2)).toBe('NGN 1,500.00');
    expect(formatMajor(15_000, 'XOF', 0)).toBe('XOF 15,000');
    expect(formatMajor(1, 'BHD', 3)).toBe('BHD 0.001');
  });
});

describe('hasMerchantKey', () => {
  const key = 'mk_live_0123456789abcdef';
  it.each([
    [`Bearer ${key}`, true],
    [`bearer ${key}`, true],
    [`Bearer  ${key} `, true],
    [`Bearer ${key}x`, false],
    [`Bearer ${key.slice(1)}`, false],
    [`Token ${key}`, false],
    [key, false],
    ['Bearer ', false],
    [undefined, false],
  ])('%s -> %s', (header, expected) => {
    expect(hasMerchantKey(header, [key])).toBe(expected);
  });

  it('never accepts anything when no key is configured', () => {
    expect(hasMerchantKey('Bearer ', [''])).toBe(false);
    expect(hasMerchantKey('Bearer x', [''])).toBe(false);
    expect(hasMerchantKey('Bearer x', [])).toBe(false);
  });
});
