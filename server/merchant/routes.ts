/**
 * The merchant's read-only views of the provider, each behind the merchant key:
 * wallets, collection transactions, payment links and one link's analytics. Queries follow the
 * list rules (docs/architecture.md#list-rules) and are validated here, strictly (an unknown key is a 400),
 * before the provider is asked. `GET /api/v1/links/:id` stays the public checkout config route: only
 * the list and `/:id/analytics` are the merchant's.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../app.ts';
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

  return new Hono<AppEnv>()
    .get('/api/v1/wallets', merchant, async (c) => {
      const wallets = await provider.getWallets(readQuery(c, WalletQuerySchema));
      return c.json({ statusCode: 200, data: wallets }, 200, NO_STORE);
    })
    .get('/api/v1/collections', merchant, async (c) => {
      const list = await provider.listCheckouts(readQuery(c, CollectionQuerySchema));
      return c.json(listOf(list), 200, NO_STORE);
    })
    .get('/api/v1/links', merchant, async (c) => {
      const list = await provider.listPaymentLinks(readQuery(c, LinkListQuerySchema));
      return c.json(listOf(list), 200, NO_STORE);
    })
    .get('/api/v1/links/:id/analytics', merchant, async (c) => {
      const id = pathId(c, 'id');
      try {
        const link = await provider.getPaymentLink(id);
        return c.json({ statusCode: 200, data: link.analytics }, 200, NO_STORE);
      } catch (error) {
        if (error instanceof ProviderError && error.errorCode === 'NotFound') throw notFound('Payment link');
        throw error;
      }
    });
}
