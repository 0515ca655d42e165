/** POST /payments/v1/payments/confirm: the payer's OTP or customer code for a pending direct charge. */
import { sql } from 'kysely';
import type { ConfirmRequest } from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { sandboxNotFound, SandboxError, validationError } from '../errors.ts';
import { applyCollectionStatus, scheduledOutcome } from './outcomes.ts';
import { outcomeOf, SANDBOX_CUSTOMER_CODE, SANDBOX_OTP } from './scenarios.ts';
import { findTransaction } from './transactions.ts';

/** Wrong codes allowed before the operator gives up on the charge. */
export const MAX_WRONG_CODES = 5;

export async function confirmCustomerInput(context: SandboxContext, request: ConfirmRequest) {
  const row = await findTransaction(context, request.reference);
  if (!row) throw sandboxNotFound('Transaction');
  const expects = row.status === 'pending' ? row.action : 'none';
  const givesOtp = 'otp' in request.customerInput;
  if (expects !== 'otp' && expects !== 'pre-otp') {
    throw validationError(`Transaction ${row.reference} is not awaiting customer input`);
  }
  if (givesOtp !== (expects === 'otp')) {
    throw validationError(
      `customerInput: this transaction expects ${expects === 'otp' ? 'an otp' : 'a customerCode'}`,
    );
  }

  const given =
    'otp' in request.customerInput ? request.customerInput.otp : request.customerInput.customerCode;
  const now = context.clock.now();
  if (given !== (expects === 'otp' ? SANDBOX_OTP : SANDBOX_CUSTOMER_CODE)) {
    // One atomic increment: concurrent wrong codes must each count, never overwrite one another.
    const counted = await context.db
      .updateTable('sandbox_transactions')
      .set({ otp_attempts: sql<number>`otp_attempts + 1`, updated_at: now })
      .where('reference', '=', row.reference)
      .where('status', '=', 'pending')
      .returning('otp_attempts')
      .executeTakeFirst();
    if (!counted) throw validationError(`Transaction ${row.reference} is not awaiting customer input`);
    const attempts = counted.otp_attempts;
    if (attempts >= MAX_WRONG_CODES) {
      await applyCollectionStatus(context, row.reference, 'failed', 'Too many wrong codes');
      throw new SandboxError(400, 'InvalidOTP', 'Too many wrong codes: the payment has failed');
    }
    throw new SandboxError(
      400,
      'InvalidOTP',
      `The code is not valid (${MAX_WRONG_CODES - attempts} attempts left)`,
    );
  }

  const next = {
    ...scheduledOutcome(context, outcomeOf(row.scenario)),
    status_description: 'Awaiting provider feedback',
    updated_at: now,
  };
  await context.db
    .updateTable('sandbox_transactions')
    .set(next)
    .where('reference', '=', row.reference)
    .execute();
  return { ...row, ...next };
}
