/**
 * A success that takes a link past its `amountLimit` is flagged `over_limit`. Admission keeps the limit
 * (payments/create.ts), so this is what slips through all the same: a payment we gave up on that the
 * provider collected after its reservation ran out, or money taken on the provider's own page for the
 * link. The merchant sees the flag in the list, the console and a `payment.flagged` notification, and
 * can send the money back as a payout.
 */
import type { PaymentRow } from '../store/schema.ts';
import type { CheckoutConfigSource } from './create.ts';
import { findPayment, writePatch, type PaymentContext } from './repository.ts';

export async function flagIfPastLimit(
  context: PaymentContext,
  checkout: CheckoutConfigSource,
  row: PaymentRow,
): Promise<void> {
  if (row.link_id === null) return;
  const count = await checkout.collected(row.link_id, context.logger);
  if (!count || count.collected <= count.limit) return;
  // A lost race (a webhook writing the same row) reads again; a few tries settle it.
  for (let race = 0; race < 8; race++) {
    const current = await findPayment(context.db, row.reference);
    if (!current || current.flag === 'over_limit') return;
    if (await writePatch(context, current, { flag: 'over_limit' })) {
      context.logger.error(
        { reference: row.reference, link: row.link_id, ...count },
        'payment took the link past its amount limit; flagged for the merchant',
      );
      return;
    }
  }
}
