/**
 * The payment service without HTTP: create, confirm, read, cancel after a
 * hosted return. Every read or action on an existing payment needs its token; a missing or wrong token
 * and an unknown reference get the same 401, so nobody can probe which references exist.
 */
import type { ConfirmPayment, CreatedPayment, CreatePayment, Payment } from '../../widget/shared/contract.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import { withLogger, type Logger } from '../logger.ts';
import { merchantNotifier } from '../notifications/enqueue.ts';
import type { ProviderClient } from '../provider/client.ts';
import type { Store } from '../store/database.ts';
import type { PaymentRow } from '../store/schema.ts';
import { createCheckoutLock } from './checkout-lock.ts';
import { confirmPayment } from './confirm.ts';
import { flagIfPastLimit } from './limit-flag.ts';
import { admitPayment, type CheckoutConfigSource } from './create.ts';
import type { PaymentEvents } from './events.ts';
import { receiptPath } from '../pay/receipts/link.ts';
import { applyObservation, findPayment, toPayment, withReceiptUrl } from './repository.ts';
import { returnOrigins } from './return-url.ts';
import { resolveThroughVerify, startAtProvider, type StartContext } from './start.ts';
import { derivePaymentToken, isPaymentReference, rederivePaymentToken, tokenMatches } from './tokens.ts';
import { refreshPayment, verifyPayment } from './verify.ts';

export interface PaymentServiceDeps {
  config: Config;
  store: Store;
  provider: ProviderClient;
  clock: Clock;
  logger: Logger;
  events: PaymentEvents;
  checkout: CheckoutConfigSource;
  publicUrl: string;
  limiter: RateLimiter;
}

export type PaymentService = ReturnType<typeof createPaymentService>;

/** What a creating request brings: our reference, chosen first, and the grant its token is made from. */
export interface PaymentGrant {
  reference: string;
  /** The client and its Idempotency-Key (see tokens.ts). */
  grant: string;
}

/** The secret a payment's token was made with is no longer configured: its answer cannot be given again. */
const tokenSecretGone = () =>
  new ApiError(
    422,
    'idempotency_conflict',
    'This Idempotency-Key can no longer be answered (the server key its payment was made with was retired); start a new payment',
  );

const unauthorized = () =>
  new ApiError(401, 'unauthorized', 'A valid Payment-Token is required for this payment');

