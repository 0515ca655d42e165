/**
 * GET /embed: the checkout's isolation page (docs/widget.md#isolation-mode). `<pay-checkout
 * isolation="iframe">` frames it, so the payer's phone number and code are typed into a document on this
 * server's origin, out of reach of the merchant page's scripts. The page is a few static lines: the same
 * widget file merchants load (one cache for both), the frame script that renders the checkout once the
 * host's `init` message arrives, and the checkout's config itself as a JSON data block
 * (config-block.ts), so the checkout needs no request of its own before it shows. No inline script or
 * style (a data block is never run), so its policy can forbid both; only the origins allowed to call the
 * API (ALLOWED_ORIGINS, unset: this server's own) may frame it.
 */
import { html, raw } from 'hono/html';
import { z } from 'zod';
import { IdSchema } from '../contract/common.ts';
import { factory } from '../env.ts';
import { pageOrigins } from '../http/page-origins.ts';
import { CONFIG_BLOCK_ID, configBlockText, type EmbeddedConfigReader } from './config-block.ts';

/**
 * The query: a link or a session (one of them), and what a provider's page adds on the way back to the
 * shop, which the host passes on so the checkout inside resumes (widget/controllers/resume.ts reads them).
 */
const EmbedQuerySchema = z
  .strictObject({
    link: IdSchema.optional(),
    session: IdSchema.optional(),
    pay_reference: IdSchema.optional(),
    pay_cancel: z.literal('1', { error: 'must be 1' }).optional(),
  })
  .refine((query) => !query.link !== !query.session, {
    path: ['link'],
    error: 'give either link or session',
  });

/**
 * Features the checkout never uses, off for the page and anything it could frame. Only names Chromium
 * knows: it logs an error in the merchant's console for any other (`bluetooth` was one; Chromium, the
 * one engine with Web Bluetooth, does not take it in this header).
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'fullscreen=()',
  'autoplay=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/** The origins that may frame the page and talk to it: ALLOWED_ORIGINS, as CORS reads it. */
function framingOrigins(allowedOrigins: readonly string[] | undefined, publicUrl: string): string[] {
  return allowedOrigins?.includes('*') ? ['*'] : [...pageOrigins(allowedOrigins, publicUrl)];
}

function embedContentSecurityPolicy(ancestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    // A link's logo may be anywhere on the web, as on the merchant's page.
    "img-src 'self' data: https: http:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

/** `readConfig`: where the page's config block comes from; without it the checkout reads its own. */
export function embedRoutes(
  allowedOrigins: readonly string[] | undefined,
  publicUrl: string,
  readConfig?: EmbeddedConfigReader,
) {
  const ancestors = framingOrigins(allowedOrigins, publicUrl);
  const headers = {
    'Content-Security-Policy': embedContentSecurityPolicy(ancestors),
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Referrer-Policy': 'no-referrer',
    // The page's query names a checkout; each framing may come with another return.
    'Cache-Control': 'no-store',
  };
  return factory.createApp().get('/', async (c) => {
    // A bad or missing id is a ZodError: a 400 in our envelope (server/http/errors.ts).
    const query = EmbedQuerySchema.parse(c.req.query());
    const kind = query.session ? 'session' : 'link';
    const id = (query.session ?? query.link)!;
    const config = await readConfig?.(c, kind, id);
    return c.html(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <meta name="pay-checkout-origins" content="${ancestors.join(' ')}" />
            <title>Checkout</title>
            ${
              config
                ? html`<script type="application/json" id="${CONFIG_BLOCK_ID}">
                    ${raw(configBlockText(config))}
                  </script>`
                : ''
            }
            <script src="/widget/pay-checkout.iife.js" defer></script>
            <script src="/widget/pay-checkout-frame.js" defer></script>
          </head>
          <body data-kind="${kind}" data-id="${id}"></body>
        </html>`,
      200,
      headers,
    );
  });
}
