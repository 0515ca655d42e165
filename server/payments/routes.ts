/**
 * Payment routes, mounted at /api/v1/payments. The payer's routes take the payment's
 * token in `Payment-Token`; the list is the merchant's (Bearer key). Rate limits: creations per IP,
 * actions per payment reference (an OTP cannot be brute-forced, verify cannot be hammered).
 */
import type { Context } from 'hono';
import { factory, type AppDeps } from '../env.ts';
import { ConfirmPaymentSchema, CreatePaymentSchema } from '../contract/schemas.ts';
import { clientIp } from '../http/client-ip.ts';
import { limitBody, readJsonBody } from '../http/body.ts';
import { fieldErrors, validationFailed } from '../http/errors.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import { readQuery } from '../merchant/query.ts';
import { rateLimit, type RateLimiter } from '../http/rate-limit.ts';
import { answerIdempotently } from '../idempotency/answer.ts';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../idempotency/keys.ts';
import { listPayments, PaymentListQuerySchema } from './list.ts';
import type { PaymentService } from './service.ts';
import { paymentStream } from './stream.ts';
import { isPaymentReference } from './tokens.ts';
import { withLogger } from '../logger.ts';

export const PAYMENT_TOKEN_HEADER = 'Payment-Token';
/** Fifty answers of up to 5,000 characters fit; anything bigger is not a payment form. */
const CREATE_BODY_LIMIT = 1024 * 1024;
const CONFIRM_BODY_LIMIT = 4 * 1024;

export function paymentRoutes(
  deps: Pick<AppDeps, 'config' | 'store' | 'clock'>,
  service: PaymentService,
  limiter: RateLimiter,
) {
  const { config, store, clock } = deps;
  const ipOf = (c: Context) => clientIp(c, config.trustProxy);
  const perReference = rateLimit(limiter, 'reference', (c) => {
    const reference = c.req.param('reference');
    return reference && isPaymentReference(reference) ? reference : undefined;
  });
  const tokenOf = (c: Context) => c.req.header(PAYMENT_TOKEN_HEADER);

  return factory
    .createApp()
    .get('/', requireMerchant(config.merchantApiKeys), async (c) => {
      const query = readQuery(c, PaymentListQuerySchema);
      return c.json(await listPayments(store.db, query), 200, { 'Cache-Control': 'no-store' });
    })
    .post('/', rateLimit(limiter, 'create', ipOf), limitBody(CREATE_BODY_LIMIT), async (c) => {
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const body = await readJsonBody(c);
      // A malformed request is refused before the key is taken (nothing ran, so nothing is kept).
      const parsed = CreatePaymentSchema.safeParse(body);
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
      return answerIdempotently(
        c,
        {
          db: store.db,
          clock,
          logger: c.get('logger'),
          scope: 'payments',
          key,
          route: 'POST /api/v1/payments',
          body,
        },
        () => service.create(parsed.data, c.get('logger')),
      );
    })
    .post('/:reference/confirm', perReference, limitBody(CONFIRM_BODY_LIMIT), async (c) => {
      const row = await service.authorize(c.req.param('reference'), tokenOf(c));
      const parsed = ConfirmPaymentSchema.safeParse(await readJsonBody(c));
      if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
      const payment = await service.confirm(row, parsed.data, c.get('logger'));
      return c.json({ statusCode: 200, data: payment }, 200, { 'Cache-Control': 'no-store' });
    })
    .post('/:reference/cancel', perReference, async (c) => {
      const payment = await service.cancelFromReturn(c.req.param('reference'), tokenOf(c), c.get('logger'));
      return c.json({ statusCode: 200, data: payment }, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/:reference', perReference, async (c) => {
      const payment = await service.get(c.req.param('reference'), tokenOf(c), c.get('logger'));
      return c.json({ statusCode: 200, data: payment }, 200, { 'Cache-Control': 'no-store' });
    })
    .get('/:reference/events', perReference, async (c) => {
      const row = await service.authorize(c.req.param('reference'), tokenOf(c));
      return paymentStream(c, withLogger(service.context, c.get('logger')), row);
    });
}
