/**
 * Typed client of the provider API: one method per endpoint.
 *
 * Every input is checked with its request schema before anything is sent (a refusal throws
 * `ProviderRequestError` and makes no call); every answer is parsed with the endpoint's envelope
 * (`ProviderError` otherwise). Single-object endpoints resolve to the envelope's `data`; list endpoints
 * resolve to the whole list envelope, since callers need `total`, `page`, `pages` and `limit`.
 * Timeouts and retries: see http.ts.
 */
import { z } from 'zod';
import { ProviderRequestError } from './errors.ts';
import { createTransport, type ProviderRequest, type RetryPolicy, type TransportOptions } from './http.ts';
import {
  ChargePropertiesResponseSchema,
  CheckoutCreateRequestSchema,
  CheckoutCreatedResponseSchema,
  CheckoutListQuerySchema,
  CheckoutListResponseSchema,
  ConfirmRequestSchema,
  ConfirmResponseSchema,
  DirectChargeRequestSchema,
  DirectChargeResponseSchema,
  DisbursementListQuerySchema,
  DisbursementListResponseSchema,
  DisbursementRequestSchema,
  DisbursementResponseSchema,
  PaymentLinkListQuerySchema,
  PaymentLinkListResponseSchema,
  PaymentLinkResponseSchema,
  ProviderSlugSchema,
  RecipientPropertiesResponseSchema,
  ReferenceSchema,
  ValidateRecipientRequestSchema,
  ValidatedRecipientResponseSchema,
  VerifyCollectionResponseSchema,
  WalletQuerySchema,
  WalletsResponseSchema,
} from './schemas.ts';

export type ProviderClientOptions = TransportOptions;

/** Per call: a caller's AbortSignal, combined with the client's timeout. */
export interface CallOptions {
  signal?: AbortSignal;
}

const PaymentLinkIdSchema = z.string().min(1).max(200);

/** The input as the schema accepts it (list queries also take page/limit as query-string text). */
type Input<S extends z.ZodType> = z.input<S>;

function checked<S extends z.ZodType>(operation: string, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw ProviderRequestError.fromZod(operation, result.error);
  return result.data;
}

/** A POST carrying our reference can be replayed safely (the provider refuses a duplicate). */
function byReference(reference: string | undefined): RetryPolicy {
  return reference === undefined ? 'once' : 'replayable';
}

export function createProviderClient(options: ProviderClientOptions) {
  const send = createTransport(options);

  function get<T>(
    path: string,
    response: z.ZodType<T>,
    call: CallOptions,
    query?: ProviderRequest<T>['query'],
  ) {
    return send({ method: 'GET', path, query, response, retry: 'read', signal: call.signal });
  }

  function post<T>(
    path: string,
    body: unknown,
    response: z.ZodType<T>,
    retry: RetryPolicy,
    call: CallOptions,
  ) {
    return send({ method: 'POST', path, body, response, retry, signal: call.signal });
  }

  return {
    // --- Collections -----------------------------------------------------------------------------

    async createCheckout(input: Input<typeof CheckoutCreateRequestSchema>, call: CallOptions = {}) {
      const body = checked('createCheckout', CheckoutCreateRequestSchema, input);
      const retry = byReference(body.reference);
      return (await post('/payments/v1/checkouts', body, CheckoutCreatedResponseSchema, retry, call)).data;
    },

    async listCheckouts(query: Input<typeof CheckoutListQuerySchema> = {}, call: CallOptions = {}) {
      const params = checked('listCheckouts', CheckoutListQuerySchema, query);
      return get('/payments/v1/checkouts', CheckoutListResponseSchema, call, params);
    },

    async directCharge(input: Input<typeof DirectChargeRequestSchema>, call: CallOptions = {}) {
      const body = checked('directCharge', DirectChargeRequestSchema, input);
      const path = '/payments/v1/payments/direct-charge';
      return (await post(path, body, DirectChargeResponseSchema, byReference(body.reference), call)).data;
    },

    async getChargeProperties(provider: string, call: CallOptions = {}) {
      const slug = encodeURIComponent(checked('getChargeProperties', ProviderSlugSchema, provider));
      const path = `/payments/v1/payments/direct-charge/${slug}/properties`;
      return (await get(path, ChargePropertiesResponseSchema, call)).data;
    },

    /** Never retried: a second submission of a code could count as a wrong try. */
    async confirm(input: Input<typeof ConfirmRequestSchema>, call: CallOptions = {}) {
      const body = checked('confirm', ConfirmRequestSchema, input);
      return (await post('/payments/v1/payments/confirm', body, ConfirmResponseSchema, 'once', call)).data;
    },

    async verifyCollection(reference: string, call: CallOptions = {}) {
      const ref = encodeURIComponent(checked('verifyCollection', ReferenceSchema, reference));
      return (await get(`/payments/v1/payments/verify/${ref}`, VerifyCollectionResponseSchema, call)).data;
    },

    // --- Payment links ---------------------------------------------------------------------------

    async listPaymentLinks(query: Input<typeof PaymentLinkListQuerySchema> = {}, call: CallOptions = {}) {
      const params = checked('listPaymentLinks', PaymentLinkListQuerySchema, query);
      return get('/payments/v1/payment-links', PaymentLinkListResponseSchema, call, params);
    },

    async getPaymentLink(id: string, call: CallOptions = {}) {
      const linkId = encodeURIComponent(checked('getPaymentLink', PaymentLinkIdSchema, id));
      return (await get(`/payments/v1/payment-links/${linkId}`, PaymentLinkResponseSchema, call)).data;
    },

    // --- Disbursements and wallets ---------------------------------------------------------------

    async getRecipientProperties(provider: string, call: CallOptions = {}) {
      const slug = encodeURIComponent(checked('getRecipientProperties', ProviderSlugSchema, provider));
      const path = `/billing/v1/transfer-recipients/${slug}/properties`;
      return (await get(path, RecipientPropertiesResponseSchema, call)).data;
    },

    async validateRecipient(input: Input<typeof ValidateRecipientRequestSchema>, call: CallOptions = {}) {
      const body = checked('validateRecipient', ValidateRecipientRequestSchema, input);
      const path = '/billing/v1/transfer-recipients/validate';
      return (await post(path, body, ValidatedRecipientResponseSchema, 'once', call)).data;
    },

    /** Replayable: `reference` is required, and a replay is answered `DuplicateReference`. */
    async createDisbursement(input: Input<typeof DisbursementRequestSchema>, call: CallOptions = {}) {
      const body = checked('createDisbursement', DisbursementRequestSchema, input);
      return (await post('/billing/v1/disbursements', body, DisbursementResponseSchema, 'replayable', call))
        .data;
    },

    async listDisbursements(query: Input<typeof DisbursementListQuerySchema> = {}, call: CallOptions = {}) {
      const params = checked('listDisbursements', DisbursementListQuerySchema, query);
      return get('/billing/v1/disbursements', DisbursementListResponseSchema, call, params);
    },

    /** Accepts the service's reference or the merchant's (`externalReference`). */
    async verifyDisbursement(reference: string, call: CallOptions = {}) {
      const ref = encodeURIComponent(checked('verifyDisbursement', ReferenceSchema, reference));
      return (await get(`/billing/v1/disbursements/verify/${ref}`, DisbursementResponseSchema, call)).data;
    },

    async getWallets(query: Input<typeof WalletQuerySchema> = {}, call: CallOptions = {}) {
      const params = checked('getWallets', WalletQuerySchema, query);
      return (await get('/billing/v1/wallets', WalletsResponseSchema, call, params)).data;
    },
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;
