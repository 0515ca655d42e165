import { describe, expect, it } from 'vitest';
import { en } from '../../widget/shared/en.ts';
import { translationProblems } from '../../widget/shared/translation-problems.ts';
import { isTranslation, languageOf, translationFlaws } from '../../widget/shared/translation.ts';

describe('translationProblems', () => {
  it('names each missing key, unknown key, non-text value and placeholder mismatch', () => {
    const { wrongCode: _missing, ...rest } = en;
    expect(
      translationProblems({ ...rest, pay: 'Payer {total}', retry: 3, extra: 'x', between: '{max} – {min}' }),
    ).toEqual([
      'retry: not a text',
      'pay: placeholders "{total}", English has "{amount}"',
      'wrongCode: missing',
      'extra: no such English message',
    ]);
  });

  it('refuses what is not an object of messages', () => {
    expect(translationProblems(['Loading…'])).toEqual(['not a JSON object']);
    expect(translationProblems(null)).toEqual(['not a JSON object']);
    expect(translationProblems(en)).toEqual([]);
  });
});

describe('languageOf', () => {
  it('is the lower-case language subtag', () => {
    expect(['fr-CI', 'SW', 'en', 'ha-Latn-NG'].map(languageOf)).toEqual(['fr', 'sw', 'en', 'ha']);
  });
});

describe("isTranslation (the widget's short check)", () => {
  it('accepts exactly what has no flaw', () => {
    const { wrongCode: _missing, ...rest } = en;
    const cases: unknown[] = [
      en,
      { ...en },
      rest,
      { ...rest, extra: 'Wrong code.' },
      { ...en, extra: 'x' },
      { ...en, retry: 3 },
      { ...en, pay: 'Payer {total}' },
      { ...en, pay: 'Payer' },
      Object.assign(Object.create({ wrongCode: 'Wrong code.' }), rest, { extra: 'x' }),
      null,
      'Loading…',
      Object.values(en),
      [],
    ];
    expect(cases.map(isTranslation)).toEqual(cases.map((value) => translationFlaws(value).length === 0));
    expect(cases.map(isTranslation).slice(0, 3)).toEqual([true, true, false]);
  });
});
