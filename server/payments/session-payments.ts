/**
 * A checkout session (a cart) has at most one payment that may still take money. A second attempt while
 * one holds (two tabs, or a payer who starts again while the first waits for approval) is refused with
 * where the first one waits, unless the first is known final.
 *
 * One kind of live payment is replaced instead: one waiting for the payer's code. Its charge cannot
 * complete without our confirm, so cancelling it takes nothing from the payer, and "Use another number"
 * from the code step must be able to start again. It is replaced only while no code is being checked
 * for it (`confirming_until`): the cancel is version-guarded, and taking a confirm's lease bumps the
 * version, so the two cannot both win.
 */
import { ApiError } from '../http/errors.ts';
import type { Executor } from './checkout-lock.ts';
import { holdsMoney } from './holds.ts';
import { decide, type LocalDecision } from './lifecycle.ts';
import { writePatch, type PaymentContext } from './repository.ts';

const REPLACED: LocalDecision = {
  kind: 'local',
  status: 'cancelled',
  message: 'Replaced by a new payment attempt on this checkout',
};

/** What the payer reads about the payment that holds the session, by where it waits. */
const WAITING_ON: Record<string, string> = {
  redirect: 'A payment for this checkout is still open on the payment page: finish or cancel it there',
  'bank-transfer': 'A payment for this checkout is waiting for your bank transfer: complete it',
  otp: 'A code for a payment on this checkout is being checked: wait for its answer',
  'pre-otp': 'A code for a payment on this checkout is being checked: wait for its answer',
};
const PROCESSING = 'A payment for this checkout is waiting for approval on your phone: approve it';
const RESERVED = 'A payment for this checkout may still be completed on the payment page';

const paymentInProgress = (message: string) =>
  new ApiError(409, 'payment_in_progress', `${message}, or wait for it to end before paying again`);

interface SessionContext extends PaymentContext {
  reservationMs: number;
}

export async function assertNoLivePayment(context: SessionContext, db: Executor, sessionId: string) {
  const now = context.clock.now();
  const live = await db
    .selectFrom('payments')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where((eb) => holdsMoney(eb, now, context.reservationMs))
    .execute();
  for (const row of live) {
    const codeStep = row.status === 'pending' && (row.action === 'otp' || row.action === 'pre-otp');
    const checkingCode = row.confirming_until !== null && row.confirming_until > now;
    if (codeStep && !checkingCode) {
      const decision = decide(row, REPLACED);
      if (decision && (await writePatch(context, row, decision.patch))) {
        context.logger.info(
          { reference: row.reference, session: sessionId },
          'payment replaced by a new attempt',
        );
        continue;
      }
    }
    if (row.status === 'processing') throw paymentInProgress(PROCESSING);
    if (row.status !== 'pending') throw paymentInProgress(RESERVED);
    throw paymentInProgress(WAITING_ON[row.action] ?? PROCESSING);
  }
}
