/**
 * The HTTP side of idempotency (docs/architecture.md#idempotency) for a creating POST: take the
 * key, replay a finished answer byte for byte, run the work once, keep a 4xx answer for replays, and
 * forget the key after a 5xx or a 429 so the caller can try again (nothing was done). Shared by payments and
 * payouts; the key store itself is server/idempotency/keys.ts.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import { finishIdempotent, releaseIdempotent, requestHash, startIdempotent } from './keys.ts';
import type { Database } from '../store/schema.ts';
import { renderError } from '../http/errors.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };

export interface IdempotentRequest {
  db: Kysely<Database>;
  clock: { now(): number };
  logger: Logger;
  /** Key namespace, e.g. `payments`, so two resources never share a key. */
  scope: string;
  key: string;
  /** What identifies the request besides its body, e.g. `POST /api/v1/payments`. */
  route: string;
  body: unknown;
}

/**
 * The 201 a route declares, `{statusCode: 201, data}`: written here as text so that a replay is the same
 * bytes, hence typed here rather than by `c.json`. (A replayed or failed answer has its own status.)
 */
type Created<T> = Response & TypedResponse<JSONParsed<{ statusCode: number; data: T }>, 201, 'json'>;

/** Answers 201 with `{statusCode: 201, data}` from `create`, once per key and body. */
export async function answerIdempotently<T>(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  create: () => Promise<T>,
): Promise<Created<T>> {
  return (await answerOnce(c, request, create)) as Created<T>;
}

async function answerOnce(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  create: () => Promise<unknown>,
): Promise<Response> {
  const { db } = request;
  const started = await startIdempotent(db, {
    scope: request.scope,
    key: request.key,
    requestHash: requestHash(request.route, request.body),
    now: request.clock.now(),
  });
  if (started.state === 'replay') {
    return c.body(started.body, started.status as 201, { ...JSON_HEADERS, 'Idempotent-Replayed': 'true' });
  }
  let answer: Response;
  // The text kept for replays; read from a clone only for an error page (cloning turns the answer into
  // a stream the server then has to pump, where a string is written at once).
  let text: string | undefined;
  try {
    text = JSON.stringify({ statusCode: 201, data: await create() });
    answer = c.body(text, 201, { ...JSON_HEADERS });
  } catch (error) {
    answer = renderError(error, c, {
      logger: request.logger,
      requestId: c.get('requestId'),
      metrics: c.get('metrics'),
    });
    // Neither a 5xx nor a 429 is a result: nothing was done, and the key must let the caller try again
    // (a 429 kept for replays would refuse the retry for as long as keys live, not as long as the limit).
    if (answer.status >= 500 || answer.status === 429) {
      await releaseIdempotent(db, started.storageKey);
      return answer;
    }
  }
  await finishIdempotent(db, started.storageKey, answer.status, text ?? (await answer.clone().text()));
  return answer;
}
