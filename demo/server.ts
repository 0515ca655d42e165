/**
 * The demo site (embedded mode only): a merchant storefront that embeds the widget with a plain
 * <script> tag, a page under a strict Content-Security-Policy, and the one server route a merchant
 * writes themselves: creating a checkout session for a cart, server to server, with the merchant key.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { z } from 'zod';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));

export interface DemoDeps {
  /** Base URL of our own backend, as the merchant's server would call it. */
  publicUrl: string;
  merchantApiKey: string;
  /** HTTP to the backend (a test passes the app's in-process `request`). */
  fetch?: typeof fetch;
}

/** What the demo's cart sends: the browser picks a product, never a price. */
const CartSchema = z.strictObject({ product: z.enum(['coffee', 'basket']) });

const PRODUCTS = {
  coffee: { amount: 350_000, currency: 'NGN', country: 'NG', description: 'Ethiopian coffee beans, 1 kg' },
  basket: { amount: 12_500, currency: 'XOF', country: 'CI', description: 'Panier de fruits de saison' },
} as const;

const page = (name: string) => async () =>
  new Response(await readFile(`${PUBLIC_DIR}${name}`), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
  });

export function demoRoutes(deps: DemoDeps) {
  const send = deps.fetch ?? fetch;
  return new Hono()
    .get('/', page('index.html'))
    .get('/csp', page('csp.html'))
    .get('/demo/*', serveStatic({ root: PUBLIC_DIR, rewriteRequestPath: (path) => path.replace(/^\/demo/, '') }))
    .post('/demo/sessions', async (c) => {
      const cart = CartSchema.safeParse(await c.req.json().catch(() => null));
      if (!cart.success) {
        return c.json({ statusCode: 400, error: { code: 'validation_failed', message: 'Unknown product' } }, 400);
      }
      // The price comes from the merchant's catalogue, on the server: the browser cannot change it.
      const response = await send(`${deps.publicUrl}/api/v1/sessions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${deps.merchantApiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...PRODUCTS[cart.data.product], expiresIn: 3600 }),
      });
      return c.body(await response.text(), response.status as 201, { 'content-type': 'application/json' });
    });
}
