/**
 * What every request gets around its handler, after hono's `requestId` has named it: the context values
 * handlers read, the request's own logger (`c.get('logger')`, whose every line carries the request id),
 * then the access log line and the request metrics.
 *
 * Our own middleware: hono's `logger` writes plain text lines to a print function, where ours are pino's
 * JSON lines carrying the request id, and hono has no metrics middleware.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ConsoleSessions } from '../console/sessions.ts';

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
    const log = logger.child({ requestId: c.get('requestId') });
    c.set('logger', log);

    await next();

    if (log.isLevelEnabled('info')) {
      const ms = Math.round(performance.now() - started);
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
    }
    metrics.countRequest(c, started);
  };
}
