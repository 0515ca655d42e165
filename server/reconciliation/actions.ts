/**
 * What the merchant can do about a difference the report shows:
 * - `verify`: ask the provider now where one of our payments or payouts stands and apply the answer, through
 *   the same verify path as the payer's page and the periodic rounds (a stale pending becomes final, a
 *   success after we gave up becomes a flagged `late_success`);
 * - `record`: keep a collection that only the provider knows and holds as a success, as a payment flagged
 *   `found_by_reconciliation`, and tell the merchant's endpoint (`payment.succeeded`, flag included).
 *   The provider is asked first: the report's word is not taken for it. Recording is an insert that
 *   does nothing when the reference exists, so two runs, even at once, record one payment and send one
 *   notification.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { IdSchema } from '../contract/common.ts';
import { ApiError } from '../http/errors.ts';
import { ProviderError } from '../provider/errors.ts';
import type { VerifyCollection } from '../provider/schemas.ts';
import { currencyExponent } from '../checkout/currency.ts';
import { findPayment } from '../payments/repository.ts';
import { verifyPayment, type VerifyContext } from '../payments/verify.ts';
import { findPayout } from '../payouts/repository.ts';
import { verifyPayout, type PayoutContext } from '../payouts/verify.ts';
import type { PaymentRow } from '../store/schema.ts';

const FOUND_BY_RECONCILIATION = 'found_by_reconciliation';

export const ReconciliationActionSchema = z
  .strictObject({
    action: z.enum(['verify', 'record']),
    kind: z.enum(['payment', 'payout']),
    reference: IdSchema,
  })
  .refine((input) => input.action === 'verify' || input.kind === 'payment', {
    message: 'only a payment can be recorded',
    path: ['kind'],
  })
  .meta({ id: 'ReconciliationActionRequest' });
export type ReconciliationActionInput = z.infer<typeof ReconciliationActionSchema>;

export interface ActionOutcome {
  action: 'verify' | 'record';
  kind: 'payment' | 'payout';
  reference: string;
  /**
   * `updated`: the provider's answer changed our record; `unchanged`: it agreed with it; `not_at_provider`:
   * the provider has no such record; `recorded`: a payment was created; `already_recorded`: one exists.
   */
  outcome: 'updated' | 'unchanged' | 'not_at_provider' | 'recorded' | 'already_recorded';
  /** Our record's status after the action. */
  status: string;
  flag?: string;
}

export interface ActionDeps {
  payments: VerifyContext;
  payouts: PayoutContext;
  currencyExponents: Readonly<Record<string, number>>;
}

const providerSilent = () =>
  new ApiError(503, 'provider_unavailable', 'The payment provider is unavailable; try again shortly');

export async function runAction(deps: ActionDeps, input: ReconciliationActionInput): Promise<ActionOutcome> {
  const { action, kind, reference } = input;
  if (action === 'record') return recordProviderSuccess(deps, reference);
  return kind === 'payment'
    ? verifyOurPayment(deps.payments, reference)
    : verifyOurPayout(deps.payouts, reference);
}

async function verifyOurPayment(context: VerifyContext, reference: string): Promise<ActionOutcome> {
  const before = await findPayment(context.db, reference);
  if (!before) throw noSuchRecord('payment', reference);
  const verified = await verifyPayment(context, reference, { force: true });
  if (verified.found === null) throw providerSilent();
  const row = verified.found ? (verified.applied?.row ?? before) : before;
  return {
    action: 'verify',
    kind: 'payment',
    reference,
    outcome: !verified.found ? 'not_at_provider' : verified.applied?.changed ? 'updated' : 'unchanged',
    status: row.status,
    ...(row.flag ? { flag: row.flag } : {}),
  };
}

async function verifyOurPayout(context: PayoutContext, reference: string): Promise<ActionOutcome> {
  const before = await findPayout(context.db, reference);
  if (!before) throw noSuchRecord('payout', reference);
  const verified = await verifyPayout(context, reference, { force: true });
  if (verified.found === null) throw providerSilent();
  const row = verified.found ? (verified.applied?.row ?? before) : before;
  return {
    action: 'verify',
    kind: 'payout',
    reference,
    outcome: !verified.found ? 'not_at_provider' : verified.applied?.changed ? 'updated' : 'unchanged',
    status: row.status,
  };
}

