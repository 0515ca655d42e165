/**
 * Payment routes, mounted at /api/v1/payments. The payer's routes take the payment's
 * token in `Payment-Token`; the list is the merchant's (Bearer key). Rate limits: creations per IP,
 * actions per payment reference by its token's holder (an OTP cannot be brute-forced, verify cannot be
 * hammered), and requests with a missing or wrong token per IP.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { CreatePayment, Payment } from '../../widget/shared/contract.ts';
import {
  answer,
  errors,
  IDEMPOTENCY_KEY,
  jsonBody,
  MERCHANT_ONLY,
  page,
  PAYMENT_TOKEN,
  PROVIDER_ERRORS,
  PUBLIC,
  replayable,
  single,
} from '../contract/describe.ts';
import {
  ConfirmPaymentSchema,
  CreatedPaymentSchema,
  CreatePaymentSchema,
  MerchantPaymentSchema,
  PaymentSchema,
} from '../contract/schemas.ts';
import { createOpenApiApp, type AppDeps, type AppEnv } from '../env.ts';
import { clientKey } from '../http/client-ip.ts';
import { jsonBodyFirst, sentJsonBody } from '../http/body.ts';
import { ApiError } from '../http/errors.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import { answerIdempotently } from '../idempotency/answer.ts';
import { IDEMPOTENCY_HEADER, idempotencyKeyFirst, readIdempotencyKey } from '../idempotency/keys.ts';
import { listPayments, PaymentListQuerySchema } from './list.ts';
import type { PaymentService } from './service.ts';
import { paymentStream } from './stream.ts';
import { createStreamSlots } from './stream-slots.ts';
import { newPaymentReference } from './tokens.ts';
import { withLogger } from '../logger.ts';
import type { PaymentRow } from '../store/schema.ts';

const PAYMENT_TOKEN_HEADER = 'Payment-Token';

/** The checkout a payment pays, `link:<id>` or `session:<id>`: the realm its Idempotency-Key lives in. */
const checkoutOf = (input: CreatePayment) =>
  input.link !== undefined ? `link:${input.link}` : `session:${input.session ?? ''}`;

/**
 * Whose Idempotency-Key it is: the checkout paid and the payer's browser (its User-Agent, which a retry
 * from the same browser sends unchanged even after a network change, unlike its address). The first
 * client to send a key for a checkout holds it: another client sending it (another browser, or the same
 * one after its User-Agent changed) is refused, so it neither receives this one's answer and token nor
 * makes a second payment.
 */
function payerClient(input: CreatePayment, userAgent: string | undefined): string {
  return input.link !== undefined
    ? checkoutClient('link', input.link, userAgent)
    : checkoutClient('session', input.session ?? '', userAgent);
}

/** The idempotency client of a browser paying checkout `kind:id` (see payerClient). */
export const checkoutClient = (kind: 'link' | 'session', id: string, userAgent: string | undefined) =>
  `${kind}:${id}\nua:${userAgent ?? ''}`;

/** What a payment creation's request hash names besides its body. */
export const CREATE_PAYMENT_ROUTE = 'POST /api/v1/payments';

/** A payment creation as the API answers it, once per client, key and body; the pay page's form uses it too. */
export interface CreateRequest {
  input: CreatePayment;
  /** What the request hash is made of (the JSON body; the pay page's answers with each file's digest). */
  body: unknown;
  key: string;
}

/** Runs `service.create` under the Idempotency-Key: a replay answers the same payment and token (201). */
export function createIdempotently(
  c: Context<AppEnv>,
  deps: Pick<AppDeps, 'config' | 'store' | 'clock'>,
  service: PaymentService,
  { input, body, key }: CreateRequest,
) {
  const logger = c.get('logger');
  const client = payerClient(input, c.req.header('user-agent'));
  const grant = (reference: string) => ({ reference, grant: `${client}\n${key}` });
  return answerIdempotently(
    c,
    {
      db: deps.store.db,
      clock: deps.clock,
      logger,
      scope: 'payments',
      client,
      realm: checkoutOf(input),
      key,
      route: CREATE_PAYMENT_ROUTE,
      body,
      leaseMs: deps.config.idempotencyLeaseMs,
    },
    {
      newReference: newPaymentReference,
      create: (reference) => service.create(input, logger, grant(reference)),
      resume: (reference) => service.resume(input, logger, grant(reference)),
      // The token is kept nowhere: a replay derives it again.
      keep: ({ payment }) => ({ payment }),
      restore: async (kept, reference) => ({
        ...(kept as { payment: Payment }),
        token: await service.replayToken(grant(reference)),
      }),
    },
  );
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Any text: a reference that is not one of ours is refused with the token check (401), as a wrong
 * token is, so the answer does not tell which references exist.
 */
const ReferenceParams = z.object({ reference: z.string().meta({ description: 'Payment reference' }) });

const payerRoute = {
  tags: ['Payments'],
  security: PUBLIC,
  parameters: [PAYMENT_TOKEN],
  request: { params: ReferenceParams },
};

const listPaymentsRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Merchant'],
  operationId: 'listPayments',
  summary: 'List payments with their custom-field answers',
  security: MERCHANT_ONLY,
  request: { query: PaymentListQuerySchema },
  responses: {
    200: page('A page of payments, newest first', MerchantPaymentSchema),
    ...errors(400, 401, 429),
  },
});

