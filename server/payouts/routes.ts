/**
 * Payout routes, mounted at /api/v1/payouts, every one behind the merchant key.
 * `POST /` takes an Idempotency-Key (scope `payouts`): the same key and body replay the stored answer
 * byte for byte without a second provider call; another body is 422; a 5xx releases the key.
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { factory, type AppEnv } from '../env.ts';
import { IdSchema } from '../contract/common.ts';
import { limitBody, readJsonBody } from '../http/body.ts';
import { fieldErrors, validationFailed } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import type { Logger } from '../logger.ts';
import { answerIdempotently } from '../idempotency/answer.ts';
import { IDEMPOTENCY_HEADER, readIdempotencyKey } from '../idempotency/keys.ts';
import {
  BankAccountSchema,
  MobileMoneyAccountSchema,
  PositiveMinorUnitsSchema,
  ProviderSlugSchema,
} from '../provider/schemas.ts';
import { readQuery } from '../merchant/query.ts';
import { listPayouts, PayoutListQuerySchema } from './list.ts';
import type { Database } from '../store/schema.ts';
import type { PayoutService } from './service.ts';

const BODY_LIMIT = 8 * 1024;
const NO_STORE = { 'Cache-Control': 'no-store' };

export const ValidateRecipientBodySchema = z.strictObject({
  provider: ProviderSlugSchema,
  account: z.union([MobileMoneyAccountSchema, BankAccountSchema], {
    error: 'must be {phoneNumber, network?} (mobile money) or {accountNumber, bankCode} (bank)',
  }),
});

export const CreatePayoutBodySchema = z.strictObject({
  transferRecipientId: z.string().min(1).max(200),
  amount: PositiveMinorUnitsSchema,
  narration: z.string().max(255, 'must be at most 255 characters').optional(),
  /** The merchant's own reference, kept with the payout; ours is generated. */
  reference: IdSchema.optional(),
});

function parsed<S extends z.ZodType>(schema: S, input: unknown, message?: string): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationFailed(fieldErrors(result.error), message);
  return result.data;
}

export function payoutRoutes(
  deps: { merchantApiKeys: readonly string[]; clock: { now(): number } },
  db: Kysely<Database>,
  serviceFor: (requestLogger: Logger) => PayoutService,
) {
  const { clock } = deps;
  const merchant = requireMerchant(deps.merchantApiKeys);
  const limit = limitBody(BODY_LIMIT);
  const service = (c: Context<AppEnv>) => serviceFor(c.get('logger'));

  return factory
    .createApp()
    .get('/recipients/:provider/properties', merchant, async (c) => {
      const slug = parsed(
        ProviderSlugSchema,
        c.req.param('provider'),
        'The provider in the path is not valid',
      );
      return c.json({ statusCode: 200, data: await service(c).properties(slug) }, 200, NO_STORE);
    })
    .post('/recipients/validate', merchant, limit, async (c) => {
      const request = parsed(ValidateRecipientBodySchema, await readJsonBody(c));
      return c.json({ statusCode: 201, data: await service(c).validateRecipient(request) }, 201, NO_STORE);
    })
    .get('/', merchant, async (c) => {
      const query = readQuery(c, PayoutListQuerySchema);
      return c.json(await listPayouts(db, query), 200, NO_STORE);
    })
    .post('/', merchant, limit, async (c) => {
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const body = await readJsonBody(c);
      // Refusals that ran nothing are answered before the key is taken, so nothing is kept for them.
      const input = parsed(CreatePayoutBodySchema, body);
      const payouts = service(c);
      const recipient = await payouts.recipientFor(input.transferRecipientId);
      return answerIdempotently(
        c,
        { db, clock, logger: c.get('logger'), scope: 'payouts', key, route: 'POST /api/v1/payouts', body },
        () => payouts.create(input, recipient),
      );
    })
    .get('/:reference', merchant, async (c) => {
      const payout = await service(c).get(pathId(c, 'reference'));
      return c.json({ statusCode: 200, data: payout }, 200, NO_STORE);
    });
}
