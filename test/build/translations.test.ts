import { describe, expect, it } from 'vitest';
import { en } from '../../widget/i18n/en.ts';
import { translationProblems } from '../../widget/build/translation-files.ts';
import { languageOf } from '../../widget/i18n/translation.ts';

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
