/**
 * The demo site (embedded mode only): a merchant storefront that embeds the widget with a plain
 * <script> tag, a page under a strict Content-Security-Policy, an SPA that bundles the package, the
 * integration playground, and the routes a merchant's server would own: creating a checkout session for
 * a cart (server to server, with the merchant key) and, for the playground, thin proxies to the
 * sandbox's admin API. The sandbox credentials stay here: the browser only ever sees these routes.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type Env } from 'hono';
import { compress } from 'hono/compress';
import { z } from 'zod';
import type { Config } from '../server/config.ts';
import { readBodyBytes, strictUtf8 } from '../server/http/body.ts';
import { buildFiles } from '../server/http/build-files.ts';
import type { Sandbox } from '../server/sandbox/app.ts';
import { SANDBOX_PROVIDERS } from '../server/sandbox/providers.ts';
import { withoutPersonalData } from './personal-data.ts';

/**
 * This folder. `npm start` runs the server bundled into server/dist/main.js, where import.meta.url is no
 * longer in demo/: the demo folder is then the one beside server/ in the repository.
 */
const HERE = fileURLToPath(new URL('.', import.meta.url));
const DEMO_DIR = existsSync(join(HERE, 'public')) ? HERE : resolve(HERE, '../../demo');
const PUBLIC_DIR = `${join(DEMO_DIR, 'public')}/`;
/** The Vite build of the SPA and the playground (`npm run build`, demo/vite.config.ts). */
const BUILD_DIR = `${join(DEMO_DIR, 'dist')}/`;

interface DemoDeps {
  /** Base URL of our own backend, as the merchant's server would call it. */
  publicUrl: string;
  merchantApiKey: string;
  /** The embedded sandbox, called in-process for the playground's link list and admin proxies. */
  sandbox: Sandbox;
  /** The provider credentials (sandbox's): used server-side only, never sent to a browser. */
  clientId: string;
  clientSecret: string;
  /** HTTP to the backend (a test passes the app's in-process `request`). */
  fetch?: typeof fetch;
}

/** What the demo's cart sends: the browser picks a product, never a price. */
const CartSchema = z.strictObject({ product: z.enum(['coffee', 'basket']) });

const PRODUCTS = {
  coffee: { amount: 350_000, currency: 'NGN', country: 'NG', description: 'Ethiopian coffee beans, 1 kg' },
  basket: { amount: 12_500, currency: 'XOF', country: 'CI', description: 'Panier de fruits de saison' },
} as const;

/** Our payment references (`pay_` + 32 hex digits): the only key the playground may ask deliveries for. */
const DeliveriesQuerySchema = z.strictObject({ reference: z.string().regex(/^pay_[0-9a-f]{32}$/) });

/** The playground's scenario buttons: each sets one fault (they add up) or clears them all. */
const FaultScenarioSchema = z.strictObject({
  scenario: z.enum(['latency', 'errors', 'duplicates', 'out-of-order', 'reset']),
});

const SCENARIOS = {
  latency: { latencyMs: 2000 },
  errors: { errorRate: 0.5 },
  duplicates: { duplicateDeliveries: true },
  'out-of-order': { outOfOrderDeliveries: true },
  reset: {
    latencyMs: 0,
    errorRate: 0,
    duplicateDeliveries: false,
    outOfOrderDeliveries: false,
    droppedDeliveries: false,
  },
} as const;

const LinkListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      currency: z.string(),
      country: z.string(),
      isAmountFixed: z.boolean(),
      amount: z.number().optional(),
    }),
  ),
});

