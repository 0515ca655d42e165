/**
 * Payouts without HTTP (docs/payouts.md#payouts-ledger): recipient properties and validation, requesting a
 * payout, reading one. A payout's row (our reference, `processing`) is stored before the provider is
 * called; a call that ends without a clear answer (timeout, network, 5xx) is resolved through verify and
 * left `processing` for reconciliation, never sent again under a new reference.
 */
import type { FieldError, Payout } from '../../widget/shared/contract.ts';
import { ApiError, notFound, validationFailed } from '../http/errors.ts';
import { ProviderError, ProviderRequestError } from '../provider/errors.ts';
import type { Disbursement, ValidateRecipientRequest, ValidatedRecipient } from '../provider/schemas.ts';
import type { Transaction } from 'kysely';
import type { Database, PayoutRecipientRow, PayoutRow } from '../store/schema.ts';
import { applyPayoutObservation, findPayout, PAYOUT_REFERENCE_PATTERN, toPayout } from './repository.ts';
import { fromDisbursement, refreshPayout, verifyPayout, type PayoutContext } from './verify.ts';

export interface CreatePayout {
  transferRecipientId: string;
  amount: number;
  narration?: string | undefined;
  reference?: string | undefined;
  /** The payment whose money this payout sends back (payments/refund.ts). */
  refundOf?: string | undefined;
}

/**
 * Runs in the transaction that stores a new payout, before the row is written: throwing there stores
 * nothing and calls no provider. A refund claims its payment this way, so the payment never names a
 * payout that does not exist, and two refunds of one payment cannot both be stored.
 */
export type PayoutClaim = (trx: Transaction<Database>) => Promise<void>;

export interface PayoutServiceDeps extends PayoutContext {
  /** Our disbursement webhook endpoint, given to the provider with every payout. */
  webhookUrl: string;
}

/** A provider refusal such as `account.network: 'x' is not a network...` as a field error. */
function providerFieldError(error: ProviderError, fallbackPath: string): FieldError {
  const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(error.message);
  return match?.[1] && match[2]
    ? { path: match[1], code: 'invalid', message: match[2] }
    : { path: fallbackPath, code: 'invalid', message: error.message };
}

/** A refusal the provider made after reading the request: nothing was paid out. */
const isDefinitiveRefusal = (error: ProviderError) =>
  error.status >= 400 && error.status < 500 && error.status !== 409 && error.status !== 429;

