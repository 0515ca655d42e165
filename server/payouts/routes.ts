/**
 * Payout routes, mounted at /api/v1/payouts, every one behind the merchant key.
 * `POST /` takes an Idempotency-Key (scope `payouts`): the same key and body replay the stored answer
 * byte for byte without a second provider call; another body is 422; a 5xx releases the key.
 */
import { fieldErrorCode } from '../contract/field-error-code.ts';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createOpenApiApp, type AppEnv } from '../env.ts';
import { IdSchema } from '../contract/common.ts';
import {
  errors,
  IDEMPOTENCY_KEY,
  jsonBody,
  MERCHANT_ONLY,
  page,
  pathIds,
  PROVIDER_ERRORS,
  replayable,
  single,
} from '../contract/describe.ts';
import { PayoutSchema } from '../contract/schemas.ts';
import { jsonBodyFirst, sentJsonBody } from '../http/body.ts';
import { validationFailed } from '../http/errors.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import type { Logger } from '../logger.ts';
import { answerIdempotently } from '../idempotency/answer.ts';
import {
  IDEMPOTENCY_HEADER,
  idempotencyKeyFirst,
  MERCHANT_CLIENT,
  readIdempotencyKey,
} from '../idempotency/keys.ts';
import {
  BankAccountSchema,
  MobileMoneyAccountSchema,
  PositiveMinorUnitsSchema,
  ProviderSlugSchema,
  RecipientPropertiesSchema,
  ValidatedRecipientSchema,
} from '../provider/schemas.ts';
import { listPayouts, PayoutListQuerySchema } from './list.ts';
import { newPayoutReference } from './repository.ts';
import type { Database } from '../store/schema.ts';
import type { PayoutService } from './service.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

const ValidateRecipientBodySchema = z
  .strictObject({
    provider: ProviderSlugSchema,
    account: z.union([MobileMoneyAccountSchema, BankAccountSchema], {
      error: 'must be {phoneNumber, network?} (mobile money) or {accountNumber, bankCode} (bank)',
    }),
  })
  .meta({ id: 'ValidateRecipient' });

const CreatePayoutBodySchema = z
  .strictObject({
    transferRecipientId: z.string().min(1).max(200),
    amount: PositiveMinorUnitsSchema,
    narration: z.string().max(255, 'must be at most 255 characters').optional(),
    /** The merchant's own reference, kept with the payout; ours is generated. */
    reference: IdSchema.optional().meta({
      description: "The merchant's own reference, kept with the payout.",
    }),
  })
  .meta({ id: 'CreatePayout' });

const passedThrough = "The provider's record, passed through.";
const PropertiesAnswer = RecipientPropertiesSchema.meta({
  id: 'RecipientProperties',
  description: passedThrough,
});
const RecipientAnswer = ValidatedRecipientSchema.meta({
  id: 'Recipient',
  description: `${passedThrough} Its \`id\` is the \`transferRecipientId\` of a payout.`,
});

const payoutRoute = { tags: ['Payouts'], security: MERCHANT_ONLY };

const getPropertiesRoute = createRoute({
  ...payoutRoute,
  method: 'get',
  path: '/recipients/{provider}/properties',
  operationId: 'getRecipientProperties',
  summary: 'Banks and networks a provider pays out to',
  request: {
    params: z.object({ provider: ProviderSlugSchema.meta({ description: 'Provider slug, e.g. `mtn-ci`' }) }),
  },
  responses: {
    200: single('Properties', PropertiesAnswer),
    ...errors(400, 401, 404, 429, ...PROVIDER_ERRORS),
  },
});

const listPayoutsRoute = createRoute({
  ...payoutRoute,
  method: 'get',
  path: '/',
  operationId: 'listPayouts',
  summary: 'Payouts from the ledger, newest first',
  request: { query: PayoutListQuerySchema },
  responses: { 200: page('A page of payouts', PayoutSchema), ...errors(400, 401, 429) },
});

const getPayoutRoute = createRoute({
  ...payoutRoute,
  method: 'get',
  path: '/{reference}',
  operationId: 'getPayout',
  summary: 'One payout (verified with the provider while not final)',
  request: { params: pathIds('reference', 'Payout reference') },
  responses: { 200: single('The payout', PayoutSchema), ...errors(400, 401, 404, 429) },
});

