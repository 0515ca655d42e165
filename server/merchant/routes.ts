/**
 * The merchant's read-only views of the provider, each behind the merchant key:
 * wallets, collection transactions, payment links and one link's analytics. Queries follow the
 * list rules (docs/sandbox.md#list-rules) and are validated by the route declarations, strictly
 * (an unknown key is a 400), before the provider is asked. The answers are the provider's records,
 * passed through and described by its schemas. Wallets and collections are sub-apps of their own; the
 * link list and analytics are routes that the links sub-app (server/checkout/routes.ts) mounts beside
 * the public `GET /api/v1/links/:id`.
 */
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { errors, MERCHANT_ONLY, page, pathIds, PROVIDER_ERRORS, single } from '../contract/describe.ts';
import { createOpenApiApp, type AppDeps, type AppEnv } from '../env.ts';
import { notFound } from '../http/errors.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { ProviderError } from '../provider/errors.ts';
import {
  CollectionTransactionSchema,
  CountrySchema,
  CurrencySchema,
  DateOnlySchema,
  LimitSchema,
  PageSchema,
  PaymentLinkAnalyticsSchema,
  PaymentLinkSchema,
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

const LinkListQuerySchema = z.strictObject({
  page: PageSchema.optional(),
  limit: LimitSchema.optional(),
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
});

const passedThrough = "The provider's record, passed through.";
const WalletAnswer = WalletSchema.meta({ id: 'Wallet', description: passedThrough });
const CollectionAnswer = CollectionTransactionSchema.meta({
  id: 'CollectionTransaction',
  description: passedThrough,
});
const PaymentLinkAnswer = PaymentLinkSchema.meta({ id: 'PaymentLink', description: passedThrough });
const AnalyticsAnswer = PaymentLinkAnalyticsSchema.meta({
  id: 'PaymentLinkAnalytics',
  description: passedThrough,
});

/** The provider's list envelope with our fields only. */
const listOf = <T>(list: { total: number; page: number; pages: number; limit: number; data: T[] }) => ({
  statusCode: 200,
  total: list.total,
  page: list.page,
  pages: list.pages,
  limit: list.limit,
  data: list.data,
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

const listLinks = createRoute({
  ...merchantRoute,
  method: 'get',
  path: '/',
  operationId: 'listLinks',
  summary: "The provider's payment links",
  request: { query: LinkListQuerySchema },
  responses: {
    200: page('A page of payment links', PaymentLinkAnswer),
    ...errors(400, 401, 429, ...PROVIDER_ERRORS),
  },
});

const getLinkAnalytics = createRoute({
  ...merchantRoute,
  method: 'get',
  path: '/{id}/analytics',
  operationId: 'getLinkAnalytics',
  summary: "A payment link's analytics",
  request: { params: pathIds('id', 'Payment link id') },
  responses: {
    200: single('Analytics', AnalyticsAnswer),
    ...errors(400, 401, 404, 429, ...PROVIDER_ERRORS),
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
    /** `GET /api/v1/links` and `GET /api/v1/links/:id/analytics`, added to the links sub-app. */
    addLinkRoutes(app: OpenAPIHono<AppEnv>) {
      app.openapi({ ...listLinks, middleware: merchant }, async (c) => {
        const list = await provider.listPaymentLinks(c.req.valid('query'));
        return c.json(listOf(list), 200, NO_STORE);
      });
      app.openapi({ ...getLinkAnalytics, middleware: merchant }, async (c) => {
        const { id } = c.req.valid('param');
        try {
          const link = await provider.getPaymentLink(id);
          return c.json({ statusCode: 200, data: link.analytics }, 200, NO_STORE);
        } catch (error) {
          if (error instanceof ProviderError && error.errorCode === 'NotFound')
            throw notFound('Payment link');
          throw error;
        }
      });
    },
  };
}

export type MerchantRoutes = ReturnType<typeof merchantRoutes>;
