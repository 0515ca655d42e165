/**
 * Dates and times on the checkout's screens, in the checkout's locale. Where the browser lacks that
 * language's formats, digits only (24/11/2026 13:05) in the market's other language: never a month name
 * of another language ("Nov") in the middle of the payer's sentence, nor "AM"/"PM".
 */
import { intlLocale } from '../shared/intl-locale.ts';

const IN_DIGITS = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** `iso` as a date and time ("24 nov. 2026, 13:05"), or a time only; '' when it is missing or invalid. */
export function formatDate(iso: string | undefined, locale: string, timeOnly = false): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || isNaN(+date)) return '';
  const formatIn = intlLocale(locale);
  // Not dateStyle/timeStyle: CLDR's Yoruba short time is "13:5" (Firefox and WebKit have it). Spelled
  // out, the options give every other language the same text as 'medium' and 'short'.
  const options: Intl.DateTimeFormatOptions =
    formatIn === locale
      ? {
          ...(timeOnly ? {} : { day: 'numeric', month: 'short', year: 'numeric' }),
          hour: 'numeric',
          minute: '2-digit',
        }
      : { ...(timeOnly ? {} : { day: '2-digit', month: '2-digit', year: 'numeric' }), ...IN_DIGITS };
  return new Intl.DateTimeFormat(formatIn, options).format(date);
}
