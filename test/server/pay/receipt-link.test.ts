import { describe, expect, it } from 'vitest';
import { receiptPath, referenceOfReceipt } from '../../../server/pay/receipts/link.ts';

const reference = 'pay_0123456789abcdef0123456789abcdef';
const segmentOf = (path: string) => path.slice('/pay/receipt/'.length);

describe('receipt addresses', () => {
  it('names the reference back only with the secret that made it, or one kept for a rotation', () => {
    const segment = segmentOf(receiptPath(['current'], reference));
    expect(segment).toMatch(/^pay_[0-9a-f]{32}\.[A-Za-z0-9_-]{22}$/);
    expect(referenceOfReceipt(['current'], segment)).toBe(reference);
    expect(referenceOfReceipt(['next', 'current'], segment)).toBe(reference);
    expect(referenceOfReceipt(['other'], segment)).toBeUndefined();
  });

  it('refuses an altered proof, another reference with a valid proof, and malformed addresses', () => {
    const segment = segmentOf(receiptPath(['current'], reference));
    const proof = segment.split('.')[1]!;
    const flipped = (proof[0] === 'A' ? 'B' : 'A') + proof.slice(1);
    expect(referenceOfReceipt(['current'], `${reference}.${flipped}`)).toBeUndefined();
    const neighbour = 'pay_0123456789abcdef0123456789abcdee';
    expect(referenceOfReceipt(['current'], `${neighbour}.${proof}`)).toBeUndefined();
    for (const bad of ['', reference, `${reference}.`, `${reference}.${proof}x`, `PAY_x.${proof}`]) {
      expect(referenceOfReceipt(['current'], bad)).toBeUndefined();
    }
  });
});
