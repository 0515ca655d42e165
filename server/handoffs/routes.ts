/**
 * `POST /api/v1/handoffs`: the widget hands its checkout to a phone (the answers typed so far, checked as
 * a payment's are); `GET /api/v1/handoffs/{id}`: the desktop follows it with its `Handoff-Token` until the
 * payment made through it is final. Creation is counted as payment creation is (per client IP): each
 * handoff is a pay page a phone may pay from.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import type { CheckoutService } from '../checkout/service.ts';
import { errors, jsonBody, pathIds, PUBLIC, single } from '../contract/describe.ts';
import { PaymentSchema } from '../contract/schemas.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { jsonBodyFirst } from '../http/body.ts';
import { clientKey } from '../http/client-ip.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import type { PaymentService } from '../payments/service.ts';
import { findPayment } from '../payments/repository.ts';
import { assertPayable } from '../checkout/availability.ts';
import { answersFor, CreateHandoffSchema, type HandoffService } from './service.ts';
import type { HandoffRow } from '../store/schema.ts';
import type { Logger } from '../logger.ts';
import { ourLanguage, type Language } from '../pay/language.ts';

export const HANDOFF_TOKEN_HEADER = 'Handoff-Token';
const NO_STORE = { 'Cache-Control': 'no-store' };

const CreatedHandoffSchema = z
  .object({
    id: z.string(),
    followToken: z.string().meta({ description: 'Send it as `Handoff-Token` to follow the handoff.' }),
    url: z.url().meta({ description: 'The pay page the phone opens.' }),
    qrSvg: z.url().meta({ description: "A QR code of `url` (this server's SVG)." }),
    expiresAt: z.string(),
  })
  .meta({ id: 'CreatedHandoff' });

const HandoffSchema = z
  .object({
    id: z.string(),
    expiresAt: z.string(),
    payment: PaymentSchema.optional().meta({
      description: 'The payment made through it, once there is one.',
    }),
    provider: z.string().optional().meta({
      description:
        "The provider slug of that payment's direct charge (absent for the provider's hosted page): the desktop names the method being paid with.",
    }),
  })
  .meta({ id: 'Handoff' });

const inLanguage = (lang: Language | undefined) => (lang ? `?lang=${lang}` : '');
/** The pay page a handoff opens on the phone, in the desktop's language when given, and its QR code. */
export const handoffPagePath = (id: string, lang?: Language) => `/pay/h/${id}${inLanguage(lang)}`;
export const handoffQrPath = (id: string, type: 'svg' | 'png', lang?: Language) =>
  `/pay/qr/h/${id}.${type}${inLanguage(lang)}`;

export interface HandoffRouteDeps {
  deps: Pick<AppDeps, 'config' | 'publicUrl' | 'store'>;
  checkout: CheckoutService;
  payments: PaymentService;
  handoffs: HandoffService;
  limiter: RateLimiter;
}

/** What the desktop sees of a handoff: the payment made through it, read (and verified) as its payer's. */
export async function handoffView(
  { deps, payments }: Pick<HandoffRouteDeps, 'deps' | 'payments'>,
  row: HandoffRow,
  logger: Logger,
) {
  const paid = row.payment_reference ? await findPayment(deps.store.db, row.payment_reference) : undefined;
  return {
    id: row.id,
    expiresAt: new Date(Number(row.expires_at)).toISOString(),
    ...(paid ? { payment: await payments.get(paid, logger) } : {}),
    ...(paid?.provider ? { provider: paid.provider } : {}),
  };
}

export function handoffRoutes(routeDeps: HandoffRouteDeps) {
  const { deps, checkout, handoffs, limiter } = routeDeps;
  const ipOf = (c: Context) => clientKey(c, deps.config);
  const app = createOpenApiApp();
  const create = createRoute({
    method: 'post',
    path: '/',
    tags: ['Checkout'],
    operationId: 'createHandoff',
    summary: 'Hand a checkout to a phone (a QR code of a prefilled pay page)',
    security: PUBLIC,
    middleware: [jsonBodyFirst],
    request: { body: jsonBody(app, CreateHandoffSchema.meta({ id: 'CreateHandoff' })) },
    responses: {
      201: single('The handoff', CreatedHandoffSchema),
      ...errors(400, 404, 409, 413, 415, 422, 429),
    },
  });
  const follow = createRoute({
    method: 'get',
    path: '/{id}',
    tags: ['Checkout'],
    operationId: 'getHandoff',
    summary: 'Follow a handoff to the payment made through it',
    security: PUBLIC,
    request: { params: pathIds('id', 'Handoff id') },
    responses: { 200: single('The handoff', HandoffSchema), ...errors(401, 404, 429) },
  });

  return app
    .openapi(create, async (c) => {
      const { link, session, lang, ...given } = c.req.valid('json');
      const kind = link !== undefined ? 'link' : 'session';
      const config = assertPayable(
        await checkout.getConfig(kind, link ?? session ?? '', c.get('logger'), { client: ipOf(c) }),
      );
      const answers = answersFor(config, given);
      await limiter.hit('create', ipOf(c));
      const created = await handoffs.create(config, answers);
      // The phone opens in the language the desktop shows, which its own browser may not share.
      const language = ourLanguage(lang);
      const data = {
        ...created,
        url: `${deps.publicUrl}${handoffPagePath(created.id, language)}`,
        qrSvg: `${deps.publicUrl}${handoffQrPath(created.id, 'svg', language)}`,
      };
      return c.json({ statusCode: 201, data }, 201, NO_STORE);
    })
    .openapi(follow, async (c) => {
      const { id } = c.req.valid('param');
      let row: HandoffRow;
      try {
        row = await handoffs.followed(id, c.req.header(HANDOFF_TOKEN_HEADER));
      } catch (error) {
        // Guessing tokens costs the guesser's IP, as a payment's token checks do.
        await limiter.hit('token', ipOf(c));
        throw error;
      }
      return c.json(
        { statusCode: 200, data: await handoffView(routeDeps, row, c.get('logger')) },
        200,
        NO_STORE,
      );
    });
}
