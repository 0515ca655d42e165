/**
 * Mount at /api/v1/sessions: session creation by the merchant's server, and a session's public checkout
 * configuration. The links sub-app is link-routes.ts; the logic lives in service.ts and sessions.ts.
 */
import { createRoute } from '@hono/zod-openapi';
import {
  errors,
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
import type { CheckoutService } from './service.ts';
import { assertPayable } from './availability.ts';
import { createSession } from './sessions.ts';

// The config carries `remaining`, which moves with every payment: no shared cache may keep it.
const NO_STORE = { 'Cache-Control': 'no-store' };

const checkoutErrors = errors(400, 404, 409, 429, ...PROVIDER_ERRORS);

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
