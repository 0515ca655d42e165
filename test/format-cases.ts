/**
 * What widget/shared/format.ts must write, exactly, in every engine that runs it: Node (the pay page and
 * the receipt), Chromium, Firefox and WebKit (the widget). Each suite renders the same table
 * (`renderFormatCases`) and compares it with this one, so an engine whose CLDR data or fallback differs
 * fails by name. Spaces are spelled out: CLDR groups French and Wolof digits with a narrow no-break
 * space (U+202F) and parts the currency with a no-break space (U+00A0).
 */
import { formatDateTime, formatMoney } from '../widget/shared/format.ts';

/** Each currency we serve, its ISO 4217 exponent and an amount in minor units. */
const AMOUNTS = [
  ['XOF', 0, 1_500_000],
  ['NGN', 2, 150_050],
  ['KES', 2, 250_000],
  ['GHS', 2, 4_999],
] as const;

/** 24 November 2026, 13:05 UTC. */
const AT = Date.UTC(2026, 10, 24, 13, 5);

/** Per language: the amounts above, a date and time in Nairobi, a time alone in Lagos. */
export const EXPECTED: Record<string, string[]> = {
  en: [
    'F\u202fCFA\u00a01,500,000',
    'NGN\u00a01,500.50',
    'KES\u00a02,500.00',
    'GHS\u00a049.99',
    'November 24, 2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
  fr: [
    '1\u202f500\u202f000\u00a0F\u202fCFA',
    '1\u202f500,50\u00a0NGN',
    '2\u202f500,00\u00a0KES',
    '49,99\u00a0GHS',
    '24 novembre 2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
  // No "saa" before a 24-hour time.
  sw: [
    'F\u202fCFA\u00a01,500,000',
    'NGN\u00a01,500.50',
    'Ksh\u00a02,500.00',
    'GHS\u00a049.99',
    '24 Novemba 2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
  // Nigerian English's numbers, dates in digits: no engine-dependent Hausa or Yoruba CLDR data.
  ha: [
    'F\u202fCFA\u00a01,500,000',
    '₦1,500.50',
    'KES\u00a02,500.00',
    'GHS\u00a049.99',
    '24/11/2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
  // Two-digit minutes, where CLDR's Yoruba prints "14:5".
  yo: [
    'F\u202fCFA\u00a01,500,000',
    '₦1,500.50',
    'KES\u00a02,500.00',
    'GHS\u00a049.99',
    '24/11/2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
  // As Senegal writes it: "1 500 000 FCFA", never CLDR Wolof's "F CFA 1.500.000".
  wo: [
    '1\u202f500\u202f000\u00a0FCFA',
    '1\u202f500,50\u00a0NGN',
    '2\u202f500,00\u00a0KES',
    '49,99\u00a0GHS',
    '24/11/2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
  // The link's region where the language is one every engine has: Nigeria's naira sign.
  'en-NG': [
    'F\u202fCFA\u00a01,500,000',
    '₦1,500.50',
    'KES\u00a02,500.00',
    'GHS\u00a049.99',
    '24 November 2026, 16:05 GMT+3',
    '14:05 GMT+1',
  ],
};

/** The table as this engine writes it, in `EXPECTED`'s shape. */
export function renderFormatCases(): Record<string, string[]> {
  return Object.fromEntries(
    Object.keys(EXPECTED).map((locale) => [
      locale,
      [
        ...AMOUNTS.map(([currency, exponent, minor]) => formatMoney(minor, currency, exponent, locale)),
        formatDateTime(AT, locale, 'Africa/Nairobi'),
        formatDateTime(AT, locale, 'Africa/Lagos', true),
      ],
    ]),
  );
}
