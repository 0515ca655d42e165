/**
 * The address of a payment's receipt page: `/pay/receipt/<reference>.<proof>`, where the proof is an HMAC
 * of the reference keyed with the server's secret. Only those given the address (the payer, at the end of
 * the payment; the merchant, in the console) can open the receipt: knowing or guessing a reference is not
 * enough, and no table stores the proof, so a copy of the database yields no receipt address either.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isPaymentReference } from '../../payments/tokens.ts';

/** 22 base64url characters: 128 bits of the HMAC, as unguessable as the reference itself. */
const PROOF_PATTERN = /^[A-Za-z0-9_-]{22}$/;

function receiptProof(secret: string, reference: string): string {
  return createHmac('sha256', secret)
    .update(`receipt\n${reference}`, 'utf8')
    .digest('base64url')
    .slice(0, 22);
}

/** The receipt's path for `reference`, made with the current secret (the first of `secrets`). */
export function receiptPath(secrets: readonly string[], reference: string): string {
  return `/pay/receipt/${reference}.${receiptProof(secrets[0] ?? '', reference)}`;
}

/**
 * The reference a receipt address names, when its proof was made with one of `secrets` (current first, then
 * those kept for a rotation); undefined for anything else, so a guessed or altered address learns nothing.
 */
export function referenceOfReceipt(secrets: readonly string[], segment: string): string | undefined {
  const dot = segment.indexOf('.');
  if (dot < 0) return undefined;
  const reference = segment.slice(0, dot);
  const proof = segment.slice(dot + 1);
  if (!isPaymentReference(reference) || !PROOF_PATTERN.test(proof)) return undefined;
  const given = Buffer.from(proof);
  for (const secret of secrets) {
    const expected = Buffer.from(receiptProof(secret, reference));
    if (timingSafeEqual(given, expected)) return reference;
  }
  return undefined;
}