export function createPaymentService(deps: PaymentServiceDeps) {
  const { store, checkout } = deps;
  // Tokens are keyed with the merchant API key; the keys kept for its rotation still re-derive old ones.
  const tokenSecrets = deps.config.merchantApiKeys;
  const context: StartContext = {
    db: store.db,
    clock: deps.clock,
    logger: deps.logger,
    events: deps.events,
    provider: deps.provider,
    webhookUrl: `${deps.publicUrl}/webhooks/payments`,
    returnOrigins: returnOrigins(deps.config.allowedOrigins, deps.publicUrl),
    notifier: merchantNotifier(deps.config),
    // Receipt addresses are keyed like tokens, with the same rotation.
    receiptUrl: (reference) => `${deps.publicUrl}${receiptPath(tokenSecrets, reference)}`,
    // A code's provider call, then possibly a verify: each bounded by the provider timeout.
    confirmLeaseMs: 3 * deps.config.providerTimeoutMs,
    // A success changes what the link can still collect (and closes a session): drop their cached configs.
    onSuccess: async (row) => {
      if (row.session_id) checkout.paymentSucceeded('session', row.session_id);
      if (row.link_id) {
        checkout.paymentSucceeded('link', row.link_id);
        await flagIfPastLimit(context, checkout, row);
      }
    },
  };
  const locks = createCheckoutLock(store.db, store.engine);
  /** The payer's view of a payment: with its receipt's address once final. */
  const forPayer = (row: PaymentRow) => toPayment(row, context.receiptUrl);

  async function create(input: CreatePayment, logger: Logger, { reference, grant }: PaymentGrant) {
    const token = derivePaymentToken(tokenSecrets[0] ?? '', reference, grant);
    const request = withLogger(context, logger);
    const admitted = await admitPayment(
      { ...request, checkout, locks, countCharge, reservationMs: deps.config.paymentReservationMs },
      input,
      reference,
      token,
    );
    logger.info(
      {
        reference,
        link: admitted.row.link_id,
        session: admitted.row.session_id,
        method: admitted.row.method,
        amount: admitted.row.amount,
        currency: admitted.row.currency,
      },
      'payment created',
    );
    const row = await startAtProvider(request, admitted);
    return { payment: forPayer(row), token };
  }

  function tokenOf(row: PaymentRow, grant: string): string {
    const token = rederivePaymentToken(tokenSecrets, row.reference, grant, row.token_hash);
    if (token === undefined) throw tokenSecretGone();
    return token;
  }

  // Counted per wallet: the payer's schema gave the number its one spelling (E.164), so +234…, 234…,
  // 0803…, 00234… and 803… are one phone.
  const countCharge = (wallet: string) => deps.limiter.hit('phone', wallet);

  /** The payment, if `token` is its token; 401 otherwise (unknown references included). */
  async function authorize(reference: string, token: string | undefined): Promise<PaymentRow> {
    if (!isPaymentReference(reference)) throw unauthorized();
    const row = await findPayment(store.db, reference);
    // Compare even without a row, so an unknown reference costs the same time as a wrong token.
    const matches = tokenMatches(token, row?.token_hash ?? '0'.repeat(64));
    if (!row || !matches) throw unauthorized();
    return row;
  }

  return {
    context,
    authorize,

    // Each action takes the request's logger, so its lines carry the request id.
    create: (input: CreatePayment, logger: Logger, grant: PaymentGrant): Promise<CreatedPayment> =>
      create(input, logger, grant),

    /**
     * The request that was creating `grant.reference` died (its Idempotency-Key's lease lapsed): answer what
     * became of the payment, as that request would have.
     */
    async resume(input: CreatePayment, logger: Logger, grant: PaymentGrant): Promise<CreatedPayment> {
      const row = await findPayment(store.db, grant.reference);
      // It died before storing the payment, so before the provider could hear of it: create it now.
      if (!row) return create(input, logger, grant);
      const token = tokenOf(row, grant.grant);
      const request = withLogger(context, logger);
      // Version 1: nothing changed it since it was stored, so the provider's answer to the charge was lost.
      const current =
        row.version === 1 ? await resolveThroughVerify(request, row) : await refreshPayment(request, row);
      return { payment: forPayer(current), token };
    },

    /** The token of a payment whose creating answer is replayed (it is kept nowhere). */
    async replayToken(grant: PaymentGrant): Promise<string> {
      const row = await findPayment(store.db, grant.reference);
      if (!row) throw new Error(`payment ${grant.reference} of a kept answer is missing`);
      return tokenOf(row, grant.grant);
    },

    /** `row` comes from `authorize`. */
    async get(row: PaymentRow, logger: Logger): Promise<Payment> {
      return forPayer(await refreshPayment(withLogger(context, logger), row));
    },

    /** `row` comes from `authorize`: the token is checked before the body is even read. */
    async confirm(row: PaymentRow, input: ConfirmPayment, logger: Logger): Promise<Payment> {
      return withReceiptUrl(
        await confirmPayment(withLogger(context, logger), row, input),
        context.receiptUrl,
      );
    },

    /**
     * The payer came back from the hosted page through its cancel URL. Only a payment still waiting on
     * that page can be cancelled; if the provider's answer got there first, the payment stays as it is.
     * `row` comes from `authorize`.
     */
    async cancelFromReturn(row: PaymentRow, logger: Logger): Promise<Payment> {
      const { reference } = row;
      if (row.status === 'pending' && row.action === 'redirect') {
        const request = withLogger(context, logger);
        const applied = await applyObservation(request, reference, {
          kind: 'local',
          status: 'cancelled',
          message: 'Cancelled on the payment page',
        });
        // Until the provider says its page is closed, the cancelled payment keeps its amount reserved
        // (anyone holding the reference can come through here while that page is still open): ask now,
        // so a real cancel frees the link's amount and the session at once.
        if (applied?.row.reserved) {
          const outcome = await verifyPayment(request, reference, { force: true });
          if (outcome.found === true && outcome.applied) return forPayer(outcome.applied.row);
        }
        return forPayer(applied?.row ?? row);
      }
      // Already settled (the provider's failure for the cancel may have arrived first): show it as it is.
      if (row.status !== 'pending' && row.status !== 'processing') return forPayer(row);
      throw new ApiError(
        409,
        'payment_not_awaiting_input',
        'This payment is not waiting on the payment page',
      );
    },
  };
}
