/**
 * CORS for the public API: only the merchant's own pages (ALLOWED_ORIGINS) may call
 * /api/v1 from a browser. Unset means this server's own origin only; `*` opens it to every origin, which
 * is safe for the public routes because every payment needs its token, but is never the default.
 *
 * Preflights go through hono's `cors`. Other requests get the same headers without it: hono's `cors`
 * writes to `c.res` before the handler runs, and the handler's answer is then merged into that response
 * by re-reading its body as a stream, which cost more than the rest of a cached GET. Headers set before
 * `next` (node-headers.ts) land in the handler's answer directly.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { cors } from 'hono/cors';
import { nodeResponse, requestHeader } from './node-headers.ts';

const EXPOSE_HEADERS = ['Retry-After', 'X-Request-Id'].join(',');

export function apiCors(allowedOrigins: string[] | undefined, publicUrl: string): MiddlewareHandler {
  const allowed = new Set(allowedOrigins ?? [new URL(publicUrl).origin]);
  const allowOrigin = (origin: string) => (allowed.has('*') || allowed.has(origin) ? origin : null);
  const preflight = cors({
    origin: allowOrigin,
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'Payment-Token', 'Authorization', 'Last-Event-ID'],
    exposeHeaders: EXPOSE_HEADERS.split(','),
    maxAge: 600,
  });
  // Not async on Node's path: the handler's promise is passed on as it is, with no extra one per request.
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = allowOrigin(requestHeader(c, 'origin') || '');
    const outgoing = nodeResponse(c);
    if (!outgoing) return withHonoHeaders(c, next, origin);
    // Merged into the handler's answer when its head is written. Exposed headers mean something only to
    // a browser reading a cross-origin answer it was allowed to read.
    if (origin) {
      outgoing.setHeader('Access-Control-Allow-Origin', origin);
      outgoing.setHeader('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
    outgoing.setHeader('Vary', 'Origin');
    return next();
  };
}

/** The same headers through Hono's API, where there is no Node response (app.request()). */
async function withHonoHeaders(c: Context, next: Next, origin: string | null) {
  if (origin) {
    c.header('Access-Control-Allow-Origin', origin);
    c.header('Access-Control-Expose-Headers', EXPOSE_HEADERS);
  }
  await next();
  c.res.headers.append('Vary', 'Origin');
}
