/**
 * The merchant's read-only views of the provider's wallets and collection transactions, each behind the
 * merchant key (payment links are listed by the links sub-app, server/checkout/link-routes.ts). Queries follow the
 * list rules (docs/sandbox.md#list-rules) and are validated by the route declarations, strictly
 * (an unknown key is a 400), before the provider is asked. The answers are the provider's records,
 * passed through and described by its schemas. Wallets and collections are sub-apps of their own.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { errors, MERCHANT_ONLY, page, PROVIDER_ERRORS, single } from '../contract/describe.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { listOf } from '../http/provider-list.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import {
  CollectionTransactionSchema,
  CountrySchema,
  CurrencySchema,
  DateOnlySchema,
  LimitSchema,
  PageSchema,
  WalletSchema,
} from '../provider/schemas.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const WalletQuerySchema = z.strictObject({
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
});

const CollectionQuerySchema = z
  .strictObject({
    page: PageSchema.optional(),
    limit: LimitSchema.optional(),
    dateFrom: DateOnlySchema.optional().meta({ description: 'UTC, inclusive' }),
    dateTo: DateOnlySchema.optional().meta({ description: 'UTC, inclusive to the end of that day' }),
  })
  .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
    message: 'must not be before dateFrom',
    path: ['dateTo'],
  });

const passedThrough = "The provider's record, passed through.";
const WalletAnswer = WalletSchema.meta({ id: 'Wallet', description: passedThrough });
const CollectionAnswer = CollectionTransactionSchema.meta({
  id: 'CollectionTransaction',
  description: passedThrough,
});
const merchantRoute = { tags: ['Merchant'], security: MERCHANT_ONLY };

const getWallets = createRoute({
  ...merchantRoute,
  method: 'get',
  path: '/',
  operationId: 'getWallets',
  summary: 'Wallet balances',
  request: { query: WalletQuerySchema },
  responses: {
    200: single('Wallets', z.array(WalletAnswer)),
    ...errors(400, 401, 429, ...PROVIDER_ERRORS),
  },
});

const listCollections = createRoute({
  ...merchantRoute,
  method: 'get',
  path: '/',
  operationId: 'listCollections',
  summary: "The provider's collection transactions",
  request: { query: CollectionQuerySchema },
  responses: {
    200: page('A page of transactions', CollectionAnswer),
    ...errors(400, 401, 429, ...PROVIDER_ERRORS),
  },
});

export function merchantRoutes(deps: Pick<AppDeps, 'config' | 'provider'>) {
  const { provider } = deps;
  const merchant = requireMerchant(deps.config.merchantApiKeys);

  return {
    /** Mount at /api/v1/wallets. */
    wallets: createOpenApiApp().openapi({ ...getWallets, middleware: merchant }, async (c) => {
      const wallets = await provider.getWallets(c.req.valid('query'));
      return c.json({ statusCode: 200, data: wallets }, 200, NO_STORE);
    }),
    /** Mount at /api/v1/collections. */
    collections: createOpenApiApp().openapi({ ...listCollections, middleware: merchant }, async (c) => {
      const list = await provider.listCheckouts(c.req.valid('query'));
      return c.json(listOf(list), 200, NO_STORE);
    }),
  };
}
