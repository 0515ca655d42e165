/** The receipt address a final payment's payer view carries (server/pay/receipts/link.ts), for exact assertions. */
import { receiptPath } from '../../../server/pay/receipts/link.ts';
import { TEST_MERCHANT_KEY, TEST_PUBLIC_URL } from '../app-fixture.ts';

export const receiptUrlOf = (reference: string) =>
  `${TEST_PUBLIC_URL}${receiptPath([TEST_MERCHANT_KEY], reference)}`;
