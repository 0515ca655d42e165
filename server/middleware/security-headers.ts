/**
 * The security headers of every answer: hono's `secureHeaders` in two configurations, chosen by the
 * request's path:
 * - Under `/api/` and `/webhooks/` the answers are for programs (JSON, or an upload's bytes). They get
 *   the OWASP REST Security Cheat Sheet's set: a policy that allows nothing at all, should a browser ever
 *   open one as a page, framing refused, no MIME sniffing, HTTPS only.
 * - Everything else (the docs, the demo and console pages, the sandbox's hosted page, static files, and
 *   any route added later) may be opened as a document. It gets the document-only headers too
 *   (Referrer-Policy, Origin-Agent-Cluster, ...). Cross-Origin-Resource-Policy and -Opener-Policy stay
 *   off: merchants' pages load the widget's files from another origin.
 * - `/embed`, the checkout's isolation page, is framed by merchants' pages: the document set without
 *   `X-Frame-Options` (which cannot name other origins) and without a policy; the route sends its own,
 *   whose `frame-ancestors` names the allowed origins.
 *
 * On a page, a header the handler set itself wins (`overwrite: false`): a page that needs another
 * Content-Security-Policy sends its own. Answers for programs never set these themselves, so their set
 * overwrites without asking first: four `Headers.has` calls less on every API answer (a small gain on a
 * warm link read: `node --import tsx test/bench/profile-route.ts apiLink` measures its CPU per request).
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** Neither list names a header the other's options leave on by default. */
const NOTHING_ELSE = {
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: false,
  crossOriginOpenerPolicy: false,
  // We never set X-Powered-By: nothing to remove, and one Headers call less per answer.
  removePoweredBy: false,
  overwrite: false,
} as const;

/** Answers for programs: nothing in them may run, load or be framed. */
export const apiSecurityHeaders = secureHeaders({
  ...NOTHING_ELSE,
  overwrite: true,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  originAgentCluster: false,
  referrerPolicy: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: 'DENY',
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** Answers a browser may render as a page. */
const documentSecurityHeaders = secureHeaders({
  ...NOTHING_ELSE,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'https:', 'http:'],
    frameAncestors: ["'none'"],
  },
  referrerPolicy: 'strict-origin-when-cross-origin',
});

/** The isolation page's: framed by the allowed origins, under the policy its route sends. */
const embedSecurityHeaders = secureHeaders({
  ...NOTHING_ELSE,
  xFrameOptions: false,
  referrerPolicy: 'no-referrer',
});

const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/webhooks/');

/**
 * One global step that runs one of the two: hono's `except` would do it with a router match and two
 * composed chains per request, for the same choice made here with two string tests.
 */
export const securityHeaders: MiddlewareHandler = (c: Context, next: Next) =>
  isApiPath(c.req.path)
    ? apiSecurityHeaders(c, next)
    : c.req.path === '/embed'
      ? embedSecurityHeaders(c, next)
      : documentSecurityHeaders(c, next);
