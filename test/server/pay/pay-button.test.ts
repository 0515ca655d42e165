/**
 * The pay page's button without script: it cannot follow the method the payer picks, so it must not
 * name a sum the payer will not pay. With one fee for every method it names the total; with fees that
 * differ by method it names none ("Pay now", in the page's language), and every method's line its total.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { en, type Messages } from '../../../widget/shared/en.ts';
import { formatMoney } from '../../../widget/shared/money.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { Browser } from './helpers.ts';

let t: AppFixture | undefined;
afterEach(() => t?.close());

const button = (page: string) => /<button class="button" type="submit">([^<]*)<\/button>/.exec(page)?.[1];
const xof = (minor: number, locale: string) => formatMoney(minor, 'XOF', 0, locale);
const catalogue = (lang: string): Messages =>
  lang === 'en' ? en : JSON.parse(readFileSync(`widget/i18n/${lang}.json`, 'utf8'));

/** Each method's line on the form: its value, and the costs it shows (undefined for none). */
function methodLines(page: string): Record<string, string | undefined> {
  return Object.fromEntries(
    page
      .split('<label class="option"')
      .slice(1)
      .map((option) => [
        /value="([^"]+)"/.exec(option)?.[1],
        /<small\s*>([^<]*)<\/small/.exec(option)?.[1]?.trim(),
      ]),
  );
}

/** The Ivorian providers of `lnk_fixed_ci` (15 000 XOF), each with its own fee. */
const FEES_BY_METHOD = JSON.stringify(
  [
    ['mtn-ci', 'MTN Mobile Money', { basisPoints: 100, fixed: 0 }],
    ['orange-ci', 'Orange Money', { basisPoints: 150, fixed: 0 }],
    ['moov-ci', 'Moov Money', undefined],
    ['wave-ci', 'Wave', undefined],
  ].map(([slug, label, fee]) => ({ slug, label, country: 'CI', currency: 'XOF', ...(fee ? { fee } : {}) })),
);

describe('the pay button without script', () => {
  it('names the total, fee included, when every method adds the same fee', async () => {
    t = await startApp({ sandbox: { collectionFeeBps: 100 } });
    const { status, text } = await new Browser(t).get('/pay/lnk_fixed_ci?lang=fr');
    expect(status).toBe(200);
    // 15 000 + 1 %: what the payer is charged whichever method they pick, not the bare 15 000.
    expect(button(text)).toBe(`Payer ${xof(15_150, 'fr')}`);
  });

  it.each(['en', 'fr', 'ha', 'sw', 'wo', 'yo'])(
    'names no sum in %s when the fee depends on the method, and every method its total',
    async (lang) => {
      t = await startApp({ env: { PAY_PROVIDERS: FEES_BY_METHOD } });
      const { status, text } = await new Browser(t).get(`/pay/lnk_fixed_ci?lang=${lang}`);
      expect(status).toBe(200);
      const messages = catalogue(lang);
      expect(button(text)).toBe(messages.payNow);
      const money = (minor: number) => xof(minor, lang);
      const costs = (fee: number) =>
        `${messages.fee} ${money(fee)} · ${messages.total} ${money(15_000 + fee)}`;
      expect(methodLines(text)).toEqual({
        'mtn-ci': costs(150),
        'orange-ci': costs(225),
        'moov-ci': costs(0),
        'wave-ci': costs(0),
        hosted: undefined,
      });
    },
  );
});
