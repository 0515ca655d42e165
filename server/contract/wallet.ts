/**
 * A direct charge's phone number is a mobile-money wallet, and one wallet has many spellings: a Nigerian
 * payer writes +234 803…, 234803…, 0803…, 00234803… or 803…. Each is read as the number it names, in
 * E.164 (`+2348031234504`), with the checkout's country as the default for a number written without
 * its country code: that form is what is stored, sent to the provider, and what the per-number limit
 * and the "already waiting on your phone" rule count, so no spelling is a second phone.
 *
 * `libphonenumber-js` with its smallest metadata: a number is valid when its length and leading
 * digits fit its country's plan. The fuller metadata would also refuse numbers in ranges it does not
 * know yet, and a real payer refused by a stale table is worse than a number the provider refuses.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * "00" is the international prefix written across Africa and Europe, but not in every country's
 * numbering plan (Nigeria dials 009), so the library would read 00234… as a national number there.
 */
const INTERNATIONAL_00 = /^00(?=[1-9])/;

/** The E.164 number `text` names in `country`, or undefined when it names none there. */
export function walletNumber(text: string, country: string): string | undefined {
  const region = country.toUpperCase() as CountryCode;
  const candidates = INTERNATIONAL_00.test(text) ? [text.replace(INTERNATIONAL_00, '+'), text] : [text];
  for (const candidate of candidates) {
    const parsed = parsePhoneNumberFromString(candidate, region);
    // A wallet of another country cannot be charged in this checkout's currency.
    if (parsed?.isValid() && parsed.country === region) return parsed.number;
  }
  return undefined;
}
