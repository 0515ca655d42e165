/**
 * CORS for the public API: only the merchant's own pages (ALLOWED_ORIGINS) may call /api/v1 from a
 * browser. Unset means this server's own origin only; `*` opens it to every origin, which is safe for the
 * public routes because every payment needs its token, but is never the default. A refused origin gets
 * no Access-Control-Allow-Origin, so its page cannot read the answer.
 *
 * Preflights (OPTIONS) are hono's `cors`. Other requests get the same headers from the few lines below:
 * hono's `cors` writes them into `c.res` before the handler runs and calls `c.header()` after it, and
 * either makes Hono rebuild the handler's answer around its body as a stream, which took a warm link read
 * to several times its server CPU (`npm run bench`, its `GET /api/v1/links/:id (warm)` line). Headers
 * set with `c.header()` before the handler are part of its answer from the start.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { pageOrigins } from '../http/page-origins.ts';

const EXPOSE_HEADERS = ['Retry-After', 'X-Request-Id'];

export function apiCors(allowedOrigins: string[] | undefined, publicUrl: string): MiddlewareHandler {
  const allowed = new Set(pageOrigins(allowedOrigins, publicUrl));
  // A function, so the answer names the caller's own origin (never `*`) and varies on Origin.
  const allowOrigin = (origin: string) => (allowed.has('*') || allowed.has(origin) ? origin : null);
  const preflight = cors({
    origin: allowOrigin,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'Payment-Token', 'Handoff-Token', 'Authorization', 'Last-Event-ID'],
    exposeHeaders: EXPOSE_HEADERS,
    maxAge: 600,
  });
  const exposed = EXPOSE_HEADERS.join(',');
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = allowOrigin(c.req.header('origin') ?? '');
    // Exposed headers mean something only to a page allowed to read the answer.
    if (origin) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Expose-Headers', exposed);
    }
    await next();
    // On the answer's own headers: `c.header()` after the handler would rebuild the answer as a stream.
    c.res.headers.append('Vary', 'Origin');
  };
}
