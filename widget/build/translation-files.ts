import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '../shared/en.ts';
import { parseTranslation } from '../shared/translation-problems.ts';

/**
 * The translations of a folder (each `*.json`, keyed by its name without `.json`), read by the build
 * that ships them. Throws, naming the file and what is wrong, when one is not JSON or not a complete
 * translation: it must never reach a payer. (The server reads the same folder with its own reader,
 * server/checkout/translations.ts, so a change to the build cannot change what the server starts with.)
 */
export function readTranslationFiles(dir: string): Map<string, Messages> {
  const translations = new Map<string, Messages>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const path = join(dir, file);
    const messages = parseTranslation(path, readFileSync(path, 'utf8'));
    translations.set(file.slice(0, -'.json'.length), messages);
  }
  return translations;
}
