/**
 * CORS for the public API (hono's `cors`): only the merchant's own pages (ALLOWED_ORIGINS) may call
 * /api/v1 from a browser. Unset means this server's own origin only; `*` opens it to every origin, which
 * is safe for the public routes because every payment needs its token, but is never the default.
 * A refused origin gets no Access-Control-Allow-Origin, so its page cannot read the answer.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export function apiCors(allowedOrigins: string[] | undefined, publicUrl: string): MiddlewareHandler {
  const allowed = new Set(allowedOrigins ?? [new URL(publicUrl).origin]);
  return cors({
    // A function, so the answer names the caller's own origin (never `*`) and varies on Origin.
    origin: (origin) => (allowed.has('*') || allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Idempotency-Key', 'Payment-Token', 'Authorization', 'Last-Event-ID'],
    exposeHeaders: ['Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
}
