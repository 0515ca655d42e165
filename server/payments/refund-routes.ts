/**
 * `POST /api/v1/payments/{reference}/refund`, the merchant's (key or console session): sends a flagged
 * payment's money back as a payout (payments/refund.ts). It takes an Idempotency-Key as
 * `POST /api/v1/payouts` does: the same key replays the first answer without a second payout; the key
 * is bound to the payment, so reusing it for another payment is 422 `idempotency_conflict`.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  errors,
  IDEMPOTENCY_KEY,
  MERCHANT_ONLY,
  pathIds,
  PROVIDER_ERRORS,
  replayable,
  single,
} from '../contract/describe.ts';
import { PayoutSchema } from '../contract/schemas.ts';
import { createOpenApiApp, type AppEnv } from '../env.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { answerIdempotently } from '../idempotency/answer.ts';
import { IDEMPOTENCY_HEADER, MERCHANT_CLIENT, readIdempotencyKey } from '../idempotency/keys.ts';
import type { Logger } from '../logger.ts';
import { newPayoutReference } from '../payouts/repository.ts';
import type { Database } from '../store/schema.ts';
import type { Refunds } from './refund.ts';

const refundRoute = createRoute({
  method: 'post',
  path: '/{reference}/refund',
  tags: ['Merchant'],
  operationId: 'refundPayment',
  summary: 'Send a flagged payment back to the payer (as a payout)',
  description:
    "The provider has no refund call: the payment's `amount` (not our fee) is paid out to the number and provider it came from. Only a `success` payment with a `flag` made by direct charge: anything else is 409 or 422 `payment_not_refundable` saying why. One refund per payment: while it is processing or succeeded, another request (with any key) is 409 `already_refunded`; a failed refund may be sent again with a new key, as a new payout. The payout carries `refundOf`, and the payment lists it as `refund`.",
  security: MERCHANT_ONLY,
  parameters: [IDEMPOTENCY_KEY],
  request: { params: pathIds('reference', 'Payment reference') },
  responses: {
    201: replayable(single('The refund payout (`processing` until the provider says)', PayoutSchema)),
    ...errors(400, 401, 403, 404, 409, 422, 429, ...PROVIDER_ERRORS),
  },
});

export function refundRoutes(
  deps: { merchantApiKeys: readonly string[]; idempotencyLeaseMs: number; clock: { now(): number } },
  db: Kysely<Database>,
  refundsFor: (requestLogger: Logger) => Refunds,
) {
  const refunds = (c: Context<AppEnv>) => refundsFor(c.get('logger'));
  return createOpenApiApp().openapi(
    { ...refundRoute, middleware: requireMerchant(deps.merchantApiKeys) },
    async (c) => {
      const { reference } = c.req.valid('param');
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      // A payment that cannot be sent back is refused before the key is taken: nothing ran.
      await refunds(c).refundable(reference);
      return answerIdempotently(
        c,
        {
          db,
          clock: deps.clock,
          logger: c.get('logger'),
          scope: 'refunds',
          client: MERCHANT_CLIENT,
          key,
          route: `POST /api/v1/payments/${reference}/refund`,
          body: {},
          leaseMs: deps.idempotencyLeaseMs,
        },
        {
          newReference: newPayoutReference,
          create: (payout) => refunds(c).send(reference, payout),
          resume: (payout) => refunds(c).resume(reference, payout),
        },
      );
    },
  );
}
