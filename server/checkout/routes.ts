/**
 * Checkout routes: the public checkout configuration of a payment link or a session, and session
 * creation by the merchant's server. Two sub-apps, each owning its path prefix: /api/v1/links (the
 * public config beside the merchant's link list and analytics, server/merchant/routes.ts) and
 * /api/v1/sessions. The logic lives in service.ts and sessions.ts.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { z } from 'zod';
import { envelope } from '../contract/common.ts';
import {
  answer,
  errors,
  json,
  jsonBody,
  MERCHANT_ONLY,
  pathIds,
  PROVIDER_ERRORS,
  PUBLIC,
  single,
} from '../contract/describe.ts';
import { CheckoutConfigSchema, CreatedSessionSchema, CreateSessionSchema } from '../contract/schemas.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { jsonBodyFirst } from '../http/body.ts';
import type { MerchantRoutes } from '../merchant/routes.ts';
import { assertPayable } from './availability.ts';
import type { CheckoutService } from './service.ts';
import { createSession } from './sessions.ts';

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

const getSession = createRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Checkout'],
  operationId: 'getSessionCheckout',
  summary: 'Checkout configuration of a session',
  security: PUBLIC,
  request: { params: pathIds('id', 'Session id') },
  responses: { 200: single('The checkout', CheckoutConfigSchema), ...checkoutErrors },
});

/**
 * A link's answer as service.ts keeps it, encoded once per change of the link: the same envelope as
 * `c.json` would write, so it is typed as that (the contract test checks the bytes against the document).
 * The one cast of the routes: zod-openapi types the handler of a route with JSON content to return what
 * `c.json` returns for it, and Hono has no typed way to send bytes already encoded (`c.body` answers an
 * untyped Response), so the type is asserted here rather than in the handler.
 */
function encodedLinkAnswer(c: Context, body: Uint8Array<ArrayBuffer>) {
  return c.body(body, 200, { 'Content-Type': 'application/json', ...NO_STORE }) as unknown as TypedResponse<
    JSONParsed<z.infer<typeof LinkAnswerSchema>>,
    200,
    'json'
  >;
}

/**
 * Mount at /api/v1/links: `GET /:id` is the payer's (public); the list and `/:id/analytics` are the
 * merchant's, from merchantRoutes.
 */
export function linkRoutes(checkout: CheckoutService, merchant: Pick<MerchantRoutes, 'addLinkRoutes'>) {
  const app = createOpenApiApp();
  merchant.addLinkRoutes(app);
  return app.openapi(getLink, async (c) => {
    const { id } = c.req.valid('param');
    const { config: checkoutConfig, body } = await checkout.linkAnswer(id, c.get('logger'));
    assertPayable(checkoutConfig);
    return encodedLinkAnswer(c, body);
  });
}

/** Mount at /api/v1/sessions: the merchant creates a session; the payer reads its config. */
export function sessionRoutes(deps: Pick<AppDeps, 'config' | 'store' | 'clock'>, checkout: CheckoutService) {
  const { config, store, clock } = deps;
  const sessionDeps = {
    store,
    clock,
    catalogue: checkout.catalogue,
    currencyExponents: config.currencyExponents,
  };
  const app = createOpenApiApp();
  const createSessionRoute = createRoute({
    method: 'post',
    path: '/',
    tags: ['Merchant'],
    operationId: 'createSession',
    summary: 'Create a checkout session',
    security: MERCHANT_ONLY,
    // The key is checked before the body is read (a declared length is judged before, by createApp).
    middleware: [requireMerchant(config.merchantApiKeys), jsonBodyFirst],
    request: { body: jsonBody(app, CreateSessionSchema) },
    responses: {
      201: single('The session', CreatedSessionSchema),
      ...errors(400, 401, 403, 413, 415, 429),
    },
  });

  return app
    .openapi(getSession, async (c) => {
      const { id } = c.req.valid('param');
      const checkoutConfig = assertPayable(await checkout.getConfig('session', id, c.get('logger')));
      return c.json({ statusCode: 200, data: checkoutConfig }, 200, NO_STORE);
    })
    .openapi(createSessionRoute, async (c) => {
      const created = await createSession(sessionDeps, c.req.valid('json'));
      return c.json({ statusCode: 201, data: created }, 201, NO_STORE);
    });
}
