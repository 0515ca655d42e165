/**
 * The payer's OTP or customer code. Only in the matching step (`otp` takes
 * `{otp}`, `pre-otp` takes `{customerCode}`); at most 5 wrong codes, then the payment fails and every
 * further confirm answers `otp_locked`. The last code's answer is kept (code hashed): sending the same
 * code again, after a lost answer or a double click, replays it instead of counting another wrong try.
 */
import type { ConfirmPayment, Payment } from '../../widget/shared/contract.ts';
import { ApiError } from '../http/errors.ts';
import { ProviderError } from '../provider/errors.ts';
import type { PaymentRow } from '../store/schema.ts';
import { TOO_MANY_WRONG_CODES } from './failure-codes.ts';
import { EXPIRED, hasLapsed, MAX_WRONG_CODES } from './lifecycle.ts';
import { fromChargeResult, step } from './provider-answers.ts';
import { applyObservation, findPayment, toPayment, writePatch } from './repository.ts';
import { hashCode } from './tokens.ts';
import { verifyPayment, type VerifyContext } from './verify.ts';

interface LastConfirm {
  codeHash: string;
  /** 200 (accepted) or the 422 answered; an accepted code replays the payment as it is now. */
  status: 200 | 422;
  code?: 'invalid_otp' | 'otp_locked';
  attemptsLeft?: number;
}

/** A claim outlives the provider call and the verify that may follow it, not a crash. */
const DEFAULT_CONFIRM_LEASE_MS = 45_000;

const locked = () =>
  new ApiError(422, 'otp_locked', 'Too many wrong codes: this payment has failed. Start a new payment.');
const notAwaiting = () =>
  new ApiError(409, 'payment_not_awaiting_input', 'This payment is not waiting for a code');
const wrongCode = (attemptsLeft: number) =>
  new ApiError(
    422,
    'invalid_otp',
    `The code is not valid: ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left`,
    { attemptsLeft },
  );

export async function confirmPayment(
  context: VerifyContext,
  row: PaymentRow,
  input: ConfirmPayment,
): Promise<Payment> {
  const code = 'otp' in input ? input.otp : input.customerCode;
  const codeHash = hashCode(row.reference, code);
  if (row.wrong_codes >= MAX_WRONG_CODES) throw locked();
  const last = row.last_confirm ? (JSON.parse(row.last_confirm) as LastConfirm) : null;
  if (last?.codeHash === codeHash) {
    if (last.status === 200) return toPayment(row);
    throw last.code === 'otp_locked' ? locked() : wrongCode(last.attemptsLeft ?? 0);
  }
  if (hasLapsed(row, context.clock.now())) {
    await applyObservation(context, row.reference, EXPIRED);
    throw notAwaiting();
  }
  const expected = 'otp' in input ? 'otp' : 'pre-otp';
  if (row.status !== 'pending' || row.action !== expected) throw notAwaiting();

  const lease = await takeConfirmLease(context, row.reference, expected);
  if (lease === null) throw await noLeaseError(context, row.reference, expected);
  try {
    return await confirmAtProvider(context, row, input, codeHash);
  } finally {
    await releaseConfirmLease(context, row.reference, lease);
  }
}

/**
 * One code at a time reaches the provider for a payment, and only while wrong codes are left: the check
 * and the claim are one conditional update, so concurrent codes cannot all pass a count read before any
 * of them was counted. The claim bumps `version`, so a write decided on the row before it (a new attempt
 * replacing this payment, payments/session-payments.ts) loses its race instead of cancelling a payment
 * whose code is at the provider. A crash mid-call leaves a claim that lapses on its own.
 */
