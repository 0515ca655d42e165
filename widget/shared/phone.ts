/**
 * Phone numbers as people write them: "0803 123 4504", "+234 803-123-4504", "(0803) 123 4504" and
 * "07 01 23 45 67" are all one number once the characters written for readability are dropped. The
 * server drops the same characters (the contract's) before its own check, which is the one that counts.
 */
import { PHONE_PATTERN, PHONE_READABILITY } from './contract.ts';

/** The number without spaces, dashes, dots and parentheses: what is checked and sent. */
export const normalizePhone = (text: string): string => text.replace(PHONE_READABILITY, '');

/**
 * Whether `text`, normalized, matches `pattern` as a whole, as the browser reads an HTML `pattern`
 * attribute. With the `u` flag, not the `v` flag that newer browsers use for the attribute: `v` is a
 * SyntaxError on the browser floor (Chrome 80 to 111, iOS 15 and 16, KaiOS 3), where it left Pay dead.
 * The patterns the server sends mean the same under both. A pattern that does not compile gives way to
 * the server's rule, which is the check that counts.
 */
export function isPhoneNumber(text: string, pattern = PHONE_PATTERN): boolean {
  let rule: RegExp;
  try {
    rule = new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    rule = new RegExp(`^(?:${PHONE_PATTERN})$`, 'u');
  }
  return rule.test(normalizePhone(text));
}
