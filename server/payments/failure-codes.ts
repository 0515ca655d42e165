/**
 * Why a payment failed, as a stable code (docs/payments.md#failure-codes). The provider's API gives
 * a failure only as English text (`statusDescription`), which the payer, reading another language, should
 * not see: the widget words each code itself. The code is read from the stored `message` whenever the
 * payment is answered, so the message stays the provider's for merchants and logs, and rows written
 * before a code existed get one too. A text none of these match has no code.
 */
import type { FailureCode } from '../../widget/shared/contract.ts';

/** Our own reason when the payer's fifth wrong code fails the payment (confirm.ts); the sandbox's too. */
export const TOO_MANY_WRONG_CODES = 'Too many wrong codes';

/** The reasons' wordings, by the words that carry them (a provider's texts may vary around those). */
const REASONS: readonly (readonly [RegExp, FailureCode])[] = [
  [/\btoo many (wrong|invalid|incorrect)\b/i, 'otp_locked'],
  [/\binsufficient (funds|balance)\b/i, 'insufficient_funds'],
  [/\bdeclined\b/i, 'declined'],
  [/\bcancell?ed\b/i, 'cancelled'],
];

/** The code of a failed payment's `message`, or undefined when the reason is not a known one. */
export function failureCodeOf(message: string | null): FailureCode | undefined {
  if (!message) return undefined;
  return REASONS.find(([words]) => words.test(message))?.[1];
}
