import { expect } from '@open-wc/testing';
import { parseAmount, plainMoney, toDecimalText } from '../../../widget/shared/money.ts';
import { formatMoney } from '../../../widget/shared/format.ts';

describe('money', () => {
  it('parses XOF (exponent 0) in whole units', () => {
    expect(parseAmount('1500', 0, 'en')).to.equal(1500);
    expect(parseAmount('1,500', 0, 'en')).to.equal(1500);
    expect(parseAmount(' 1 500 ', 0, 'fr')).to.equal(1500);
    expect(parseAmount('1500.', 0, 'en')).to.equal(1500);
    expect(parseAmount('1500.5', 0, 'en')).to.equal(undefined);
    expect(parseAmount('1500,5', 0, 'fr')).to.equal(undefined);
  });

  it('parses NGN (exponent 2) digit by digit, without float error', () => {
    expect(parseAmount('0.29', 2, 'en')).to.equal(29);
    expect(parseAmount('1.1', 2, 'en')).to.equal(110);
    expect(parseAmount('1,500.29', 2, 'en')).to.equal(150029);
    expect(parseAmount('1 500,29', 2, 'fr')).to.equal(150029);
    expect(parseAmount('1\u202f500,29', 2, 'fr')).to.equal(150029);
    expect(parseAmount('1500.29', 2, 'fr'), "'.' accepted where it is not the group separator").to.equal(
      150029,
    );
    expect(parseAmount('.5', 2, 'en')).to.equal(50);
    expect(parseAmount('1.234', 2, 'en')).to.equal(undefined);
  });

  it('takes the currency around the amount, as payers write it or copy it', () => {
    expect(parseAmount('₦2,500', 2, 'en')).to.equal(250000);
    expect(parseAmount('NGN 2,500.50', 2, 'en')).to.equal(250050);
    expect(parseAmount('15\u202f000 F\u00a0CFA', 0, 'fr')).to.equal(15000);
    expect(parseAmount('KSh 1,000', 2, 'en')).to.equal(100000);
    expect(parseAmount('1 000 $', 2, 'fr')).to.equal(100000);
    for (const typed of ['₦', 'NGN', '2,5₦00', '12a', 'a12'])
      expect(parseAmount(typed, 2, 'en'), JSON.stringify(typed)).to.equal(undefined);
  });

  it('refuses what is not a plain positive decimal', () => {
    for (const typed of ['', ' ', '-5', '+5', '1e3', '1.2.3', 'abc', '12a', '0x10', '∞', '.']) {
      expect(parseAmount(typed, 2, 'en'), JSON.stringify(typed)).to.equal(undefined);
    }
    expect(parseAmount('9'.repeat(20), 0, 'en'), 'beyond safe integers').to.equal(undefined);
  });

  it('a language we do not ship is read as it is shown: "," groups, "." is the decimal', () => {
    expect(parseAmount('1,500.50', 2, 'de')).to.equal(150050);
    expect(parseAmount('1.500,50', 2, 'de')).to.equal(undefined);
  });

  it('writes minor units as exact decimal text', () => {
    expect(toDecimalText(150029, 2)).to.equal('1500.29');
    expect(toDecimalText(5, 2)).to.equal('0.05');
    expect(toDecimalText(1500, 0)).to.equal('1500');
  });

  it('formats without Intl for the first form render: ISO code, digits grouped by three', () => {
    expect(plainMoney(1500000, 'XOF', 0)).to.equal('XOF 1\u202f500\u202f000');
    expect(plainMoney(150029, 'NGN', 2)).to.equal('NGN 1\u202f500.29');
    expect(plainMoney(5, 'NGN', 2)).to.equal('NGN 0.05');
    expect(plainMoney(999, 'XOF', 0)).to.equal('XOF 999');
    expect(plainMoney(12345678, 'KWD', 3)).to.equal('KWD 12\u202f345.678');
  });

  describe('in a language the browser cannot format', () => {
    it('this Chromium formats French and Swahili, and lacks Hausa, Yoruba and Wolof', () => {
      const languages = ['fr', 'sw', 'ha', 'yo', 'wo'];
      expect(Intl.NumberFormat.supportedLocalesOf(languages)).to.deep.equal(['fr', 'sw']);
      expect(Intl.DateTimeFormat.supportedLocalesOf(languages)).to.deep.equal(['fr', 'sw']);
    });

    it('formats money as the market writes it, with the configured exponent, from integer minor units', () => {
      expect(formatMoney(15000, 'XOF', 0, 'wo')).to.equal('15\u202f000\u00a0FCFA');
      expect(formatMoney(12345678, 'KWD', 3, 'ha'), 'exponent 3').to.equal('KWD\u00a012,345.678');
    });

    it('parses typed amounts with the same separators it shows', () => {
      expect(parseAmount('1 500,50', 2, 'wo')).to.equal(150050);
      expect(parseAmount('15\u202f000', 0, 'wo')).to.equal(15000);
      expect(parseAmount('1,500.50', 2, 'ha')).to.equal(150050);
      expect(parseAmount('1,500.50', 2, 'yo')).to.equal(150050);
    });
  });
});
