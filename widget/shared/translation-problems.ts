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
