/**
 * What every request gets before and after its handler, as the app's first and only global middleware:
 * the context values handlers read, the request id (the `x-request-id` answer header, and the request's
 * own logger, `c.get('logger')`, whose every line carries it), the security headers, the access log line
 * and the request metrics.
 *
 * One middleware rather than one per concern: each global middleware is a route the router matches and
 * a step (and promises) in Hono's compose for every request, which on a cached read cost more than the
 * work each of them does.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import { requestLogger, type Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ConsoleSessions } from '../console/sessions.ts';
import { nodeResponse, requestHeader } from './node-headers.ts';
import { addSecurityHeaders, securityHeadersFor, setSecurityHeaders } from './security-headers.ts';

/** A caller's id is kept when it is a plain token (so logs across services line up), else ours. */
const CALLER_REQUEST_ID = /^[\w.:-]{1,64}$/;

export interface Bookkeeping {
  logger: Logger;
  metrics: Metrics;
  consoleSessions: ConsoleSessions;
}

export function requestBookkeeping({
  logger,
  metrics,
  consoleSessions,
}: Bookkeeping): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('metrics', metrics);
    c.set('consoleSessions', consoleSessions);
    const given = requestHeader(c, 'x-request-id');
    const requestId = given && CALLER_REQUEST_ID.test(given) ? given : randomUUID();
    c.set('requestId', requestId);
    const log = requestLogger(logger, requestId);
    c.set('logger', log);
    // On Node's response where there is one (node-headers.ts), like the security headers: an answer
    // then needs no Headers object. A header object given to c.body() must therefore be fresh for each
    // answer (eslint.config.js enforces it): @hono/node-server writes Content-Length into it.
    const outgoing = nodeResponse(c);
    const securityHeaders = securityHeadersFor(c.req.path);
    if (outgoing) {
      outgoing.setHeader('x-request-id', requestId);
      setSecurityHeaders(outgoing, securityHeaders);
    } else c.header('x-request-id', requestId);

    await next();

    if (!outgoing) addSecurityHeaders(c.res.headers, securityHeaders);
    if (logger.isLevelEnabled('info')) {
      const ms = Math.round(performance.now() - started);
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    }
    metrics.countRequest(c, started);
  };
}
