/**
 * What makes a translation usable: every English key, each a text with the same `{placeholders}`, and
 * nothing else. The widget shows one language at a time, so a translation that misses a key is not
 * used at all (English is shown instead); the build and the server refuse such a file outright.
 */
import { en, type Messages } from './en.ts';

/** The language of a BCP 47 locale, lower case: `fr-CI` -> `fr`. */
export const languageOf = (locale: string) => locale.toLowerCase().split('-')[0]!;

/**
 * Whether `key` is `object`'s own property. `Object.hasOwn` would say the same, but Chrome 80-92 and
 * iOS Safari 15.0-15.3, both above the browser floor, do not have it.
 */
const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** A message's `{placeholders}`, sorted: a translation must use the same ones as English. */
export const placeholders = (template: string) => (template.match(/\{\w+\}/g) ?? []).sort().join(' ');

/**
 * What can be wrong with one key of a translation. Numbers, not texts: the widget only needs to know
 * whether anything is wrong, and the build's and server's explanations of each flaw stay out of it.
 */
export const NOT_AN_OBJECT = 0;
export const MISSING = 1;
export const NOT_A_TEXT = 2;
export const OTHER_PLACEHOLDERS = 3;
const NOT_IN_ENGLISH = 4;

/** Each key that keeps `value` from being a complete translation of English, with its flaw; empty when it is one. */
export function translationFlaws(value: unknown): [key: string, flaw: number][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [['', NOT_AN_OBJECT]];
  const messages = value as Record<string, unknown>;
  const flaws: [string, number][] = [];
  for (const [key, english] of Object.entries(en)) {
    const text = messages[key];
    if (!hasOwn(messages, key)) flaws.push([key, MISSING]);
    else if (typeof text !== 'string') flaws.push([key, NOT_A_TEXT]);
    else if (placeholders(text) !== placeholders(english)) flaws.push([key, OTHER_PLACEHOLDERS]);
  }
  for (const key of Object.keys(messages)) if (!hasOwn(en, key)) flaws.push([key, NOT_IN_ENGLISH]);
  return flaws;
}

/**
 * Whether `value` is a complete translation, i.e. `translationFlaws(value)` is empty, in the fewest
 * bytes: the widget ships this one, the build and server the explanations. Every English key is its own
 * text with the same placeholders, and as many keys as English means no other key.
 */
export const isTranslation = (value: unknown): value is Messages =>
  typeof value === 'object' &&
  !!value &&
  Object.keys(value).length === Object.keys(en).length &&
  Object.entries(en).every(
    ([key, english]) =>
      hasOwn(value, key) &&
      typeof (value as Record<string, unknown>)[key] === 'string' &&
      placeholders((value as Record<string, string>)[key]!) === placeholders(english),
  );
