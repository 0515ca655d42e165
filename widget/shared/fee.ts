/**
 * What a payment method adds on top of the amount, so the payer sees the total before committing.
 * Integer arithmetic only (BigInt for the product, which may pass 2^53): money never goes through a float.
 */
import type { MethodFee } from './contract.ts';

/** The fee in minor units: `fixed` plus `basisPoints` ten-thousandths of `amount`, rounded up. */
export function feeOf(amount: number, fee: MethodFee | undefined): number {
  if (!fee) return 0;
  const proportional = (BigInt(amount) * BigInt(fee.basisPoints) + 9_999n) / 10_000n;
  return fee.fixed + Number(proportional);
}
