/**
 * The language of the pay page and the receipt, chosen as the widget chooses its own: the payer's explicit choice (the page's
 * `?lang=` switch, as the element's `locale` attribute), else the link's locale, else the browser's
 * `Accept-Language`, else English. The messages are the widget's own catalogue, never a copy.
 */
import type { Translations } from '../checkout/translations.ts';
import { en, type Messages } from '../../widget/shared/en.ts';
import { languageOf } from '../../widget/shared/translation.ts';

/** Each language the widget ships, named in itself for the page's switch. */
export const LANGUAGES = {
  en: 'English',
  fr: 'Français',
  sw: 'Kiswahili',
  ha: 'Hausa',
  yo: 'Yorùbá',
  wo: 'Wolof',
} as const;
export type Language = keyof typeof LANGUAGES;

export const isLanguage = (value: string | undefined): value is Language =>
  value !== undefined && Object.hasOwn(LANGUAGES, value);

/** The language a `lang` text (`fr`, `fr-CI`) names when it is one of ours; anything else is dropped, never echoed. */
export function ourLanguage(text: string | undefined): Language | undefined {
  const language = text === undefined ? undefined : languageOf(text);
  return isLanguage(language) ? language : undefined;
}

/** The languages `Accept-Language` names, best first (`q` order; order given among equals). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20) // a header of thousands of entries costs a sort of 20
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { language: languageOf(tag.trim()), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q, language }) => q > 0 && language !== '*')
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ language }) => language);
}

export interface PageLanguage {
  language: Language;
  /** The locale `Intl` formats in: the link's own (`fr-CI`) when it is in this language. */
  locale: string;
  messages: Messages;
}

export function chooseLanguage(
  translations: Translations,
  sources: { requested?: string; linkLocale?: string; acceptLanguage?: string },
): PageLanguage {
  const requested = sources.requested?.toLowerCase();
  const linkLanguage = sources.linkLocale ? languageOf(sources.linkLocale) : undefined;
  const candidates = [requested, linkLanguage, ...acceptedLanguages(sources.acceptLanguage)];
  const language = candidates.find(isLanguage) ?? 'en';
  const messages = language === 'en' ? en : (translations(language) ?? en);
  // A language whose file is missing is shown in English, all of it, as the widget does.
  const shown: Language = messages === en ? 'en' : language;
  const locale = sources.linkLocale && linkLanguage === shown ? sources.linkLocale : shown;
  return { language: shown, locale, messages };
}
