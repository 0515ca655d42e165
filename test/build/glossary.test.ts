/**
 * Every translation held to the glossary (docs/i18n/glossary.json): where the English message names a
 * core concept, the translation names it with the glossary's term; no message uses a pronoun form the
 * language's register avoids, nor an English word, nor (in Wolof) a French one. The pay page and the
 * receipt read the same files, so this covers their words too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '../../server/pay/share-messages.ts';
import { en } from '../../widget/shared/en.ts';
import { HANDOFF_MESSAGES } from '../../server/pay/handoff-messages.ts';
import { UNPAYABLE_MESSAGES } from '../../server/pay/unpayable-messages.ts';

interface Rule {
  pattern: string;
  why: string;
  source?: string;
}
interface Term {
  term: string;
  pattern: string;
  source: string;
}
interface Exception {
  key: string;
  concept: string;
  why: string;
}
interface LanguageRules {
  terms: Record<string, Term>;
  register: { use: Rule; avoid: Rule[] };
  foreign: Rule[];
  exceptions: Exception[];
}
interface Glossary {
  sources: Record<string, string>;
  concepts: Record<string, string>;
  english: Rule;
  languages: Record<string, LanguageRules>;
}

const glossary = JSON.parse(
  readFileSync(new URL('../../docs/i18n/glossary.json', import.meta.url), 'utf8'),
) as Glossary;

const folder = new URL('../../widget/i18n/', import.meta.url);
const languages = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

// JavaScript's \b knows ASCII letters only: "ẹ", "ɗ" or "ñ" would end a word. A word here is letters,
// combining marks (Yoruba's tones over ẹ, ọ) and digits.
const WORD = String.raw`[\p{L}\p{M}\p{N}]`;
const BOUNDARY = `(?:(?<=${WORD})(?!${WORD})|(?<!${WORD})(?=${WORD}))`;

/** A glossary pattern as a case-insensitive Unicode expression, \b being a Unicode word boundary. */
export function compile(pattern: string, flags = 'iu'): RegExp {
  return new RegExp(pattern.normalize('NFC').replaceAll(String.raw`\b`, BOUNDARY), flags);
}

/** The words a payer reads: placeholders ({amount}) are filled by the code, not translated. */
const prose = (message: string) => message.normalize('NFC').replace(/\{\w+\}/g, ' ');

/** Every way `messages` breaks the glossary of `language`, one line each ("key: what"). */
export function glossaryProblems(
  language: string,
  messages: Record<string, string>,
  english: Record<string, string> = en,
): string[] {
  const rules = glossary.languages[language];
  if (!rules) return [`no glossary for "${language}"`];
  const problems: string[] = [];
  const excepted = new Set(rules.exceptions.map(({ key, concept }) => `${key}/${concept}`));
  const used = new Set<string>();
  for (const [key, source] of Object.entries(english)) {
    const text = prose(messages[key] ?? '');
    for (const [concept, englishPattern] of Object.entries(glossary.concepts)) {
      if (!compile(englishPattern).test(prose(source))) continue;
      const term = rules.terms[concept];
      if (!term || compile(term.pattern).test(text)) continue;
      if (excepted.has(`${key}/${concept}`)) used.add(`${key}/${concept}`);
      else problems.push(`${key}: says "${concept}" without "${term.term}"`);
    }
    const found = (rule: Rule) =>
      [...text.matchAll(compile(rule.pattern, 'giu'))].map(([word]) => `"${word}"`).join(', ');
    for (const rule of rules.register.avoid) {
      const words = found(rule);
      if (words) problems.push(`${key}: ${words} (${rule.why})`);
    }
    for (const rule of [glossary.english, ...rules.foreign]) {
      const words = found(rule);
      if (words) problems.push(`${key}: foreign ${words}`);
    }
  }
  // Exceptions are per key of one catalogue: those of another catalogue's keys are that one's business.
  for (const { key, concept } of rules.exceptions)
    if (Object.hasOwn(english, key) && !used.has(`${key}/${concept}`))
      problems.push(`${key}: exception for "${concept}" no longer needed`);
  return problems;
}

const catalogue = (language: string) =>
  JSON.parse(readFileSync(new URL(`${language}.json`, folder), 'utf8')) as Record<string, string>;

