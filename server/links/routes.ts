/**
 * Mount at /api/v1/links: the payment links sub-app. `GET /:id` is the payer's checkout configuration
 * (public); `GET /` (the provider's payment links) and `GET /:id/analytics` are the merchant's, behind
 * the merchant key, passed through from the provider and described by its schemas.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { z } from 'zod';
import { envelope } from '../contract/common.ts';
import {
  answer,
  errors,
  json,
  MERCHANT_ONLY,
  page,
  pathIds,
  PROVIDER_ERRORS,
  PUBLIC,
  single,
} from '../contract/describe.ts';
import { CheckoutConfigSchema } from '../contract/schemas.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { clientKey } from '../http/client-ip.ts';
import { chooseEncoding } from '../http/compression.ts';
import { notFound } from '../http/errors.ts';
import { listOf } from '../http/provider-list.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { ProviderError } from '../provider/errors.ts';
import {
  CountrySchema,
  CurrencySchema,
  LimitSchema,
  PageSchema,
  PaymentLinkAnalyticsSchema,
  PaymentLinkSchema,
} from '../provider/schemas.ts';
import { assertPayable } from '../checkout/availability.ts';
import type { CheckoutService, LinkAnswer } from '../checkout/service.ts';

// The config carries `remaining`, which moves with every payment: no shared cache may keep it.
const NO_STORE = { 'Cache-Control': 'no-store' };

const checkoutErrors = errors(400, 404, 409, 429, ...PROVIDER_ERRORS);

/** `{statusCode, data}` around the checkout configuration. */
const LinkAnswerSchema = envelope(CheckoutConfigSchema);

const getLink = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Checkout'],
  operationId: 'getLinkCheckout',
  summary: 'Checkout configuration of a payment link',
  security: PUBLIC,
  request: { params: pathIds('id', 'Payment link id') },
  responses: { 200: answer('The checkout', json(LinkAnswerSchema)), ...checkoutErrors },
});

const LinkListQuerySchema = z.strictObject({
  page: PageSchema.optional(),
  limit: LimitSchema.optional(),
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
});

const passedThrough = "The provider's record, passed through.";
const PaymentLinkAnswer = PaymentLinkSchema.meta({ id: 'PaymentLink', description: passedThrough });
const AnalyticsAnswer = PaymentLinkAnalyticsSchema.meta({
  id: 'PaymentLinkAnalytics',
  description: passedThrough,
});

const merchantRoute = { tags: ['Merchant'], security: MERCHANT_ONLY };

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

/**
 * A link's answer as service.ts keeps it, encoded once per change of the link (and compressed once per
 * encoding a client accepts): the same envelope as `c.json` would write, so it is typed as that (the contract test checks the bytes against the document).
 * The one cast of the routes: zod-openapi types the handler of a route with JSON content to return what
 * `c.json` returns for it, and Hono has no typed way to send bytes already encoded (`c.body` answers an
 * untyped Response), so the type is asserted here rather than in the handler.
 */
function encodedLinkAnswer(c: Context, { body, compressed }: LinkAnswer) {
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  c.header('Vary', 'Accept-Encoding', { append: true });
  const headers = { 'Content-Type': 'application/json', ...NO_STORE };
  const response = encoding
    ? c.body(compressed.in(encoding), 200, { ...headers, 'Content-Encoding': encoding })
    : c.body(body, 200, headers);
  return response as unknown as TypedResponse<JSONParsed<z.infer<typeof LinkAnswerSchema>>, 200, 'json'>;
}

export function linkRoutes(deps: Pick<AppDeps, 'config' | 'provider'>, checkout: CheckoutService) {
  const { provider } = deps;
  const merchant = requireMerchant(deps.config.merchantApiKeys);
  const app = createOpenApiApp();
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
      if (error instanceof ProviderError && error.errorCode === 'NotFound') throw notFound('Payment link');
      throw error;
    }
  });
  return app.openapi(getLink, async (c) => {
    const { id } = c.req.valid('param');
    const answer = await checkout.linkAnswer(id, c.get('logger'), clientKey(c, deps.config));
    assertPayable(answer.config);
    return encodedLinkAnswer(c, answer);
  });
}