const DeliveryListSchema = z.object({
  data: z.array(
    z.object({
      deliveryId: z.string(),
      event: z.string(),
      state: z.string(),
      attempts: z.number(),
      lastStatus: z.number().nullable(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      deliveredAt: z.string().nullable(),
      body: z.unknown(),
      log: z.array(
        z.object({
          attempt: z.number(),
          at: z.string(),
          status: z.number().nullable(),
          error: z.string().nullable(),
        }),
      ),
    }),
  ),
});

const validationFailed = (c: Context, message: string) =>
  c.json({ statusCode: 400, error: { code: 'validation_failed', message } }, 400);

/** The body as JSON, or null when it is not; read under the app's body limit, whose 413 goes out as is. */
async function jsonOrNull(c: Context): Promise<unknown> {
  const bytes = await readBodyBytes(c);
  try {
    return JSON.parse(strictUtf8.decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

const sandboxFailed = (c: Context, status: number) =>
  c.json(
    { statusCode: 502, error: { code: 'provider_unavailable', message: `The sandbox answered ${status}` } },
    502,
  );

const page = (dir: string, name: string) => async (c: Context) => {
  const html = await readFile(`${dir}${name}`).catch(() => null);
  if (!html) return c.text('This demo page is not built yet: run `npm run build`.', 503);
  return new Response(html, {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });
};

function demoRoutes(deps: DemoDeps) {
  const send = deps.fetch ?? fetch;
  /** One call to the sandbox, in-process, with the provider credentials added here. */
  const sandboxCall = (path: string, init: RequestInit = {}) =>
    deps.sandbox.app.request(path, {
      ...init,
      headers: {
        'client-id': deps.clientId,
        'client-secret': deps.clientSecret,
        'content-type': 'application/json',
      },
    });

  // The hand-written pages and files (demo/public) are not built, so nothing compressed them ahead: gzip
  // as they are sent (they are small; the built files below come compressed from the build).
  const gzip = compress();
  return (
    new Hono()
      .get('/', gzip, page(PUBLIC_DIR, 'index.html'))
      .get('/csp', gzip, page(PUBLIC_DIR, 'csp.html'))
      .get('/isolation', gzip, page(PUBLIC_DIR, 'isolation.html'))
      .get('/spa', gzip, page(BUILD_DIR, 'spa/index.html'))
      .get('/playground', gzip, page(BUILD_DIR, 'playground/index.html'))
      // The merchant console; it logs in through /console/login (server/console/routes.ts).
      .get('/console', gzip, page(BUILD_DIR, 'console/index.html'))
      // The console's payout form offers the sandbox's providers (public catalogue, no secrets).
      .get('/demo/payout-providers', (c) =>
        c.json(
          {
            statusCode: 200,
            data: SANDBOX_PROVIDERS.map(({ slug, label, country, currency, channel }) => ({
              slug,
              label,
              country,
              currency,
              channel,
            })),
          },
          200,
        ),
      )
      // Hashed file names: cached for good.
      .get(
        '/demo/app/*',
        buildFiles({
          root: BUILD_DIR,
          prefix: '/demo/app',
          cacheControl: 'public, max-age=31536000, immutable',
        }),
      )
      .get(
        '/demo/*',
        gzip,
        serveStatic({ root: PUBLIC_DIR, rewriteRequestPath: (path) => path.replace(/^\/demo/, '') }),
      )
      .post('/demo/sessions', async (c) => {
        const cart = CartSchema.safeParse(await jsonOrNull(c));
        if (!cart.success) return validationFailed(c, 'Unknown product');
        // The price comes from the merchant's catalogue, on the server: the browser cannot change it.
        const response = await send(`${deps.publicUrl}/api/v1/sessions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${deps.merchantApiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ ...PRODUCTS[cart.data.product], expiresIn: 3600 }),
        });
        return c.body(await response.text(), response.status as 201, { 'content-type': 'application/json' });
      })
      // The playground's link picker: the sandbox's provider API, as the merchant's server would call it.
      .get('/demo/links', async (c) => {
        if (Object.keys(c.req.queries()).length > 0)
          return validationFailed(c, 'No query parameters expected');
        // The provider API is subject to the injected faults: a few tries, so an error rate rarely hides the list.
        let response = await sandboxCall('/payments/v1/payment-links?limit=100');
        for (let tries = 1; response.status >= 500 && tries < 3; tries++) {
          response = await sandboxCall('/payments/v1/payment-links?limit=100');
        }
        if (!response.ok) return sandboxFailed(c, response.status);
        const { data } = LinkListSchema.parse(await response.json());
        const links = data
          .map(({ id, title, status, currency, country, isAmountFixed, amount }) => ({
            id,
            title,
            status,
            currency,
            country,
            isAmountFixed,
            amount,
          }))
          .sort((a, b) => a.id.localeCompare(b.id));
        return c.json({ statusCode: 200, data: links }, 200);
      })
      .get('/demo/webhook-deliveries', async (c) => {
        const query = DeliveriesQuerySchema.safeParse(c.req.query());
        if (!query.success) return validationFailed(c, 'reference must be a payment reference (pay_...)');
        const params = new URLSearchParams({ reference: query.data.reference, limit: '50' });
        const response = await sandboxCall(`/_admin/webhook-deliveries?${params}`);
        if (!response.ok) return sandboxFailed(c, response.status);
        const { data } = DeliveryListSchema.parse(await response.json());
        // Anyone may ask (the playground has no login): the payer is not shown to them.
        const shown = data.map((delivery) => ({ ...delivery, body: withoutPersonalData(delivery.body) }));
        return c.json({ statusCode: 200, data: shown }, 200);
      })
      .get('/demo/faults', async (c) => {
        const response = await sandboxCall('/_admin/faults');
        if (!response.ok) return sandboxFailed(c, response.status);
        return c.json(await response.json(), 200);
      })
      .put('/demo/faults', async (c) => {
        const body = FaultScenarioSchema.safeParse(await jsonOrNull(c));
        if (!body.success) return validationFailed(c, 'Unknown scenario');
        const response = await sandboxCall('/_admin/faults', {
          method: 'PUT',
          body: JSON.stringify(SCENARIOS[body.data.scenario]),
        });
        if (!response.ok) return sandboxFailed(c, response.status);
        return c.json(await response.json(), 200);
      })
  );
}

/**
 * Mounts the demo site at the root of `app`, as server/main.ts does in embedded mode (the demo exists
 * only beside the sandbox, never in front of a real provider). Tests that use the demo call this too.
 */
export function mountDemo<E extends Env>(
  app: Hono<E>,
  deps: { config: Config; publicUrl: string; sandbox: Sandbox },
): void {
  app.route(
    '/',
    demoRoutes({
      publicUrl: deps.publicUrl,
      merchantApiKey: deps.config.merchantApiKey,
      sandbox: deps.sandbox,
      clientId: deps.config.clientId,
      clientSecret: deps.config.clientSecret,
    }),
  );
}
