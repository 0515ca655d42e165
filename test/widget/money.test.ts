import { expect } from '@open-wc/testing';
import { formatMoney, parseAmount, plainMoney, toDecimalText } from '../../widget/money.ts';

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

  it('refuses what is not a plain positive decimal', () => {
    for (const typed of ['', ' ', '-5', '+5', '1e3', '1.2.3', 'abc', '12a', '0x10', '∞', '.']) {
      expect(parseAmount(typed, 2, 'en'), JSON.stringify(typed)).to.equal(undefined);
    }
    expect(parseAmount('9'.repeat(20), 0, 'en'), 'beyond safe integers').to.equal(undefined);
  });

  it('German: "." groups, "," is the decimal', () => {
    expect(parseAmount('1.500,50', 2, 'de')).to.equal(150050);
  });

  it('writes minor units as exact decimal text and formats with Intl', () => {
    expect(toDecimalText(150029, 2)).to.equal('1500.29');
    expect(toDecimalText(5, 2)).to.equal('0.05');
    expect(toDecimalText(1500, 0)).to.equal('1500');
    expect(formatMoney(150029, 'NGN', 2, 'en-NG')).to.equal(
      new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' }).format(1500.29),
    );
    expect(formatMoney(1500, 'XOF', 0, 'fr')).to.equal(
      new Intl.NumberFormat('fr', { style: 'currency', currency: 'XOF' }).format(1500),
    );
  });

  it('formats without Intl for the first form render: ISO code, digits grouped by three', () => {
    expect(plainMoney(1500000, 'XOF', 0)).to.equal('XOF 1\u202f500\u202f000');
    expect(plainMoney(150029, 'NGN', 2)).to.equal('NGN 1\u202f500.29');
    expect(plainMoney(5, 'NGN', 2)).to.equal('NGN 0.05');
    expect(plainMoney(999, 'XOF', 0)).to.equal('XOF 999');
    expect(plainMoney(12345678, 'KWD', 3)).to.equal('KWD 12\u202f345.678');
  });
});
