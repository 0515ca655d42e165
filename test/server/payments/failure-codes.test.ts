/**
 * The failure codes read from a failed payment's message: each text the sandbox (and our own lockout)
 * can write, a real provider's variants of the same words, and texts that must get no code.
 */
import { describe, expect, it } from 'vitest';
import { failureCodeOf, TOO_MANY_WRONG_CODES } from '../../../server/payments/failure-codes.ts';
import { outcomeOf, SCENARIOS } from '../../../server/sandbox/collections/scenarios.ts';

describe('failureCodeOf', () => {
  it.each([
    // The sandbox's texts (04, the hosted page's decline and cancel, its own lockout) and ours.
    [outcomeOf(SCENARIOS.insufficientFunds)!.description, 'insufficient_funds'],
    ['Declined by the payer', 'declined'],
    ['Cancelled by the payer', 'cancelled'],
    [TOO_MANY_WRONG_CODES, 'otp_locked'],
    // Other wordings of the same reasons, in any case.
    ['INSUFFICIENT BALANCE', 'insufficient_funds'],
    ['Transaction declined by the operator', 'declined'],
    ['Payment canceled', 'cancelled'],
    ['Too many invalid OTP attempts', 'otp_locked'],
  ] as const)('%s -> %s', (message, code) => {
    expect(failureCodeOf(message)).toBe(code);
  });

  it.each([
    'Payment failed',
    'The payment failed at the provider',
    'The payment provider refused the payment',
    'The provider reported 100 XOF instead of 15000 XOF; the payment is not accepted',
    'Échec du paiement',
    '',
  ])('no code for %j', (message) => {
    expect(failureCodeOf(message)).toBeUndefined();
  });

  it('no code without a message', () => {
    expect(failureCodeOf(null)).toBeUndefined();
  });
});
