import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { en, type Messages } from '../shared/en.ts';
import {
  MISSING,
  NOT_AN_OBJECT,
  NOT_A_TEXT,
  OTHER_PLACEHOLDERS,
  placeholders,
  translationFlaws,
} from '../shared/translation.ts';

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
 * The translations of a folder (each `*.json`, keyed by its name without `.json`), read by the build
 * that ships them and by the server that puts them in checkout configs. Throws, naming the file and what
 * is wrong, when one is not JSON or not a complete translation: it must never reach a payer.
 */
export function readTranslationFiles(dir: string): Map<string, Messages> {
  const translations = new Map<string, Messages>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const path = join(dir, file);
    let messages: unknown;
    try {
      messages = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${path} is not JSON: ${(error as Error).message}`, { cause: error });
    }
    const problems = translationProblems(messages);
    if (problems.length) throw new Error(`${path} is not a complete translation: ${problems.join('; ')}`);
    translations.set(file.slice(0, -'.json'.length), messages as Messages);
  }
  return translations;
}
