/** Structured JSON logs (pino). Secrets are redacted by path wherever they could appear. */
import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['clientSecret', '*.clientSecret', 'headers["client-secret"]', 'req.headers["client-secret"]', 'config.clientSecret'],
      censor: '[redacted]',
    },
  });
}
