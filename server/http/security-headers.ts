/**
 * The security headers of every answer, in two fixed lists chosen by the request's
 * path:
 * - Under `/api/` and `/webhooks/` the answers are for programs (JSON, or an upload's bytes). They get
 *   the OWASP REST Security Cheat Sheet's set: a policy that allows nothing at all, should a browser ever
 *   open one as a page, framing refused, no MIME sniffing, HTTPS only.
 * - Everything else (the docs, the demo and console pages, the sandbox's hosted page, static files, and
 *   any route added later) may be opened as a document. It gets what hono's `secureHeaders` sends with our
 *   options, the document-only headers included (Referrer-Policy, Origin-Agent-Cluster, ...). A page
 *   that needs another Content-Security-Policy sets its own, and the answer's own header wins.
 *
 * Why two lists: Node validates and stores each header of each answer, about 2 µs apiece on our
 * machines; the document-only six were a tenth of a warm API read's whole cost, for answers no browser
 * renders.
 *
 * Under @hono/node-server they are set on Node's response before the handler runs (node-headers.ts: no
 * Headers object per answer); otherwise, as hono's middleware does, on the answer after it, where the
 * handler has not set them. request-bookkeeping.ts picks one of the two per request.
 */
import type { ServerResponse } from 'node:http';

type HeaderList = readonly (readonly [string, string])[];

const STRICT_TRANSPORT: readonly [string, string] = [
  'Strict-Transport-Security',
  'max-age=15552000; includeSubDomains',
];
const NO_SNIFF: readonly [string, string] = ['X-Content-Type-Options', 'nosniff'];

/** Answers for programs: nothing in them may run, load or be framed. */
export const API_SECURITY_HEADERS: HeaderList = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  STRICT_TRANSPORT,
  NO_SNIFF,
  ['X-Frame-Options', 'DENY'],
];

/** Answers a browser may render as a page. */
export const DOCUMENT_SECURITY_HEADERS: HeaderList = [
  [
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; frame-ancestors 'none'",
  ],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  STRICT_TRANSPORT,
  NO_SNIFF,
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** The list for a request path: the API set only under the API prefixes, the document set by default. */
export function securityHeadersFor(path: string): HeaderList {
  return path.startsWith('/api/') || path.startsWith('/webhooks/')
    ? API_SECURITY_HEADERS
    : DOCUMENT_SECURITY_HEADERS;
}

/** Before the handler, on Node's response: merged into the answer when its head is written. */
export function setSecurityHeaders(outgoing: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) outgoing.setHeader(name, value);
}

/** After the handler, on its answer (no Node response at hand): where the handler has not set them. */
export function addSecurityHeaders(answer: Headers, headers: HeaderList): void {
  for (const [name, value] of headers) if (!answer.has(name)) answer.set(name, value);
}
