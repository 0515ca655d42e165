/**
 * What the demo's public routes may show of a payer. The playground lists a payment's webhook deliveries
 * to anyone who knows its reference, and references travel in return URLs and logs: the bodies go out
 * with the payer's phone number masked as the product masks account numbers elsewhere (`****4567`), and
 * their name and email replaced, so the body still shows its shape without identifying anyone.
 */

const PHONE_KEYS = new Set(['phoneNumber']);
const REDACTED_KEYS = new Set(['name', 'email', 'accountName']);

/** The last four digits behind `****`, as the payout recipients' labels show an account. */
const maskedPhone = (phone: string) => `****${phone.replace(/\D/g, '').slice(-4)}`;

/** A copy of `value` (parsed JSON) with every phone number masked and every name or email redacted. */
export function withoutPersonalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalData);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => {
      if (typeof inner === 'string' && PHONE_KEYS.has(key)) return [key, maskedPhone(inner)];
      if (typeof inner === 'string' && REDACTED_KEYS.has(key)) return [key, '[redacted]'];
      return [key, withoutPersonalData(inner)];
    }),
  );
}
