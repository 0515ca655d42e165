/**
 * The merchant's read-only views of the provider, each behind the merchant key:
 * wallets, collection transactions, payment links and one link's analytics. Queries follow the
 * list rules (docs/architecture.md#list-rules) and are validated here, strictly (an unknown key is a 400),
 * before the provider is asked. Wallets and collections are sub-apps of their own; the link list and
 * analytics are handlers that the links sub-app (server/checkout/routes.ts) mounts beside the public
 * `GET /api/v1/links/:id`.
 */
import { z } from 'zod';
import { factory, type AppDeps } from '../env.ts';
import { notFound } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import { ProviderError } from '../provider/errors.ts';
import {
  CountrySchema,
  CurrencySchema,
  DateOnlySchema,
  LimitSchema,
  PageSchema,
} from '../provider/schemas.ts';
import { readQuery } from './query.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export const WalletQuerySchema = z.strictObject({
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
});

export const CollectionQuerySchema = z
  .strictObject({
    page: PageSchema.optional(),
    limit: LimitSchema.optional(),
    dateFrom: DateOnlySchema.optional(),
    dateTo: DateOnlySchema.optional(),
  })
  .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
    message: 'must not be before dateFrom',
    path: ['dateTo'],
  });

export const LinkListQuerySchema = z.strictObject({
  page: PageSchema.optional(),
  limit: LimitSchema.optional(),
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
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

export function merchantRoutes(deps: Pick<AppDeps, 'config' | 'provider'>) {
  const { provider } = deps;
  const merchant = requireMerchant(deps.config.merchantApiKeys);

  return {
    /** Mount at /api/v1/wallets. */
    wallets: factory.createApp().get('/', merchant, async (c) => {
      const wallets = await provider.getWallets(readQuery(c, WalletQuerySchema));
      return c.json({ statusCode: 200, data: wallets }, 200, NO_STORE);
    }),
    /** Mount at /api/v1/collections. */
    collections: factory.createApp().get('/', merchant, async (c) => {
      const list = await provider.listCheckouts(readQuery(c, CollectionQuerySchema));
      return c.json(listOf(list), 200, NO_STORE);
    }),
    /** `GET /api/v1/links`: the merchant's payment links. */
    linkList: factory.createHandlers(merchant, async (c) => {
      const list = await provider.listPaymentLinks(readQuery(c, LinkListQuerySchema));
      return c.json(listOf(list), 200, NO_STORE);
    }),
    /** `GET /api/v1/links/:id/analytics`: one link's analytics. */
    linkAnalytics: factory.createHandlers(merchant, async (c) => {
      const id = pathId(c, 'id');
      try {
        const link = await provider.getPaymentLink(id);
        return c.json({ statusCode: 200, data: link.analytics }, 200, NO_STORE);
      } catch (error) {
        if (error instanceof ProviderError && error.errorCode === 'NotFound') throw notFound('Payment link');
        throw error;
      }
    }),
  };
}

export type MerchantRoutes = ReturnType<typeof merchantRoutes>;
