/**
 * Sends due merchant notifications (the outbox of enqueue.ts) to MERCHANT_WEBHOOK_URL, signed as
 * Standard Webhooks. Any 2xx delivers; any other answer, a network error or a timeout is retried with
 * capped exponential backoff and full jitter (a random delay up to the sandbox's `backoffMs` bound), until
 * the row's `max_attempts`, after which it is `failed` (the merchant can re-queue it). Redirects are never
 * followed: the signed body goes to the configured URL only.
 *
 * Several backend instances may run this at once: a row is claimed by a conditional update that moves
 * its `next_attempt_at` past the attempt's timeout (a lease), so only one instance sends it, and a
 * crash mid-attempt makes it due again when the lease ends. Time comes from the injected clock only
 * (including the per-attempt timeout), so tests drive retries without waiting.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { backoffMs } from '../sandbox/webhooks.ts';
import type { Database, MerchantNotificationRow } from '../store/schema.ts';
import { standardWebhookHeaders } from './sign.ts';

export interface DeliveryDeps {
  db: Kysely<Database>;
  clock: Clock;
  config: Pick<
    Config,
    | 'merchantWebhookUrl'
    | 'merchantWebhookSecret'
    | 'merchantWebhookTimeoutMs'
    | 'merchantWebhookRetryBaseMs'
    | 'merchantWebhookRetryCapMs'
  >;
  logger: Logger;
  fetch?: typeof fetch;
  /** Uniform in [0, 1), for the jitter; injectable so tests can pin it. */
  random?: () => number;
}

/** Rows sent per round, concurrently: one slow merchant endpoint does not hold up the others for long. */
const BATCH = 10;
/** A claimed row stays invisible to other rounds for the attempt's timeout plus this margin. */
const LEASE_MARGIN_MS = 30_000;

interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** Sends every notification due now; answers how many were attempted. */
export async function deliverDueNotifications(deps: DeliveryDeps): Promise<number> {
  const url = deps.config.merchantWebhookUrl;
  const secret = deps.config.merchantWebhookSecret;
  if (!url || !secret) return 0;
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom('merchant_notifications')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(BATCH)
    .execute();
  const attempted = await Promise.all(
    due.map(async (row) => {
      if (!(await claim(deps, row, now))) return false;
      const outcome = await send(deps, url, secret, row);
      await record(deps, row, outcome);
      return true;
    }),
  );
  return attempted.filter(Boolean).length;
}

/** Takes the row for this round unless another round (or instance) took it since it was read. */
async function claim(deps: DeliveryDeps, row: MerchantNotificationRow, now: number): Promise<boolean> {
  if (row.next_attempt_at === null) return false;
  const claimed = await deps.db
    .updateTable('merchant_notifications')
    .set({ next_attempt_at: now + deps.config.merchantWebhookTimeoutMs + LEASE_MARGIN_MS })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', row.attempts)
    .where('next_attempt_at', '=', row.next_attempt_at)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

async function send(
  deps: DeliveryDeps,
  url: string,
  secret: string,
  row: MerchantNotificationRow,
): Promise<AttemptOutcome> {
  const timeoutMs = deps.config.merchantWebhookTimeoutMs;
  const request = new AbortController();
  const timer = new AbortController();
  // The timeout is a sleep of the injected clock, so a test decides when an attempt has taken too long.
  deps.clock.sleep(timeoutMs, timer.signal).then(
    () => request.abort(),
    () => undefined,
  );
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  // The signature covers the time of sending (receivers refuse stale timestamps), not of the event.
  const headers = standardWebhookHeaders(secret, row.id, Math.floor(deps.clock.now() / 1000), row.payload);
  try {
    const response = await (deps.fetch ?? fetch)(url, {
      method: 'POST',
      headers,
      body: row.payload,
      redirect: 'manual',
      signal: request.signal,
    });
    // The body is irrelevant, but reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    const redirect = response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : '';
    return {
      statusCode: response.status,
      error: ok ? null : `HTTP ${response.status}${redirect}`,
      durationMs: elapsed(),
    };
  } catch (error) {
    const message = request.signal.aborted
      ? `Timeout: no answer within ${timeoutMs} ms`
      : describeFailure(error);
    return { statusCode: null, error: message.slice(0, 300), durationMs: elapsed() };
  } finally {
    timer.abort();
  }
}

/** `fetch failed` alone says nothing: undici puts the reason (ECONNREFUSED...) in `cause`. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause =
    error.cause instanceof Error
      ? `: ${(error.cause as Error & { code?: string }).code ?? error.cause.message}`
      : '';
  return `${error.name}: ${error.message}${cause}`;
}

/**
 * The wait after `failures` failed attempts: full jitter, anywhere from 0 up to the capped exponential
 * bound, so the retries of many notifications (a merchant outage) spread out instead of arriving together.
 */
export function retryDelayMs(failures: number, baseMs: number, capMs: number, random: () => number): number {
  return Math.floor(random() * backoffMs(failures, baseMs, capMs));
}

async function record(deps: DeliveryDeps, row: MerchantNotificationRow, outcome: AttemptOutcome) {
  const { config, clock, logger } = deps;
  const now = clock.now();
  const attempt = row.attempts + 1;
  const delivered = outcome.error === null;
  const givenUp = !delivered && attempt >= row.max_attempts;
  const delay = retryDelayMs(
    attempt,
    config.merchantWebhookRetryBaseMs,
    config.merchantWebhookRetryCapMs,
    deps.random ?? Math.random,
  );
  const status = delivered ? 'delivered' : givenUp ? 'failed' : 'pending';
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('merchant_notification_attempts')
      .values({
        notification_id: row.id,
        attempt,
        at: now,
        status_code: outcome.statusCode,
        error: outcome.error,
        duration_ms: outcome.durationMs,
      })
      .execute();
    await trx
      .updateTable('merchant_notifications')
      .set({
        status,
        attempts: attempt,
        next_attempt_at: status === 'pending' ? now + delay : null,
        last_status_code: outcome.statusCode,
        last_error: outcome.error,
        delivered_at: delivered ? now : null,
      })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .execute();
  });
  const details = {
    notification: row.id,
    type: row.type,
    subject: row.subject,
    attempt,
    statusCode: outcome.statusCode,
    error: outcome.error,
    ms: outcome.durationMs,
  };
  if (delivered) logger.info(details, 'merchant notification delivered');
  else if (givenUp)
    logger.error(details, 'merchant notification failed; gave up (retry it from the console or the API)');
  else logger.warn({ ...details, retryInMs: delay }, 'merchant notification not delivered; will retry');
}
