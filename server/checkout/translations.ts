/**
 * The widget's translations, read once when the checkout service starts, so that a link's config can
 * carry the messages of the link's language: the widget then draws its first frame in that language,
 * with no request after the config's.
 *
 * They are read from the widget's source folder (`widget/i18n`), found like the widget's build (`dist`)
 * from the working directory: `npm start` and the Docker image run from the repository's root, where the
 * source files always are, whereas the built copies (`dist/locales/`) exist only after a build, which
 * the server tests do not run. Both hold the same messages: the build only minifies them. The server
 * reads them itself rather than through the build's plugin, which may change for the widget's sake;
 * what makes a translation complete, and the words for what is wrong, are shared (widget/shared/).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '../../widget/shared/en.ts';
import { parseTranslation } from '../../widget/shared/translation-problems.ts';
import { languageOf } from '../../widget/shared/translation.ts';

/** The messages of a locale's language (`fr-CI` -> French), or undefined for English and unknown ones. */
export type Translations = (locale: string | null | undefined) => Messages | undefined;

/** Throws at start, naming the file, if a translation is broken: better than a half-English checkout. */
export function readTranslations(dir = 'widget/i18n'): Translations {
  const byLanguage = new Map<string, Messages>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const path = join(dir, file);
    const messages = parseTranslation(path, readFileSync(path, 'utf8'));
    byLanguage.set(languageOf(file.slice(0, -'.json'.length)), messages);
  }
  return (locale) => (locale ? byLanguage.get(languageOf(locale)) : undefined);
}
