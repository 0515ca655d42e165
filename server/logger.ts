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
import { pino, symbols, type DestinationStream, type Logger, type LoggerOptions } from 'pino';

export type { Logger };

/**
 * The settings that are secrets, by Config's names (the sandbox's config and the provider client's
 * options reuse `clientSecret`). A PostgreSQL URL may carry its password.
 */
const SECRETS = [
  'clientSecret',
  'clientSecretPrevious',
  'merchantApiKey',
  'merchantApiKeys',
  'merchantWebhookSecret',
  'databaseUrl',
];

/**
 * Where a secret could sit in a logged object: as a key of its own, in the config or the provider
 * client's options, or in a provider request's headers.
 *
 * Named paths only, no `*.` wildcard: with a path that starts with `*`, pino runs its redactor on every
 * value of every line (the child's request id, an access line's method, path, status, ms), and that
 * redactor reparses every path each time. Dropping `*.clientSecret` cut a warm link read's server CPU
 * by about an eighth (`node --import tsx test/bench/profile-route.ts apiLink` measures it).
 */
const SECRET_PATHS = [
  ...SECRETS,
  ...SECRETS.map((key) => `config.${key}`),
  'options.clientSecret',
  'headers["client-secret"]',
  'req.headers["client-secret"]',
];

function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: undefined,
    redact: { paths: SECRET_PATHS, censor: '[redacted]' },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}

/**
 * What stdout's writer (pino's sonic-boom) offers for the last lines before an exit. sonic-boom retries a
 * full pipe (EAGAIN) without end unless `maxWriteRetries` is set, 100 ms apart; a gone reader (EPIPE)
 * throws, since sonic-boom 5 (4.2 retried that forever too, and the exit never came).
 */
interface ExitFlushable {
  flushSync(): void;
  destroy(): void;
  maxWriteRetries: number;
}

/** A reader that stopped reading gets this many retries, 100 ms apart, for the last lines: 3 s. */
const EXIT_WRITE_RETRIES = 30;

/**
 * Writes the lines still queued, just before `process.exit`, so that pino's own flush at exit finds
 * nothing left: when stdout's reader is gone or stalled, the lines are dropped and the exit goes on.
 */
export function flushBeforeExit(logger: Logger): void {
  const stream = (logger as unknown as Record<symbol, unknown>)[symbols.streamSym];
  if (!isExitFlushable(stream)) return;
  stream.maxWriteRetries = EXIT_WRITE_RETRIES;
  try {
    stream.flushSync();
  } catch {
    // Nobody can read them: a destroyed stream is skipped by pino's flush at exit.
    stream.destroy();
  }
}

function isExitFlushable(stream: unknown): stream is ExitFlushable {
  const candidate = stream as Partial<ExitFlushable> | null;
  return typeof candidate?.flushSync === 'function' && typeof candidate.destroy === 'function';
}

/** A copy of a long-lived context whose lines carry the request's id. */
export function withLogger<T extends { logger: Logger }>(context: T, logger: Logger): T {
  return context.logger === logger ? context : { ...context, logger };
}