async function takeConfirmLease(context: VerifyContext, reference: string, action: string) {
  const now = context.clock.now();
  const until = now + (context.confirmLeaseMs ?? DEFAULT_CONFIRM_LEASE_MS);
  const taken = await context.db
    .updateTable('payments')
    .set((eb) => ({ confirming_until: until, version: eb('version', '+', 1) }))
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .where('action', '=', action)
    .where('wrong_codes', '<', MAX_WRONG_CODES)
    .where((eb) => eb.or([eb('confirming_until', 'is', null), eb('confirming_until', '<=', now)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? until : null;
}

async function releaseConfirmLease(context: VerifyContext, reference: string, lease: number) {
  await context.db
    .updateTable('payments')
    .set({ confirming_until: null })
    .where('reference', '=', reference)
    .where('confirming_until', '=', lease)
    .execute();
}

/** Why the claim was refused, read again: locked out, no longer waiting for a code, or one in flight. */
async function noLeaseError(context: VerifyContext, reference: string, action: string): Promise<ApiError> {
  const current = await findPayment(context.db, reference);
  if (!current) return notAwaiting();
  if (current.wrong_codes >= MAX_WRONG_CODES) return locked();
  if (current.status !== 'pending' || current.action !== action) return notAwaiting();
  return new ApiError(409, 'request_in_progress', 'A code for this payment is being checked: wait for its answer');
}

async function confirmAtProvider(
  context: VerifyContext,
  row: PaymentRow,
  input: ConfirmPayment,
  codeHash: string,
): Promise<Payment> {
  try {
    const result = await context.provider.confirm({
      reference: row.reference,
      customerInput: 'otp' in input ? { otp: input.otp } : { customerCode: input.customerCode },
    });
    const accepted: LastConfirm = { codeHash, status: 200 };
    const observation = fromChargeResult(result, context.clock.now());
    if (observation.kind === 'step') observation.patch.last_confirm = JSON.stringify(accepted);
    const applied = await applyObservation(context, row.reference, observation);
    return toPayment(applied?.row ?? row);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    if (error.errorCode === 'InvalidOTP') return countWrongCode(context, row.reference, codeHash);
    if (error.errorCode === 'ValidationError' || error.errorCode === 'Timeout')
      return afterUnclearAnswer(context, row.reference, error);
    throw error;
  }
}

/** One more wrong code, counted on the freshest row (concurrent confirms must each count). */
async function countWrongCode(context: VerifyContext, reference: string, codeHash: string): Promise<never> {
  for (;;) {
    const current = await findPayment(context.db, reference);
    if (!current) throw notAwaiting();
    const wrongCodes = current.wrong_codes + 1;
    const lockedOut = wrongCodes >= MAX_WRONG_CODES;
    const answer: LastConfirm = lockedOut
      ? { codeHash, status: 422, code: 'otp_locked' }
      : { codeHash, status: 422, code: 'invalid_otp', attemptsLeft: MAX_WRONG_CODES - wrongCodes };
    const patch = { wrong_codes: wrongCodes, last_confirm: JSON.stringify(answer) };
    const failing = lockedOut && current.status === 'pending';
    const written = await writePatch(
      context,
      current,
      failing
        ? { ...patch, status: 'failed', action: 'none', expires_at: null, message: TOO_MANY_WRONG_CODES }
        : patch,
    );
    if (!written) continue;
    throw lockedOut ? locked() : wrongCode(answer.attemptsLeft ?? 0);
  }
}

/**
 * The provider refused the code as out of step, or did not answer: the charge may have moved on (a first
 * attempt's code accepted, a webhook we have not seen yet). Verify tells: a pending charge that no longer
 * takes a code is being processed.
 */
async function afterUnclearAnswer(
  context: VerifyContext,
  reference: string,
  error: ProviderError,
): Promise<Payment> {
  const outcome = await verifyPayment(context, reference, { force: true });
  if (outcome.found !== true) throw error;
  if (outcome.verified.status === 'pending' && error.errorCode === 'ValidationError') {
    const applied = await applyObservation(
      context,
      reference,
      step('processing', 'processing', { expires_at: null }),
    );
    if (applied) return toPayment(applied.row);
  }
  const current = await findPayment(context.db, reference);
  if (current && current.status !== 'pending') return toPayment(current);
  throw error.errorCode === 'Timeout' ? error : notAwaiting();
}
