/**
 * What makes a translation usable: every English key, each a text with the same `{placeholders}`, and
 * nothing else. The widget shows one language at a time, so a translation that misses a key is not
 * used at all (English is shown instead); the build and the server refuse such a file outright.
 */
import { en, type Messages } from './en.ts';

/** The language of a BCP 47 locale, lower case: `fr-CI` -> `fr`. */
export const languageOf = (locale: string) => locale.toLowerCase().split('-')[0]!;

const placeholders = (template: string) => (template.match(/\{\w+\}/g) ?? []).sort().join(' ');

/** Why `value` is not a complete translation of English; empty when it is one. */
export function translationProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['not a JSON object'];
  const messages = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, english] of Object.entries(en)) {
    const text = messages[key];
    if (!Object.hasOwn(messages, key)) problems.push(`${key}: missing`);
    else if (typeof text !== 'string') problems.push(`${key}: not a text`);
    else if (placeholders(text) !== placeholders(english))
      problems.push(`${key}: placeholders "${placeholders(text)}", English has "${placeholders(english)}"`);
  }
  for (const key of Object.keys(messages))
    if (!Object.hasOwn(en, key)) problems.push(`${key}: no such English message`);
  return problems;
}

export const isTranslation = (value: unknown): value is Messages => translationProblems(value).length === 0;
