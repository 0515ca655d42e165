/**
 * The HTTP side of idempotency (docs/idempotency.md#idempotency) for a creating POST: take the
 * key, replay a finished answer, run the work once, keep a 4xx answer for replays, forget the key after
 * a 5xx or a refusal that says when to try again, so the caller can (nothing was done), and, when the request holding the key
 * died, let a retry take it over and answer what became of the work it had started. Shared by payments and
 * payouts; the key store itself is server/idempotency/keys.ts.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { Kysely } from 'kysely';
import type { AppEnv } from '../env.ts';
import type { Logger } from '../logger.ts';
import {
  finishIdempotent,
  releaseIdempotent,
  requestHash,
  startIdempotent,
  type IdempotencyOwner,
} from './keys.ts';
import type { Database } from '../store/schema.ts';
import { renderError } from '../http/errors.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };

export interface IdempotentRequest {
  db: Kysely<Database>;
  clock: { now(): number };
  logger: Logger;
  /** Key namespace, e.g. `payments`, so two resources never share a key. */
  scope: string;
  /** Who sent the key, so two clients never share one (see keys.ts). */
  client: string;
  /** Where the key has one client at most, so another client's use of it is refused (see keys.ts). */
  realm?: string;
  key: string;
  /** What identifies the request besides its body, e.g. `POST /api/v1/payments`. */
  route: string;
  body: unknown;
  /** IDEMPOTENCY_LEASE_MS. */
  leaseMs: number;
}

/** The work behind a creating POST, under a reference chosen (and stored with the key) before it runs. */
export interface IdempotentWork<T> {
  newReference(): string;
  /** Does the work for the first time. */
  create(reference: string): Promise<T>;
  /** The request that started `reference` died: finds out what became of it and answers as it would have. */
  resume(reference: string): Promise<T>;
  /** The answer as kept for replays, when part of it must not be stored (default: all of it). */
  keep?(data: T): unknown;
  /** A kept answer made whole again for a replay. */
  restore?(kept: unknown, reference: string): Promise<T>;
}

/**
 * The 201 a route declares, `{statusCode: 201, data}`: written here as text so that a replay is the same
 * bytes, hence typed here rather than by `c.json`. (A replayed or failed answer has its own status.)
 */
type Created<T> = Response & TypedResponse<JSONParsed<{ statusCode: number; data: T }>, 201, 'json'>;

const created = (data: unknown) => JSON.stringify({ statusCode: 201, data });

/** Answers 201 with `{statusCode: 201, data}` from the work, once per client, key and body. */
export async function answerIdempotently<T>(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  work: IdempotentWork<T>,
): Promise<Created<T>> {
  return (await answerOnce(c, request, work)) as Created<T>;
}

async function answerOnce<T>(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  work: IdempotentWork<T>,
): Promise<Response> {
  const { db } = request;
  const started = await startIdempotent(db, {
    scope: request.scope,
    client: request.client,
    realm: request.realm,
    key: request.key,
    requestHash: requestHash(request.route, request.body),
    now: request.clock.now(),
    leaseMs: request.leaseMs,
    reference: work.newReference(),
  });
  if (started.state === 'replay') {
    const body =
      started.status === 201 && work.restore && started.reference !== null
        ? created(await work.restore((JSON.parse(started.body) as { data: unknown }).data, started.reference))
        : started.body;
    return c.body(body, started.status as 201, { ...JSON_HEADERS, 'Idempotent-Replayed': 'true' });
  }
  if (started.state === 'resumed') {
    request.logger.warn(
      { reference: started.reference },
      'idempotency: the request holding this key never finished; this retry took it over',
    );
  }
  return run(c, request, work, started);
}

async function run<T>(
  c: Context<AppEnv>,
  request: IdempotentRequest,
  work: IdempotentWork<T>,
  owner: IdempotencyOwner & { state: 'started' | 'resumed' },
): Promise<Response> {
  const { db } = request;
  let answer: Response;
  // The text kept for replays; read from a clone only for an error page (cloning turns the answer into
  // a stream the server then has to pump, where a string is written at once).
  let kept: string | undefined;
  try {
    const data =
      owner.state === 'started' ? await work.create(owner.reference) : await work.resume(owner.reference);
    answer = c.body(created(data), 201, { ...JSON_HEADERS });
    kept = created(work.keep ? work.keep(data) : data);
  } catch (error) {
    answer = renderError(error, c, {
      logger: request.logger,
      requestId: c.get('requestId'),
      metrics: c.get('metrics'),
    });
    // Neither a 5xx nor a refusal that says when to try again (a 429, a 409 `wallet_busy`, each with
    // `Retry-After`) is a result: nothing was done, and the key must let the caller try again (kept for
    // replays, it would refuse the retry for as long as keys live, not as long as the wait).
    if (answer.status >= 500 || answer.status === 429 || answer.headers.has('Retry-After')) {
      await releaseIdempotent(db, owner);
      return answer;
    }
  }
  await finishIdempotent(db, owner, answer.status, kept ?? (await answer.clone().text()));
  return answer;
}
