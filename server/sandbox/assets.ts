/** Static assets of the sandbox: provider logos and the hosted page's stylesheet. No credentials. */
import { Hono } from 'hono';
import type { SandboxContext } from './context.ts';
import { findProvider, providerLogoSvg } from './providers.ts';

const CHECKOUT_CSS = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { box-sizing: border-box; width: min(26rem, 100% - 2rem); padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.75rem; }
.badge { display: inline-block; margin: 0; padding: 0.2rem 0.6rem; border-radius: 1rem; background: #fff3bf; color: #5c3c00; font-size: 0.8rem; }
h1 { font-size: 1.3rem; }
code { overflow-wrap: anywhere; }
.amount { font-size: 1.4rem; font-weight: 700; }
label { display: block; margin-bottom: 0.3rem; }
select, button { font: inherit; padding: 0.6rem; border-radius: 0.5rem; }
select { width: 100%; box-sizing: border-box; }
.actions { display: flex; gap: 0.5rem; margin-top: 1rem; flex-wrap: wrap; }
button { border: 1px solid GrayText; cursor: pointer; flex: 1; }
.approve { background: #2b8a3e; color: #fff; border-color: #2b8a3e; }
.decline { background: #c92a2a; color: #fff; border-color: #c92a2a; }
button:focus-visible, select:focus-visible { outline: 3px solid #4dabf7; outline-offset: 2px; }
`;

/** The seeded links' logo: a neutral shop badge. */
const MERCHANT_LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="Sandbox shop"><rect width="96" height="96" rx="20" fill="#0b7285"/><path d="M24 40h48l-4 32H28z" fill="#fff"/><path d="M36 40c0-8 5-14 12-14s12 6 12 14" fill="none" stroke="#fff" stroke-width="5"/></svg>`;

export function assetRoutes(_context: SandboxContext) {
  return new Hono()
    .get('/checkout.css', (c) => {
      c.header('content-type', 'text/css; charset=utf-8');
      c.header('cache-control', 'public, max-age=3600');
      return c.body(CHECKOUT_CSS, 200);
    })
    .get('/merchant-logo.svg', (c) => {
      c.header('content-type', 'image/svg+xml');
      c.header('cache-control', 'public, max-age=86400');
      c.header('cross-origin-resource-policy', 'cross-origin');
      return c.body(MERCHANT_LOGO_SVG, 200);
    })
    .get('/providers/:file', (c) => {
      const file = c.req.param('file');
      const provider = file.endsWith('.svg') ? findProvider(file.slice(0, -'.svg'.length)) : undefined;
      if (!provider) return c.json({ statusCode: 404, error: 'Logo not found', errorCode: 'NotFound' }, 404);
      c.header('content-type', 'image/svg+xml');
      c.header('cache-control', 'public, max-age=86400');
      // Logos are embedded by merchant pages on other origins.
      c.header('cross-origin-resource-policy', 'cross-origin');
      return c.body(providerLogoSvg(provider), 200);
    });
}
