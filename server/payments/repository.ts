/**
 * Payment rows: reading them, showing them as the public `Payment`, and writing lifecycle changes.
 *
 * Every write is guarded by the row's `version` (optimistic concurrency): a webhook, a verify and the
 * payer's confirm may race on one payment, and each must decide on the state it actually read. A lost
 * race re-reads and decides again. Every change bumps `version` and is published to the streams.
 */
import type { Kysely, Transaction } from 'kysely';
import type { BankTransfer, Payment, PaymentAction, PaymentStatus } from '../../widget/shared/contract.ts';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import type { MerchantNotifier } from '../notifications/notifier.ts';
import { first, prepared, updateWhere } from '../store/prepared.ts';
import type { Database, PaymentRow } from '../store/schema.ts';
import type { PaymentEvents } from './events.ts';
import { failureCodeOf } from './failure-codes.ts';
import { decide, isFinal, MAX_WRONG_CODES, type PaymentObservation, type PaymentPatch } from './lifecycle.ts';

export interface PaymentContext {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  events: PaymentEvents;
  /** After a payment became `success`: e.g. the link's `remaining` changed, so its cached config is stale. */
  onSuccess?: (row: PaymentRow) => Promise<void> | void;
  /** Set when MERCHANT_WEBHOOK_URL is: a final status is notified in the transaction that writes it. */
  notifier?: MerchantNotifier | undefined;
  /** The absolute address of a payment's receipt page, given to its payer once the payment is final. */
  receiptUrl?: (reference: string) => string;
}

export interface Applied {
  row: PaymentRow;
  changed: boolean;
  /** Set when the provider reported a final status other than the one we keep. */
  conflicting?: { stored: string; reported: string };
}

const MAX_RACES = 8;

const paymentByReference = prepared((db, reference: string) =>
  db.selectFrom('payments').selectAll().where('reference', '=', reference),
);

export function findPayment(db: Kysely<Database>, reference: string): Promise<PaymentRow | undefined> {
  return first(paymentByReference(db, reference));
}

/** `payment` with its receipt's address once it is final (the receipt of a payment in flight would change). */
export function withReceiptUrl(
  payment: Payment,
  receiptUrl: ((reference: string) => string) | undefined,
): Payment {
  return receiptUrl && isFinal(payment.status)
    ? { ...payment, receiptUrl: receiptUrl(payment.reference) }
    : payment;
}

/** The payer's view of a row: only what the current step needs (and, given `receiptUrl`, its receipt once final). */
export function toPayment(row: PaymentRow, receiptUrl?: (reference: string) => string): Payment {
  const action = row.action as PaymentAction;
  const payment: Payment = {
    reference: row.reference,
    status: row.status as PaymentStatus,
    action,
    amount: row.amount,
    currency: row.currency,
    currencyExponent: row.currency_exponent,
  };
  if (row.fee !== null) payment.fee = row.fee;
  if (row.total !== null) payment.total = row.total;
  // The provider's text (English, written for integrators) reaches the payer only as the instructions of
  // a step still under way; a final payment's reason is `failureCode`, and the text stays the merchant's.
  if (row.message && !isFinal(row.status)) payment.message = row.message;
  const failureCode = row.status === 'failed' ? failureCodeOf(row.message) : undefined;
  if (failureCode) payment.failureCode = failureCode;
  if (action === 'redirect' && row.redirect_url) payment.redirectUrl = row.redirect_url;
  if (action === 'bank-transfer' && row.bank_transfer)
    payment.bankTransfer = JSON.parse(row.bank_transfer) as BankTransfer;
  if (action === 'otp' || action === 'pre-otp')
    payment.attemptsLeft = Math.max(0, MAX_WRONG_CODES - row.wrong_codes);
  if (row.status === 'pending' && row.expires_at !== null)
    payment.expiresAt = new Date(row.expires_at).toISOString();
  if (row.paid_at !== null) payment.paidAt = new Date(row.paid_at).toISOString();
  return withReceiptUrl(payment, receiptUrl);
}

/**
 * Writes `patch` if the row is still at `row.version`; answers the new row, or null when another writer
 * got there first. A session whose payment succeeds is marked paid in the same transaction.
 */
export async function writePatch(
  context: PaymentContext,
  row: PaymentRow,
  patch: PaymentPatch,
): Promise<PaymentRow | null> {
  const now = context.clock.now();
  let next: PaymentRow = { ...row, ...patch, version: row.version + 1, updated_at: now };
  const paysSession = patch.status === 'success' && row.status !== 'success' && row.session_id !== null;
  const becomesFinal = patch.status !== undefined && patch.status !== row.status && isFinal(patch.status);
  const written = await context.db.transaction().execute(async (trx) => {
    const set = { ...patch, version: next.version, updated_at: now };
    const updated = await updateWhere(trx, 'payments', set, {
      reference: row.reference,
      version: row.version,
    });
    if (updated !== 1) return false;
    if (
      paysSession &&
      row.session_id !== null &&
      !(await markSessionPaid(trx, row.session_id, row.reference))
    ) {
      // Admission lets one payment at a time hold a session, but money can still arrive twice (a
      // provider's page approved after we gave up on it past its deadline). Keep it visible: the
      // merchant sees the flag in the list, the console and the notification, and can send it back.
      await updateWhere(trx, 'payments', { flag: 'duplicate' }, { reference: row.reference });
      next = { ...next, flag: 'duplicate' };
    }
    // In the same transaction (an outbox): the change and its notification exist together or not at all.
    if (context.notifier) {
      if (becomesFinal) await context.notifier.payment(trx, next, now);
      else if (next.flag !== null && next.flag !== row.flag) await context.notifier.flagged(trx, next, now);
    }
    return true;
  });
  if (!written) return null;

  if (patch.status && patch.status !== row.status) {
    const details = { reference: row.reference, from: row.status, to: patch.status, flag: next.flag };
    if (next.flag && next.flag !== row.flag)
      context.logger.warn(details, 'payment status changed; flagged for the merchant');
    else context.logger.info(details, 'payment status changed');
  }
  await context.events.publish(row.reference, next.version, context.logger);
  if (patch.status === 'success' && row.status !== 'success' && context.onSuccess) {
    try {
      await context.onSuccess(next);
    } catch (error) {
      context.logger.error({ err: error, reference: row.reference }, 'after-success hook failed');
    }
  }
  return next;
}

/** Marks the payment's session paid by it; false when another payment got there first. */
async function markSessionPaid(trx: Transaction<Database>, session: string, reference: string) {
  const marked = await trx
    .updateTable('checkout_sessions')
    .set({ paid_reference: reference })
    .where('id', '=', session)
    .where('paid_reference', 'is', null)
    .executeTakeFirst();
  return Number(marked.numUpdatedRows) === 1;
}

/** Decides and writes what `observation` means for the payment, re-deciding after a lost race. */
export async function applyObservation(
  context: PaymentContext,
  reference: string,
  observation: PaymentObservation,
): Promise<Applied | null> {
  for (let race = 0; race < MAX_RACES; race++) {
    const row = await findPayment(context.db, reference);
    if (!row) return null;
    const decision = decide(row, observation);
    if (!decision) return { row, changed: false };
    const { conflicting } = decision;
    if (Object.keys(decision.patch).length === 0)
      return { row, changed: false, ...(conflicting ? { conflicting } : {}) };
    const written = await writePatch(context, row, decision.patch);
    if (written) return { row: written, changed: true, ...(conflicting ? { conflicting } : {}) };
  }
  throw new Error(`payment ${reference}: too many concurrent changes`);
}
