/**
 * The language of a page for the payer: `?lang=` (the page's own switch) first, then the browser's
 * Accept-Language in its order of preference, then the checkout's own locale, else English. Only the six
 * languages the widget ships are chosen; anything else is skipped, never echoed.
 */
import { en, type Messages } from '../../widget/i18n/en.ts';
import { languageOf } from '../../widget/i18n/translation.ts';
import type { Translations } from '../checkout/translations.ts';

const PAGE_LANGUAGES = ['en', 'fr', 'sw', 'ha', 'yo', 'wo'] as const;
const KNOWN = new Set<string>(PAGE_LANGUAGES);

export const isPageLanguage = (language: string) => KNOWN.has(language);

export interface PageLanguage {
  /** A BCP 47 tag, for `<html lang>` and Intl: the language alone, or the checkout's locale in it. */
  locale: string;
  messages: Messages;
}

/** The languages of an Accept-Language header, most wanted first (`q=0` ones dropped). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20) // a header of thousands of entries costs a sort of 20
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { language: languageOf(tag.trim()), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0 && entry.language !== '*')
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.language);
}

export function pageLanguage(
  translations: Translations,
  wanted: {
    query?: string | undefined;
    acceptLanguage?: string | undefined;
    checkoutLocale?: string | undefined;
  },
): PageLanguage {
  const checkoutLanguage = wanted.checkoutLocale ? languageOf(wanted.checkoutLocale) : undefined;
  const candidates = [
    wanted.query ? languageOf(wanted.query) : undefined,
    ...acceptedLanguages(wanted.acceptLanguage),
    checkoutLanguage,
  ];
  for (const language of candidates) {
    if (!language || !isPageLanguage(language)) continue;
    const messages = language === 'en' ? en : translations(language);
    if (!messages) continue;
    // The checkout's own locale carries its market (fr-CI): dates and money read as they do there.
    const locale = language === checkoutLanguage && wanted.checkoutLocale ? wanted.checkoutLocale : language;
    return { locale, messages };
  }
  return { locale: 'en', messages: en };
}
