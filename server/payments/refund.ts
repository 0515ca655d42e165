/**
 * Sending a flagged payment's money back (docs/payments.md#refunds). The provider has no refund
 * call, so a refund is a payout of the payment's amount (what the payer paid for; our fee is not
 * returned) to the number and provider the payment came from, through the payout service and its
 * ledger. Only a `success` payment with a flag (paid twice, past a link's limit...) is sent back: the
 * console offers it for those, and any other refund is the merchant's own business.
 *
 * One refund per payment: the payout is stored and the payment names it (`refund_payout`) in one
 * transaction, on the condition that the payment still names what this request read. A second
 * request is refused (409 `already_refunded`) while that payout is processing or succeeded; a failed
 * one may be sent again, as a new payout, which the payment then names (the failed one stays in the
 * ledger with its `refundOf`).
 */
import type { Kysely } from 'kysely';
import type { Payout } from '../../widget/shared/contract.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { PayoutClaim, PayoutService } from '../payouts/service.ts';
import { findPayout } from '../payouts/repository.ts';
import type { Database, PaymentRow, PayoutRow } from '../store/schema.ts';
import { findPayment } from './repository.ts';
import { isPaymentReference } from './tokens.ts';

const notRefundable = (status: 409 | 422, message: string) =>
  new ApiError(status, 'payment_not_refundable', message);

function alreadyRefunded(payout: PayoutRow | undefined): ApiError {
  const which = payout ? `payout ${payout.reference} is ${payout.status}` : 'another request is sending it';
  return new ApiError(
    409,
    'already_refunded',
    `This payment is already being sent back (${which}); only a failed refund can be sent again`,
  );
}

/** A payment that may be sent back: made from a known number through a known provider. */
type RefundablePayment = PaymentRow & { provider: string; phone_number: string };

/** Thrown inside the claim's transaction when another request claimed the payment first. */
class ClaimedElsewhere extends Error {}

export function createRefunds(db: Kysely<Database>, payouts: PayoutService) {
  /** The payment, when it may be sent back; else the refusal that says why. Calls no provider. */
  async function refundable(reference: string): Promise<RefundablePayment> {
    const row = isPaymentReference(reference) ? await findPayment(db, reference) : undefined;
    if (!row) throw notFound('Payment');
    if (row.status !== 'success') {
      throw notRefundable(409, `Only a successful payment can be sent back; this one is ${row.status}`);
    }
    if (row.flag === null) {
      throw notRefundable(
        409,
        'Only a flagged payment (paid twice, or past its link’s limit) can be sent back; this one is not flagged',
      );
    }
    if (row.method !== 'direct' || row.provider === null) {
      throw notRefundable(
        422,
        'This payment was made on the provider’s page: the number it came from is not known, so it cannot be sent back as a payout',
      );
    }
    if (row.phone_number === null) {
      throw notRefundable(
        422,
        row.purged_at === null
          ? 'This payment has no phone number to send the money back to'
          : 'This payment’s phone number was purged (RETENTION_DAYS): the money cannot be sent back to it',
      );
    }
    return { ...row, provider: row.provider, phone_number: row.phone_number };
  }

  /** The payer's number as a payout recipient, validated with the provider as any payout's is. */
  async function recipientOf(row: RefundablePayment) {
    let id: string;
    try {
      const validated = await payouts.validateRecipient({
        provider: row.provider,
        account: { phoneNumber: row.phone_number, ...(row.network ? { network: row.network } : {}) },
      });
      id = validated.id;
    } catch (error) {
      // The provider will not pay out to this account: no retry of ours changes that.
      if (error instanceof ApiError && error.code === 'validation_failed') {
        const reason = error.extra.fields?.map((field) => field.message).join('; ') ?? error.message;
        throw notRefundable(
          422,
          `The provider will not pay out to the number this payment came from: ${reason}`,
        );
      }
      throw error;
    }
    const recipient = await payouts.recipientFor(id);
    if (recipient.currency !== row.currency) {
      throw notRefundable(
        422,
        `The provider pays this number out in ${recipient.currency}, not in the payment's ${row.currency}`,
      );
    }
    return recipient;
  }

  /** Names `payoutReference` as the payment's refund, unless another refund got there first. */
  const claimFor =
    (row: PaymentRow, payoutReference: string): PayoutClaim =>
    async (trx) => {
      const updated = await trx
        .updateTable('payments')
        .set({ refund_payout: payoutReference })
        .where('reference', '=', row.reference)
        .where((eb) =>
          row.refund_payout === null
            ? eb('refund_payout', 'is', null)
            : eb('refund_payout', '=', row.refund_payout),
        )
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new ClaimedElsewhere();
    };

  /** Sends `row`'s money back as the payout `payoutReference`. */
  async function send(reference: string, payoutReference: string): Promise<Payout> {
    const row = await refundable(reference);
    const previous = row.refund_payout === null ? undefined : await findPayout(db, row.refund_payout);
    if (row.refund_payout !== null && previous?.status !== 'failed') throw alreadyRefunded(previous);
    const recipient = await recipientOf(row);
    const input = {
      transferRecipientId: recipient.id,
      amount: row.amount,
      narration: `Refund of payment ${row.reference}`,
      refundOf: row.reference,
    };
    try {
      return await payouts.create(input, recipient, payoutReference, claimFor(row, payoutReference));
    } catch (error) {
      if (!(error instanceof ClaimedElsewhere)) throw error;
      const winner = await findPayment(db, row.reference);
      throw alreadyRefunded(winner?.refund_payout ? await findPayout(db, winner.refund_payout) : undefined);
    }
  }

  /**
   * The request that was sending `payoutReference` died (its Idempotency-Key's lease lapsed): the payout
   * as the provider now knows it, or sent now if that request never stored it (then nothing was sent).
   */
  async function resume(reference: string, payoutReference: string): Promise<Payout> {
    const stored = await findPayout(db, payoutReference);
    return stored ? payouts.get(payoutReference) : send(reference, payoutReference);
  }

  return { refundable, send, resume };
}

export type Refunds = ReturnType<typeof createRefunds>;
