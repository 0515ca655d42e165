/**
 * The secret a payment's return URL carries. The return is a GET the payment's cookie (SameSite=Lax)
 * reaches from any site's link, so a cancel counts only with the secret that only the provider's own
 * cancel URL carries; the widget's cancel is a POST with the payment's token instead.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { PaymentRow } from '../store/schema.ts';

/** On the return URL given to the provider: this payment's secret. */
export const RETURN_PROOF = 'pay_proof';
export const PROOF_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function returnProofs(merchantKey: string) {
  const proofKey = createHmac('sha256', merchantKey).update('pay page return').digest();
  return {
    // From the form's idempotency key, so a resubmitted form hashes the same and replays its payment.
    of: (key: string) => createHmac('sha256', proofKey).update(key).digest('base64url'),

    /** Whether the return's query carries the secret of the payment's own return URL. */
    provesCancel(c: Context, row: PaymentRow): boolean {
      const given = c.req.query(RETURN_PROOF) ?? '';
      let expected: string | null;
      try {
        expected = row.return_url ? new URL(row.return_url).searchParams.get(RETURN_PROOF) : null;
      } catch {
        expected = null;
      }
      return (
        expected !== null &&
        given.length === expected.length &&
        timingSafeEqual(Buffer.from(given), Buffer.from(expected))
      );
    },
  };
}
