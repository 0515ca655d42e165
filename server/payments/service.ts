/**
 * The payment service without HTTP: create, confirm, read, cancel after a
 * hosted return. Every read or action on an existing payment needs its token; a missing or wrong token
 * and an unknown reference get the same 401, so nobody can probe which references exist.
 */
import type { ConfirmPayment, CreatedPayment, CreatePayment, Payment } from '../../widget/contract/index.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimiter } from '../http/rate-limit.ts';
import { withLogger, type Logger } from '../logger.ts';
import { merchantNotifier } from '../notifications/enqueue.ts';
import type { ProviderClient } from '../provider/client.ts';
import type { Store } from '../store/database.ts';
import type { PaymentRow } from '../store/schema.ts';
import { createCheckoutLock } from './checkout-lock.ts';
import { confirmPayment } from './confirm.ts';
import { admitPayment, type CheckoutConfigSource } from './create.ts';
import type { PaymentEvents } from './events.ts';
import { applyObservation, findPayment, toPayment } from './repository.ts';
import { returnOrigins } from './return-url.ts';
import { startAtProvider, type StartContext } from './start.ts';
import { isPaymentReference, newPaymentReference, newPaymentToken, tokenMatches } from './tokens.ts';
import { refreshPayment } from './verify.ts';

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

const unauthorized = () =>
  new ApiError(401, 'unauthorized', 'A valid Payment-Token is required for this payment');

export function createPaymentService(deps: PaymentServiceDeps) {
  const { store, checkout } = deps;
  const context: StartContext = {
    db: store.db,
    clock: deps.clock,
    logger: deps.logger,
    events: deps.events,
    provider: deps.provider,
    webhookUrl: `${deps.publicUrl}/webhooks/payments`,
    returnOrigins: returnOrigins(deps.config.allowedOrigins, deps.publicUrl),
    notifier: merchantNotifier(deps.config),
    // A success changes what the link can still collect (and closes a session): drop their cached configs.
    onSuccess: (row) => {
      if (row.link_id) checkout.paymentSucceeded('link', row.link_id);
      if (row.session_id) checkout.paymentSucceeded('session', row.session_id);
    },
  };
  const locks = createCheckoutLock(store.db, store.engine);
  // One number written with or without its `+` is one phone.
  const countCharge = (phoneNumber: string) => deps.limiter.hit('phone', phoneNumber.replace(/^\+/, ''));

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
    async create(input: CreatePayment, logger: Logger): Promise<CreatedPayment> {
      const reference = newPaymentReference();
      const token = newPaymentToken();
      const request = withLogger(context, logger);
      const admitted = await admitPayment({ ...request, checkout, locks, countCharge }, input, reference, token);
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
      return { payment: toPayment(row), token };
    },

    /** `row` comes from `authorize`. */
    async get(row: PaymentRow, logger: Logger): Promise<Payment> {
      return toPayment(await refreshPayment(withLogger(context, logger), row));
    },

    /** `row` comes from `authorize`: the token is checked before the body is even read. */
    confirm(row: PaymentRow, input: ConfirmPayment, logger: Logger): Promise<Payment> {
      return confirmPayment(withLogger(context, logger), row, input);
    },

    /**
     * The payer came back from the hosted page through its cancel URL. Only a payment still waiting on
     * that page can be cancelled; if the provider's answer got there first, the payment stays as it is.
     * `row` comes from `authorize`.
     */
    async cancelFromReturn(row: PaymentRow, logger: Logger): Promise<Payment> {
      const { reference } = row;
      if (row.status === 'pending' && row.action === 'redirect') {
        const applied = await applyObservation(withLogger(context, logger), reference, {
          kind: 'local',
          status: 'cancelled',
          message: 'Cancelled on the payment page',
        });
        return toPayment(applied?.row ?? row);
      }
      // Already settled (the provider's failure for the cancel may have arrived first): show it as it is.
      if (row.status !== 'pending' && row.status !== 'processing') return toPayment(row);
      throw new ApiError(
        409,
        'payment_not_awaiting_input',
        'This payment is not waiting on the payment page',
      );
    },
  };
}