/** The slug's own issues, unnamed (`path: ''`), as this route has always answered a malformed one. */
function refuseProviderSlug(result: { success: boolean; error?: z.ZodError }): undefined {
  if (result.success || !result.error) return undefined;
  throw validationFailed(
    result.error.issues.slice(0, 50).map((issue) => ({
      path: issue.path.slice(1).map(String).join('.'),
      code: fieldErrorCode(issue),
      message: issue.message,
    })),
    'The provider in the path is not valid',
  );
}

export function payoutRoutes(
  deps: { merchantApiKeys: readonly string[]; idempotencyLeaseMs: number; clock: { now(): number } },
  db: Kysely<Database>,
  serviceFor: (requestLogger: Logger) => PayoutService,
) {
  const { clock } = deps;
  const merchant = requireMerchant(deps.merchantApiKeys);
  const service = (c: Context<AppEnv>) => serviceFor(c.get('logger'));

  const app = createOpenApiApp();

  const validateRecipientRoute = createRoute({
    ...payoutRoute,
    method: 'post',
    path: '/recipients/validate',
    operationId: 'validateRecipient',
    summary: 'Validate a payout recipient',
    middleware: [merchant, jsonBodyFirst],
    request: { body: jsonBody(app, ValidateRecipientBodySchema) },
    responses: {
      201: single('The validated recipient, with its id', RecipientAnswer),
      ...errors(400, 401, 403, 413, 415, 429, ...PROVIDER_ERRORS),
    },
  });

  const createPayoutRoute = createRoute({
    ...payoutRoute,
    method: 'post',
    path: '/',
    operationId: 'createPayout',
    summary: 'Pay out',
    parameters: [IDEMPOTENCY_KEY],
    // The key is checked before the body is read: a malformed request is refused before the key is taken.
    middleware: [merchant, idempotencyKeyFirst, jsonBodyFirst],
    request: { body: jsonBody(app, CreatePayoutBodySchema) },
    responses: {
      201: replayable(single('The payout', PayoutSchema)),
      // A provider that fails or does not answer may have paid out: that payout is answered
      // `processing` (201) and resolved later. Only a refusal of our credentials is a 502.
      ...errors(400, 401, 403, 409, 413, 415, 422, 429, 502),
    },
  });

  return app
    .openapi(
      { ...getPropertiesRoute, middleware: merchant },
      async (c) => {
        const slug = c.req.valid('param').provider;
        return c.json({ statusCode: 200, data: await service(c).properties(slug) }, 200, NO_STORE);
      },
      refuseProviderSlug,
    )
    .openapi(validateRecipientRoute, async (c) => {
      const request = c.req.valid('json');
      return c.json({ statusCode: 201, data: await service(c).validateRecipient(request) }, 201, NO_STORE);
    })
    .openapi({ ...listPayoutsRoute, middleware: merchant }, async (c) =>
      c.json(await listPayouts(db, c.req.valid('query')), 200, NO_STORE),
    )
    .openapi(createPayoutRoute, async (c) => {
      const key = readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
      const input = c.req.valid('json');
      const payouts = service(c);
      const recipient = await payouts.recipientFor(input.transferRecipientId);
      return answerIdempotently(
        c,
        {
          db,
          clock,
          logger: c.get('logger'),
          scope: 'payouts',
          // One merchant per deployment: every merchant key (a rotation's old and new) is the same client.
          client: MERCHANT_CLIENT,
          key,
          route: 'POST /api/v1/payouts',
          body: sentJsonBody(c),
          leaseMs: deps.idempotencyLeaseMs,
        },
        {
          newReference: newPayoutReference,
          create: (reference) => payouts.create(input, recipient, reference),
          resume: (reference) => payouts.resume(input, recipient, reference),
        },
      );
    })
    .openapi({ ...getPayoutRoute, middleware: merchant }, async (c) => {
      const payout = await service(c).get(c.req.valid('param').reference);
      return c.json({ statusCode: 200, data: payout }, 200, NO_STORE);
    });
}
