/**
 * Payment references and payment tokens (docs/api.md#payment-tokens).
 *
 * The reference names a payment everywhere (our database, the provider, URLs, the merchant's console), so
 * it is not a secret; it is random (128 bits) only so that nobody can guess a neighbour's. The token is
 * the payer's capability over one payment: 256 bits, stored as its SHA-256 only, so a leaked database
 * cannot be used to read, confirm or follow anyone's payment.
 *
 * The token is an HMAC, keyed with a server secret, of the reference and the grant that created the
 * payment (the client and its Idempotency-Key). A replay of the creating request can so answer the same
 * token again without any table keeping it; the grant's key is stored only as a hash, and the secret not
 * at all, so a dump of every table yields no token.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { randomHex } from '../random.ts';

const REFERENCE_PREFIX = 'pay_';

/** `pay_` and 32 lowercase hex digits; anything else is refused before touching the database. */
const REFERENCE_PATTERN = /^pay_[0-9a-f]{32}$/;

/** 43 base64url characters: 32 bytes without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newPaymentReference(): string {
  return REFERENCE_PREFIX + randomHex(16);
}

export function isPaymentReference(value: string): boolean {
  return REFERENCE_PATTERN.test(value);
}

/**
 * The token of the payment `reference` created for `grant`, keyed with `secret`: 43 base64url characters,
 * unguessable without the secret even when the client's key is.
 */
export function derivePaymentToken(secret: string, reference: string, grant: string): string {
  return createHmac('sha256', secret)
    .update(`payment-token\n${reference}\n${grant}`, 'utf8')
    .digest('base64url');
}

/**
 * The token a payment was given, derived again: the one of `secrets` (current first, then those kept for a
 * rotation) whose token matches `tokenHash`; undefined when the secret it was made with is gone.
 */
export function rederivePaymentToken(
  secrets: readonly string[],
  reference: string,
  grant: string,
  tokenHash: string,
): string | undefined {
  for (const secret of secrets) {
    const token = derivePaymentToken(secret, reference, grant);
    if (tokenMatches(token, tokenHash)) return token;
  }
  return undefined;
}

/** SHA-256 hex: a token has 256 bits of entropy, so a fast unsalted hash cannot be brute-forced. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Whether `presented` is the token whose hash is `storedHash`. The digests are compared in constant time,
 * so the time taken reveals nothing about how much of a guess was right.
 */
export function tokenMatches(presented: string | undefined | null, storedHash: string): boolean {
  if (!presented || !TOKEN_PATTERN.test(presented)) return false;
  const given = Buffer.from(hashToken(presented), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** SHA-256 hex of an OTP or customer code, so `last_confirm` never holds a code in clear. */
export function hashCode(reference: string, code: string): string {
  // Salted with the reference: the same 6 digits on two payments must not hash alike.
  return createHash('sha256').update(`${reference}\u0000${code}`, 'utf8').digest('hex');
}