const getPaymentRoute = createRoute({
  ...payerRoute,
  method: 'get',
  path: '/{reference}',
  operationId: 'getPayment',
  summary: 'Read a payment',
  responses: { 200: single('The payment', PaymentSchema), ...errors(401, 429) },
});

const cancelPaymentRoute = createRoute({
  ...payerRoute,
  method: 'post',
  path: '/{reference}/cancel',
  operationId: 'cancelPayment',
  summary: 'Cancel a payment from the payment page',
  description:
    "The payer came back through the hosted page's cancel URL: a payment still waiting on that page is cancelled; one already settled is answered as it is.",
  responses: { 200: single('The payment', PaymentSchema), ...errors(401, 409, 429) },
});

const followPaymentRoute = createRoute({
  ...payerRoute,
  method: 'get',
  path: '/{reference}/events',
  operationId: 'followPayment',
  summary: 'Follow a payment (server-sent events)',
  description:
    'Event `payment` with a Payment as data and a version as id; a heartbeat comment every 15 s; ends after a final status.',
  responses: {
    200: answer('An event stream', { 'text/event-stream': { schema: z.string() } }),
    ...errors(401, 429),
  },
});

export function paymentRoutes(
  deps: Pick<AppDeps, 'config' | 'store' | 'clock'>,
  service: PaymentService,
  limiter: RateLimiter,
) {
  const { config, store } = deps;
  const ipOf = (c: Context) => clientKey(c, config);
  const tokenOf = (c: Context) => c.req.header(PAYMENT_TOKEN_HEADER);
  const streamSlots = createStreamSlots(config.eventStreams);
  const app = createOpenApiApp();

  /**
   * The payment the request's token opens. A missing or wrong token counts against the client's IP,
   * never against the payment: only requests of its token's holder spend the payment's own budget, so
   * knowing a reference (it travels in return URLs and logs) locks its payer out of nothing.
   */
  async function authorized(c: Context): Promise<PaymentRow> {
    let row: PaymentRow;
    try {
      row = await service.authorize(c.req.param('reference') ?? '', tokenOf(c));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await limiter.hit('token', ipOf(c));
      throw error;
    }
    await limiter.hit('reference', row.reference);
    return row;
  }

  /** Each confirm request's payment, opened by `authorizedFirst`. */
  const authorizedRows = new WeakMap<Context, PaymentRow>();
  /** Route middleware: the token is checked before the body is even read. */
  const authorizedFirst: MiddlewareHandler = async (c, next) => {
    authorizedRows.set(c, await authorized(c));
    await next();
  };

  const createPaymentRoute = createRoute({
    method: 'post',
    path: '/',
    tags: ['Payments'],
    operationId: 'createPayment',
    summary: 'Start a payment',
    security: PUBLIC,
    parameters: [IDEMPOTENCY_KEY],
    // A malformed request is refused before the key is taken (nothing ran, so nothing is kept).
    middleware: [rateLimit(limiter, 'create', ipOf), idempotencyKeyFirst, jsonBodyFirst],
    request: { body: jsonBody(app, CreatePaymentSchema) },
    responses: {
      201: replayable(single('The payment and its token (returned once)', CreatedPaymentSchema)),
      ...errors(400, 404, 409, 413, 415, 422, 429, ...PROVIDER_ERRORS),
    },
  });

  const confirmPaymentRoute = createRoute({
    ...payerRoute,
    method: 'post',
    path: '/{reference}/confirm',
    operationId: 'confirmPayment',
    summary: 'Send the OTP or customer code',
    middleware: [authorizedFirst, jsonBodyFirst],
    request: { ...payerRoute.request, body: jsonBody(app, ConfirmPaymentSchema) },
    responses: {
      200: single('The payment', PaymentSchema),
      ...errors(400, 401, 409, 413, 415, 422, 429, ...PROVIDER_ERRORS),
    },
  });

  return app
    .openapi({ ...listPaymentsRoute, middleware: requireMerchant(config.merchantApiKeys) }, async (c) =>
      c.json(await listPayments(store.db, c.req.valid('query'), service.context.receiptUrl), 200, NO_STORE),
    )
    .openapi(createPaymentRoute, async (c) => {
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      return createIdempotently(c, deps, service, { input: c.req.valid('json'), body: sentJsonBody(c), key });
    })
    .openapi(confirmPaymentRoute, async (c) => {
      const row = authorizedRows.get(c);
      if (!row) throw new TypeError('confirm ran without authorizedFirst');
      const payment = await service.confirm(row, c.req.valid('json'), c.get('logger'));
      return c.json({ statusCode: 200, data: payment }, 200, NO_STORE);
    })
    .openapi(cancelPaymentRoute, async (c) => {
      const payment = await service.cancelFromReturn(await authorized(c), c.get('logger'));
      return c.json({ statusCode: 200, data: payment }, 200, NO_STORE);
    })
    .openapi(getPaymentRoute, async (c) => {
      const payment = await service.get(await authorized(c), c.get('logger'));
      return c.json({ statusCode: 200, data: payment }, 200, NO_STORE);
    })
    .openapi(followPaymentRoute, async (c) => {
      const row = await authorized(c);
      // Counted once the token checks out: a stranger cannot use up a payer's slots.
      const release = streamSlots.take(row.reference, ipOf(c));
      return paymentStream(c, withLogger(service.context, c.get('logger')), row, release);
    });
}
