// The payer journeys every engine's suite walks, without a test driver: which link, which answers, which
// sandbox phone number leads where. Each suite (Playwright's Chromium, Firefox over BiDi, WebKit over
// WebDriver) drives them with its own API and checks the same outcomes.
import type { Messages } from '../widget/shared/en.ts';

/** `lnk_fixed_ci`: a required merchant field (French in every language), anonymous payments off. */
export const FIXED_LINK = 'lnk_fixed_ci';

/**
 * The payer's answers on `lnk_fixed_ci`'s form, by each field's label in the payer's language (the
 * merchant's own field is French in every language).
 */
export const fixedLinkAnswers = (
  messages: Pick<Messages, 'name' | 'email'>,
): [label: string, answer: string][] => [
  ['Numéro d’abonné', 'AB-1234'],
  [messages.name, 'Awa Koné'],
  [messages.email, 'awa@example.com'],
];

/** The sandbox's numbers: the last two digits choose what the provider does. */
export const PHONES = {
  /** Asks for a one-time code; `OTP` is right, `WRONG_OTP` is not. */
  otp: '+2250700000000',
  /** Sends the payer to the provider's own page, which sends them back to the shop. */
  providerPage: '+2250700000008',
} as const;

export const OTP = '123456';
export const WRONG_OTP = '000000';

/** A payment's reference, as the result step shows it. */
export const REFERENCE = /pay_[0-9a-f]{32}/;

/** The widget's page-wide widths: the narrowest phones, and the most common small ones. */
export const NARROW_WIDTHS = [320, 360] as const;

/** How long a final result may take: the sandbox's webhook delay, then the stream or a poll. */
export const FINAL_MS = 15_000;
