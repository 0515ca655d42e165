/**
 * The locale `Intl` formats numbers and dates in. A browser may lack a language's formatting data
 * (Chromium has none for Hausa, Yoruba or Wolof); `Intl` then silently uses the browser's default,
 * often American English, and a Wolof sentence would read "Nov 24, 2026, 1:30 PM". So a language the
 * browser lacks is formatted in the other language of its market, and its dates in digits only.
 */

import { languageOf } from './translation.ts';

/** The market's other language, for each language the widget ships that some browsers lack. */
const SAME_MARKET: Record<string, string> = {
  sw: 'en-KE', // Kenya, Tanzania, Uganda: English is the other official language
  ha: 'en-NG',
  yo: 'en-NG',
  wo: 'fr-SN',
};

/**
 * For a language with neither formats nor a market above: '.' decimals, ',' groups, ISO currency codes
 * and dates day first (24/11/2026), as the markets the checkout serves write them.
 */
const NEUTRAL = 'en-GB';

/**
 * Where numbers, money and dates are formatted for `locale`: `locale` itself where the browser has its
 * formats, else its market's other language (and then dates must avoid words such as month names).
 * Called once per format built, so it asks the browser each time.
 */
export function intlLocale(locale: string): string {
  try {
    // Number and date data come together in every engine's locale set, so one question answers both.
    if (Intl.DateTimeFormat.supportedLocalesOf(locale).length) return locale;
  } catch {
    // Not a well-formed language tag ("en_US"): formatted like a language without formats, no crash.
  }
  return SAME_MARKET[languageOf(locale)] ?? NEUTRAL;
}