export function createPayoutService(deps: PayoutServiceDeps) {
  const { db, provider, clock, logger } = deps;

  async function properties(slug: string) {
    try {
      return await provider.getRecipientProperties(slug);
    } catch (error) {
      if (error instanceof ProviderError && error.errorCode === 'NotFound')
        throw notFound(`Provider '${slug}'`);
      throw error;
    }
  }

  async function validateRecipient(request: ValidateRecipientRequest): Promise<ValidatedRecipient> {
    let validated: ValidatedRecipient;
    try {
      validated = await provider.validateRecipient(request);
    } catch (error) {
      if (error instanceof ProviderError && error.errorCode === 'NotFound') {
        throw validationFailed([
          { path: 'provider', code: 'invalid', message: `'${request.provider}' is not a payout provider` },
        ]);
      }
      if (error instanceof ProviderError && error.errorCode === 'ValidationError') {
        throw validationFailed([providerFieldError(error, 'account')], 'The provider refused this recipient');
      }
      throw error;
    }
    await db
      .insertInto('payout_recipients')
      .values({
        id: validated.id,
        provider: validated.provider,
        currency: validated.currency,
        country: validated.country,
        channel: validated.channel ?? null,
        label: validated.accountLabel,
        account: JSON.stringify(validated.account),
        created_at: clock.now(),
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    return validated;
  }

  /** The recipient a payout goes to; 400 unless it was validated through us (we need its market). */
  async function recipientFor(transferRecipientId: string): Promise<PayoutRecipientRow> {
    const recipient = await db
      .selectFrom('payout_recipients')
      .selectAll()
      .where('id', '=', transferRecipientId)
      .executeTakeFirst();
    if (recipient) return recipient;
    throw validationFailed(
      [
        {
          path: 'transferRecipientId',
          code: 'invalid',
          message: 'must be the id of a recipient validated through POST /api/v1/payouts/recipients/validate',
        },
      ],
      'Validate the recipient before paying out to it',
    );
  }

  /** The wallet's balance and what the payout needs, for an `InsufficientBalance` refusal. */
  async function insufficientBalance(row: PayoutRow, error: ProviderError): Promise<ApiError> {
    const needed = Number(/needs (\d+)/.exec(error.message)?.[1] ?? row.amount);
    let held = 'less';
    try {
      const wallets = await provider.getWallets({ country: row.country, currency: row.currency });
      const wallet = wallets.find((candidate) => candidate.type === 'disbursement');
      if (wallet) held = String(wallet.amount);
    } catch (walletError) {
      logger.warn({ err: walletError, reference: row.reference }, 'payout: wallet balance unavailable');
    }
    const message = `The disbursement wallet holds ${held}; this payout needs ${needed}`;
    await fail(row, `Insufficient balance: ${message} (${row.currency} minor units)`);
    return validationFailed(
      [{ path: 'amount', code: 'too_high', message }],
      `Insufficient balance in the ${row.country} ${row.currency} disbursement wallet`,
    );
  }

  async function fail(row: PayoutRow, description: string) {
    await applyPayoutObservation(
      deps,
      row.reference,
      { status: 'failed', statusDescription: description },
      clock.now(),
    );
  }

  async function create(
    input: CreatePayout,
    recipient: PayoutRecipientRow,
    reference: string,
    claim?: PayoutClaim,
  ): Promise<Payout> {
    const now = clock.now();
    const row: PayoutRow = {
      reference,
      merchant_reference: input.reference ?? null,
      provider_reference: null,
      transfer_recipient_id: recipient.id,
      // A recipient blanked by RETENTION_DAYS has no label; the provider's answer names it again.
      label: recipient.label || null,
      amount: input.amount,
      currency: recipient.currency,
      country: recipient.country,
      provider: recipient.provider,
      status: 'processing',
      final: 0,
      status_description: 'Payout requested',
      narration: input.narration ?? null,
      version: 1,
      verified_at: null,
      created_at: now,
      updated_at: now,
      completed_at: null,
      purged_at: null,
      refund_of: input.refundOf ?? null,
    };
    await db.transaction().execute(async (trx) => {
      await claim?.(trx);
      await trx.insertInto('payouts').values(row).execute();
    });
    let answer: Disbursement;
    try {
      answer = await provider.createDisbursement({
        transferRecipientId: recipient.id,
        amount: input.amount,
        reference: row.reference,
        ...(input.narration === undefined ? {} : { narration: input.narration }),
        webhook: deps.webhookUrl,
      });
    } catch (error) {
      return toPayout(await afterFailedRequest(row, error));
    }
    const applied = await applyPayoutObservation(deps, row.reference, fromDisbursement(answer), clock.now());
    return toPayout(applied?.row ?? row);
  }

  /**
   * A refusal (nothing was paid out) fails the row and throws our error; anything else may have paid
   * out, so the provider is asked and the row stays `processing` until it knows (reconciliation).
   */
  async function afterFailedRequest(row: PayoutRow, error: unknown): Promise<PayoutRow> {
    if (error instanceof ProviderRequestError) {
      await fail(row, 'The payout request was refused before reaching the provider');
      throw error;
    }
    if (error instanceof ProviderError && error.errorCode === 'InsufficientBalance') {
      throw await insufficientBalance(row, error);
    }
    if (error instanceof ProviderError && isDefinitiveRefusal(error)) {
      await fail(row, `Refused by the provider: ${error.message}`);
      if (error.errorCode === 'NotFound') {
        throw validationFailed([
          { path: 'transferRecipientId', code: 'invalid', message: 'is not known to the provider' },
        ]);
      }
      if (error.errorCode === 'ValidationError') throw validationFailed([providerFieldError(error, '')]);
      throw error;
    }
    // No clear answer: the provider may have paid out. Ask it; never send again under a new reference.
    logger.warn(
      { err: error, reference: row.reference },
      'payout: no clear answer from the provider; verifying',
    );
    const outcome = await verifyPayout(deps, row.reference, { force: true });
    if (outcome.found === true && outcome.applied) return outcome.applied.row;
    const pending = await applyPayoutObservation(
      deps,
      row.reference,
      {
        status: 'processing',
        statusDescription: 'The provider has not confirmed this payout yet; it is being checked',
      },
      clock.now(),
    );
    return pending?.row ?? row;
  }

  /**
   * The request that was creating `reference` died (its Idempotency-Key's lease lapsed): the payout as it
   * stands, verified with the provider; created now if that request never stored it (nothing was sent).
   */
  async function resume(
    input: CreatePayout,
    recipient: PayoutRecipientRow,
    reference: string,
    claim?: PayoutClaim,
  ): Promise<Payout> {
    const row = await findPayout(db, reference);
    if (!row) return create(input, recipient, reference, claim);
    return toPayout(await refreshPayout(deps, row));
  }

  /** One payout, verified with the provider first when it is not final (throttled). */
  async function get(reference: string): Promise<Payout> {
    const row = PAYOUT_REFERENCE_PATTERN.test(reference) ? await findPayout(db, reference) : undefined;
    if (!row) throw notFound('Payout');
    return toPayout(await refreshPayout(deps, row));
  }

  return { properties, validateRecipient, recipientFor, create, resume, get, context: deps as PayoutContext };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
