/**
 * The amount a payer types on the pay page is read by widget/shared/money.ts's `parseAmount`, the widget's
 * own parser: a payer must be able to type the same text on the page and in the widget. That parser is
 * written for the widget's bytes, so these answers, in Node as the server runs it, pin what the server
 * accepts: a rewrite that saves widget bytes and changes one of them fails here, not in a payer's hands.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, numberFormat } from '../../../widget/shared/format.ts';
import { parseAmount } from '../../../widget/shared/money.ts';

const LANGUAGES = ['en', 'fr', 'sw', 'ha', 'yo', 'wo'] as const;
/** The currencies served, with their exponents: XOF has no minor unit, the others two digits. */
const CURRENCIES = [
  ['XOF', 0],
  ['NGN', 2],
  ['KES', 2],
  ['GHS', 2],
] as const;

describe('a typed amount on the pay page', () => {
  it('reads what each language writes, grouped or not, with the currency around it or not', () => {
    const cases: [text: string, exponent: number, locale: string, minor: number][] = [
      ['1500', 0, 'en', 1500],
      ['1,500', 0, 'en', 1500],
      ['1,500.50', 2, 'en', 150050],
      ['0.29', 2, 'en', 29],
      ['.5', 2, 'en', 50],
      ['1500.', 0, 'en', 1500],
      ['₦2,500', 2, 'en', 250000],
      ['NGN 2,500.50', 2, 'en', 250050],
      ['KSh 1,000', 2, 'sw', 100000],
      ['1 500,50', 2, 'fr', 150050],
      ['1\u202f500,50', 2, 'fr', 150050],
      ['1500.50', 2, 'fr', 150050],
      ['15\u202f000\u00a0F\u00a0CFA', 0, 'fr', 15000],
      ['1,500.50', 2, 'ha', 150050],
      ['1,500.50', 2, 'yo', 150050],
      ['15 000', 0, 'wo', 15000],
      ['15\u202f000 FCFA', 0, 'wo', 15000],
    ];
    for (const [text, exponent, locale, minor] of cases)
      expect(parseAmount(text, exponent, locale), `${JSON.stringify(text)} in ${locale}`).toBe(minor);
  });

  it('refuses what is not a plain positive amount in the currency, in every language', () => {
    const refused: [text: string, exponent: number][] = [
      ['', 0],
      ['12a', 0],
      ['-500', 0],
      ['1e3', 0],
      ['0x10', 0],
      ['9'.repeat(20), 0],
    ];
    for (const locale of LANGUAGES)
      for (const [text, exponent] of refused)
        expect(parseAmount(text, exponent, locale), `${JSON.stringify(text)} in ${locale}`).toBe(undefined);
    // Minor units the currency does not have, after the language's decimal separator.
    expect(parseAmount('1500.5', 0, 'en')).toBe(undefined);
    expect(parseAmount('1500,5', 0, 'fr')).toBe(undefined);
    expect(parseAmount('1.234', 2, 'en')).toBe(undefined);
    expect(parseAmount('1,234', 2, 'fr')).toBe(undefined);
    expect(parseAmount('1.2.3', 2, 'en')).toBe(undefined);
  });

  it('reads back every amount as the page and the widget write it, in each language and currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LANGUAGES),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 10 ** 12 }),
        (locale, [currency, exponent], minor) => {
          const digits = { minimumFractionDigits: exponent, maximumFractionDigits: exponent };
          const plain = numberFormat(locale, digits).format(minor / 10 ** exponent);
          expect(parseAmount(plain, exponent, locale), plain).toBe(minor);
          const money = formatMoney(minor, currency, exponent, locale);
          expect(parseAmount(money, exponent, locale), money).toBe(minor);
        },
      ),
      { numRuns: 500 },
    );
  });
});
