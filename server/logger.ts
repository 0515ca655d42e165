/**
 * Structured JSON logs (pino). Every line written while a request is handled carries that request's id,
 * without passing it around: the request runs inside an AsyncLocalStorage scope that pino's mixin reads.
 * Secrets are redacted by path wherever they could appear.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` with `requestId` attached to every log line written inside it. */
export function withRequestId<T>(requestId: string, work: () => Promise<T>): Promise<T> {
  return requestScope.run({ requestId }, work);
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
    redact: {
      paths: ['clientSecret', '*.clientSecret', 'headers["client-secret"]', 'req.headers["client-secret"]', 'config.clientSecret'],
      censor: '[redacted]',
    },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
