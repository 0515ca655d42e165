/**
 * Phone numbers as people write them: "0803 123 4504", "+234 803-123-4504", "(0803) 123 4504" and
 * "07 01 23 45 67" are all one number once the characters written for readability are dropped. The
 * server drops the same characters (the contract's) before its own check, which is the one that counts.
 */
import { PHONE_PATTERN, PHONE_READABILITY } from '../contract/index.ts';

/** The number without spaces, dashes, dots and parentheses: what is checked and sent. */
export const normalizePhone = (text: string): string => text.replace(PHONE_READABILITY, '');

/**
 * Whether `text`, normalized, matches `pattern` as a whole, the way the browser reads an HTML `pattern`
 * attribute (`v` flag). A pattern that does not compile gives way to the server's rule.
 */
export function isPhoneNumber(text: string, pattern = PHONE_PATTERN): boolean {
  let rule: RegExp;
  try {
    rule = new RegExp(`^(?:${pattern})$`, 'v');
  } catch {
    rule = new RegExp(`^(?:${PHONE_PATTERN})$`, 'v');
  }
  return rule.test(normalizePhone(text));
}
