/**
 * The pay page: a merchant's payment link (`/pay/<link>`) or checkout session (`/pay/session/<id>`) as a
 * page of this server that works with no script at all. The form posts here; the payment is created by
 * the same idempotent path and service as `POST /api/v1/payments`, with the same schemas; the provider's
 * steps follow as pages under `/pay/p/<reference>`, whose cookie carries the payer's token; a final
 * payment ends on its receipt (receipts/).
 *
 * Each part has its file, over the kit they share (kit.ts): the form (form-routes.ts, form-render.ts,
 * form-post.ts), a payment's steps (step-routes.ts), "pay on your phone" (handoff-routes.ts).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { formRoutes } from './form-routes.ts';
import { handoffRoutes } from './handoff-routes.ts';
import { payKit, type PayPageDeps } from './kit.ts';
import { errorStep } from './step-pages.ts';
import { stepRoutes } from './step-routes.ts';

export type { PayPageDeps } from './kit.ts';

export function payPageRoutes(payPageDeps: PayPageDeps) {
  const kit = payKit(payPageDeps);
  const app = new Hono<AppEnv>();

  // In this order: a link's id (`/:link`, last) would otherwise take the other pages' paths.
  app.route('/', stepRoutes(kit));
  app.route('/', handoffRoutes(kit));
  app.route('/', formRoutes(kit));

  /**
   * A payer's browser refused before any page route ran (the body too large, too many requests from its
   * address): a small page in its language rather than the API's JSON. Other errors keep the envelope.
   */
  function refusalPage(error: unknown, c: Context): Response | undefined {
    if (!(error instanceof ApiError) || ![413, 429, 503].includes(error.status)) return undefined;
    const lang = kit.languageOf(c);
    const { messages } = lang;
    const { retryAfterSeconds } = error.extra;
    if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
    const text = error.status === 429 ? messages.rate_limited : messages.error;
    return kit.send(c, error.status, lang, messages.error, errorStep(messages, text, c.req.path));
  }

  return { routes: app, refusalPage };
}
