/**
 * The security headers of every answer (DESIGN section 3): what hono's `secureHeaders` sends with our
 * options, as one fixed list. The API answers JSON only, so its policy allows nothing but this origin;
 * the sandbox's hosted page and the demo pages set their own Content-Security-Policy, which wins.
 *
 * Under @hono/node-server they are set on Node's response before the handler runs (node-headers.ts: no
 * Headers object per answer); otherwise, as hono's middleware does, on the answer after it, where the
 * handler has not set them. request-bookkeeping.ts picks one of the two per request.
 */
import type { ServerResponse } from 'node:http';

const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  [
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; frame-ancestors 'none'",
  ],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Before the handler, on Node's response: merged into the answer when its head is written. */
export function setSecurityHeaders(outgoing: ServerResponse): void {
  for (const [name, value] of SECURITY_HEADERS) outgoing.setHeader(name, value);
}

/** After the handler, on its answer (no Node response at hand): where the handler has not set them. */
export function addSecurityHeaders(headers: Headers): void {
  for (const [name, value] of SECURITY_HEADERS) if (!headers.has(name)) headers.set(name, value);
}
