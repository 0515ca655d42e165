/**
 * Dates and times on the checkout's screens, in the checkout's locale. Where the browser lacks that
 * language's formats, digits only (24/11/2026 13:05) in the market's other language: never a month name
 * of another language ("Nov") in the middle of the payer's sentence, nor "AM"/"PM".
 */
import { intlLocale } from '../i18n/intl-locale.ts';

const IN_DIGITS = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** `iso` as a date and time ("24 nov. 2026, 13:05"), or a time only; '' when it is missing or invalid. */
export function formatDate(iso: string | undefined, locale: string, timeOnly = false): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || isNaN(+date)) return '';
  const formatIn = intlLocale(locale);
  const options: Intl.DateTimeFormatOptions =
    formatIn === locale
      ? { dateStyle: timeOnly ? undefined : 'medium', timeStyle: 'short' }
      : { ...(timeOnly ? {} : { day: '2-digit', month: '2-digit', year: 'numeric' }), ...IN_DIGITS };
  return new Intl.DateTimeFormat(formatIn, options).format(date);
}