describe('the glossary', () => {
  it('covers every translation, with every core term, each with a known source', () => {
    expect(Object.keys(glossary.languages).sort()).toEqual([...languages].sort());
    for (const rules of Object.values(glossary.languages)) {
      expect(Object.keys(rules.terms).sort()).toEqual(Object.keys(glossary.concepts).sort());
      const sources = [
        ...Object.values(rules.terms).map((term) => term.source),
        rules.register.use.source,
        ...rules.register.avoid.map((rule) => rule.source),
        ...rules.foreign.map((rule) => rule.source),
      ];
      for (const source of sources) expect(Object.keys(glossary.sources)).toContain(source);
    }
  });

  it.each(languages)('%s.json keeps to it', (language) => {
    expect(glossaryProblems(language, catalogue(language))).toEqual([]);
  });

  // The forms to use are not required of each message (an imperative needs no pronoun), but a pattern
  // that matches none of the file's messages no longer describes it.
  it.each(languages)('%s.json addresses the payer with the forms its register uses', (language) => {
    const use = compile(glossary.languages[language]!.register.use.pattern);
    expect(Object.values(catalogue(language)).filter((text) => use.test(prose(text))).length).toBeGreaterThan(
      5,
    );
  });
});

/**
 * The pay page's own catalogues, kept on the server (a link that cannot be paid, a "Pay on your phone"
 * code already used, the share block), as flat messages keyed by their path ("unpayable.reasons.expired.title").
 */
function serverMessages(language: string): Record<string, string> {
  const flat: Record<string, string> = {};
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') flat[prefix] = value;
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) walk(`${prefix}.${key}`, inner);
  };
  walk('unpayable', UNPAYABLE_MESSAGES[language as keyof typeof UNPAYABLE_MESSAGES]);
  walk('handoff', HANDOFF_MESSAGES[language as keyof typeof HANDOFF_MESSAGES]);
  // The share block's words (its `reviewed` mark is not a string, so not walked).
  walk('share', SHARE_MESSAGES[language as keyof typeof SHARE_MESSAGES]);
  return flat;
}

describe("the server's own catalogues", () => {
  it('have every language of the widget, and only those', () => {
    expect(Object.keys(UNPAYABLE_MESSAGES).sort()).toEqual(['en', ...languages].sort());
    expect(Object.keys(HANDOFF_MESSAGES).sort()).toEqual(['en', ...languages].sort());
    expect(Object.keys(SHARE_MESSAGES).sort()).toEqual(['en', ...languages].sort());
  });

  it.each(languages)('%s keeps to the glossary too', (language) => {
    expect(glossaryProblems(language, serverMessages(language), serverMessages('en'))).toEqual([]);
  });
});

describe('glossaryProblems', () => {
  const english = {
    retry: 'Try again',
    payOnPhone: 'Pay on your phone',
    updates: 'This page updates by itself.',
    placeholder: 'Fee: {fee}',
  };

  it('names a core concept said with another word, an avoided form and a foreign word', () => {
    expect(
      glossaryProblems(
        'ha',
        {
          retry: 'Sake gwadawa',
          payOnPhone: 'Biya da wayarka',
          updates: 'Wannan shafi',
          placeholder: 'Caji: {fee}',
        },
        english,
      ),
    ).toEqual([`payOnPhone: "wayarka" (${glossary.languages.ha?.register.avoid[1]?.why})`]);
    expect(
      glossaryProblems(
        'wo',
        {
          retry: 'Jéemaatal',
          payOnPhone: 'Pay ak sa telefon',
          updates: 'Xët bii',
          placeholder: 'Frais: {fee}',
        },
        english,
      ),
    ).toEqual([
      'payOnPhone: says "pay" without "fey"',
      'payOnPhone: foreign "Pay"',
      `updates: "Xët bii" (${glossary.languages.wo?.register.avoid[2]?.why})`,
    ]);
  });

  it("tells Hausa's kai, you, from kai, reach, after a subject pronoun", () => {
    const ha = (text: string) =>
      glossaryProblems('ha', { updates: text }, { updates: 'It has reached its limit.' });
    expect(ha('Wannan mahaɗar biya ta kai iyakarta.')).toEqual([]);
    expect(ha('Kai ne za ka biya')).toHaveLength(1);
  });

  it('reads word boundaries in Unicode: rẹ̀ (its) is not rẹ (your)', () => {
    const yo = (text: string) => glossaryProblems('yo', { updates: text }, { updates: 'This page updates.' });
    expect(yo('Ojú-ìwé yìí yóò yípadà fúnra rẹ̀.')).toEqual([]);
    expect(yo('Ojú-ìwé fóònù rẹ')).toEqual([
      `updates: "rẹ" (${glossary.languages.yo?.register.avoid[0]?.why})`,
    ]);
  });

  it('does not read a placeholder as a word', () => {
    expect(glossaryProblems('sw', { placeholder: 'Ada: {fee}' }, { placeholder: 'Fee: {fee}' })).toEqual([]);
    expect(glossaryProblems('sw', { placeholder: '{fee}' }, { placeholder: 'Fee: {fee}' })).toEqual([
      'placeholder: says "fee" without "ada"',
    ]);
  });
});
