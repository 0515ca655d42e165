/**
 * Checkout routes: the public checkout configuration of a payment link or a session, and session
 * creation by the merchant's server. Two sub-apps, each owning its path prefix: /api/v1/links (the
 * public config beside the merchant's link list and analytics, server/merchant/routes.ts) and
 * /api/v1/sessions. The logic lives in service.ts and sessions.ts.
 */
import { CreateSessionSchema } from '../contract/schemas.ts';
import { limitBody } from '../http/body.ts';
import { factory, type AppDeps } from '../env.ts';
import { pathId, readJson } from '../http/input.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import type { MerchantRoutes } from '../merchant/routes.ts';
import { assertPayable } from './availability.ts';
import type { CheckoutService } from './service.ts';
import { createSession } from './sessions.ts';

/** A session body is a few hundred bytes; 64 kB leaves room for metadata and refuses floods early. */
const SESSION_BODY_LIMIT = 64 * 1024;

// The config carries `remaining`, which moves with every payment: no shared cache may keep it.
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * Mount at /api/v1/links: `GET /:id` is the payer's (public); the list and `/:id/analytics` are the
 * merchant's handlers, from merchantRoutes.
 */
export function linkRoutes(
  checkout: CheckoutService,
  merchant: Pick<MerchantRoutes, 'linkList' | 'linkAnalytics'>,
) {
  return factory
    .createApp()
    .get('/', ...merchant.linkList)
    .get('/:id', async (c) => {
      const { config: checkoutConfig, body } = await checkout.linkAnswer(pathId(c, 'id'), c.get('logger'));
      assertPayable(checkoutConfig);
      return c.body(body, 200, { 'Content-Type': 'application/json', ...NO_STORE });
    })
    .get('/:id/analytics', ...merchant.linkAnalytics);
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

  return (
    factory
      .createApp()
      .get('/:id', async (c) => {
        const checkoutConfig = assertPayable(
          await checkout.getConfig('session', pathId(c, 'id'), c.get('logger')),
        );
        return c.json({ statusCode: 200, data: checkoutConfig }, 200, NO_STORE);
      })
      // The key is checked before a byte of the body is read.
      .post('/', requireMerchant(config.merchantApiKeys), limitBody(SESSION_BODY_LIMIT), async (c) => {
        const body = await readJson(c, CreateSessionSchema);
        const created = await createSession(sessionDeps, body);
        return c.json({ statusCode: 201, data: created }, 201, NO_STORE);
      })
  );
}
