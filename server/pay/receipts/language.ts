/**
 * The receipt's language: `?lang=` (the page's own switch, which the pay page passes on), then the
 * reader's `Accept-Language`, then the checkout's own locale, else English. Unlike the pay page, the
 * reader's browser comes before the link's locale: a receipt is opened from anywhere (the widget's success
 * step in whatever language its `locale` attribute chose, a wallet app, the payer's other browser, the
 * merchant's console), and the link's locale says nothing about that reader.
 */
import { en } from '../../../widget/shared/en.ts';
import { languageOf } from '../../../widget/shared/translation.ts';
import type { Translations } from '../../checkout/translations.ts';
import { acceptedLanguages, isLanguage, type PageLanguage } from '../language.ts';

export function receiptLanguage(
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
    if (!isLanguage(language)) continue;
    const messages = language === 'en' ? en : translations(language);
    if (!messages) continue;
    // The checkout's own locale carries its market (fr-CI): dates and money read as they do there.
    const locale = language === checkoutLanguage && wanted.checkoutLocale ? wanted.checkoutLocale : language;
    return { language, locale, messages };
  }
  return { language: 'en', locale: 'en', messages: en };
}
