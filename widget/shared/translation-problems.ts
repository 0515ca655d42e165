/**
 * Why a translation file is refused, in words: the build refuses to ship it and the server to start with
 * it, and both say the same thing. Never shipped to a browser: the widget only asks `isTranslation`.
 */
import { en, type Messages } from './en.ts';
import {
  MISSING,
  NOT_AN_OBJECT,
  NOT_A_TEXT,
  OTHER_PLACEHOLDERS,
  placeholders,
  translationFlaws,
} from './translation.ts';

/** Why `value` is not a complete translation of English, in words; empty when it is one. */
export function translationProblems(value: unknown): string[] {
  return translationFlaws(value).map(([key, flaw]) => {
    switch (flaw) {
      case NOT_AN_OBJECT:
        return 'not a JSON object';
      case MISSING:
        return `${key}: missing`;
      case NOT_A_TEXT:
        return `${key}: not a text`;
      case OTHER_PLACEHOLDERS: {
        const text = (value as Record<string, string>)[key]!;
        const english = en[key as keyof Messages];
        return `${key}: placeholders "${placeholders(text)}", English has "${placeholders(english)}"`;
      }
      default:
        return `${key}: no such English message`;
    }
  });
}

/**
 * The messages of one translation file's text, or an error naming `path` and what is wrong (not JSON,
 * not complete): the build and the server read the folder each with their own reader, and refuse alike.
 */
export function parseTranslation(path: string, text: string): Messages {
  let messages: unknown;
  try {
    messages = JSON.parse(text);
  } catch (error) {
    // Read by the build and the server only (never shipped): `cause`, an ES2022 option, is safe here.
    // eslint-disable-next-line es-x/no-error-cause
    throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const problems = translationProblems(messages);
  if (problems.length) throw new Error(`${path} is not a complete translation: ${problems.join('; ')}`);
  return messages as Messages;
}