const noSuchRecord = (kind: string, reference: string) =>
  new ApiError(
    404,
    'not_found',
    `We hold no ${kind} ${reference}; a success only the provider knows is kept with action "record"`,
  );

async function recordProviderSuccess(deps: ActionDeps, reference: string): Promise<ActionOutcome> {
  const context = deps.payments;
  const existing = await findPayment(context.db, reference);
  if (existing) return recordedAnswer(existing, 'already_recorded');
  let verified: VerifyCollection;
  try {
    verified = await context.provider.verifyCollection(reference);
  } catch (error) {
    if (error instanceof ProviderError && error.errorCode === 'NotFound')
      throw new ApiError(404, 'not_found', `The provider has no collection ${reference}`);
    throw error;
  }
  if (verified.status !== 'success') {
    throw new ApiError(
      409,
      'not_collected',
      `The provider holds collection ${reference} as ${verified.status}: only a success is recorded`,
    );
  }
  const now = context.clock.now();
  const row = foundPayment(reference, verified, now, deps.currencyExponents);
  const inserted = await context.db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('payments')
      .values(row)
      .onConflict((conflict) => conflict.column('reference').doNothing())
      .returning('reference')
      .executeTakeFirst();
    // No row back: another run recorded it first.
    if (!result) return false;
    // In the same transaction (the outbox): the payment and its notification exist together.
    await context.notifier?.payment(trx, row, now);
    return true;
  });
  if (!inserted) {
    const winner = await findPayment(context.db, reference);
    if (!winner) throw new Error(`payment ${reference} vanished while being recorded`);
    return recordedAnswer(winner, 'already_recorded');
  }
  context.logger.warn(
    { reference, amount: row.amount, currency: row.currency },
    'a success only the provider knew was recorded; flagged for the merchant',
  );
  return recordedAnswer(row, 'recorded');
}

function recordedAnswer(row: PaymentRow, outcome: 'recorded' | 'already_recorded'): ActionOutcome {
  return {
    action: 'record',
    kind: 'payment',
    reference: row.reference,
    outcome,
    status: row.status,
    ...(row.flag ? { flag: row.flag } : {}),
  };
}

/** The payment row of a success the provider collected without us: what verify tells, nothing more. */
function foundPayment(
  reference: string,
  verified: VerifyCollection,
  now: number,
  exponents: Readonly<Record<string, number>>,
): PaymentRow {
  const paidAt = verified.paidAt == null ? null : verified.paidAt * 1000;
  return {
    reference,
    // No payer ever held a token for it: the hash of random bytes matches none, so only the merchant reads it.
    token_hash: createHash('sha256').update(randomBytes(32)).digest('hex'),
    link_id: null,
    session_id: null,
    // Taken on the provider's own page, as far as we can tell.
    method: 'hosted',
    provider: verified.provider ?? null,
    network: null,
    phone_number: null,
    amount: verified.amount,
    fee: verified.charge ?? null,
    total: verified.totalAmount ?? null,
    currency: verified.currency,
    currency_exponent: currencyExponent(verified.currency, exponents),
    // Verify does not name the country.
    country: '',
    status: 'success',
    action: 'none',
    message: null,
    redirect_url: null,
    bank_transfer: null,
    wrong_codes: 0,
    last_confirm: null,
    expires_at: null,
    paid_at: paidAt,
    customer: '{}',
    fields: '{}',
    return_url: null,
    provider_reference: verified.providersReference ?? null,
    flag: FOUND_BY_RECONCILIATION,
    reserved: 0,
    confirming_until: null,
    refund_payout: null,
    version: 1,
    verified_at: now,
    // Dated when the money moved, so the period that holds it finds it there next time.
    created_at: paidAt ?? now,
    updated_at: now,
    purged_at: null,
  };
}
