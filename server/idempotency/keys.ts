/**
 * Idempotency keys (docs/architecture.md#idempotency; IETF draft "The Idempotency-Key HTTP Header Field").
 *
 * A key row is taken atomically (insert-or-conflict on the primary key) as `in_flight` together with a
 * hash of the canonical request. Then, for the same key:
 * - same request while the first is still running: 409 `request_in_progress`;
 * - same request after it finished: the stored status and body, byte for byte, and no second provider call;
 * - a different request: 422 `idempotency_conflict`.
 * A 5xx answer is not a result: the key is released so the payer can retry. Keys live 24 hours.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiError, validationFailed } from '../http/errors.ts';
import { insertRow, updateWhere } from '../store/prepared.ts';
import type { Database } from '../store/schema.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** 1 to 255 printable ASCII characters (a comma separates repeated headers, see readIdempotencyKey). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export type IdempotencyStart =
  { state: 'started'; storageKey: string } | { state: 'replay'; status: number; body: string };

/**
 * The header's one value, or 400 naming the header. Both Node and the Fetch Headers join a header sent
 * twice as "a, b" (a comma-separated list, RFC 9110 section 5.3), so a comma means several values: the
 * same value repeated is that value, different values are refused rather than used as one joined key.
 */
export function readIdempotencyKey(header: string | undefined): string {
  if (header === undefined || header.trim() === '') {
    throw validationFailed(
      [{ path: IDEMPOTENCY_HEADER, message: 'is required' }],
      `The ${IDEMPOTENCY_HEADER} header is required`,
    );
  }
  const values = new Set(header.split(',').map((value) => value.trim()));
  if (values.size > 1) {
    throw validationFailed(
      [{ path: IDEMPOTENCY_HEADER, message: 'must be given once' }],
      `The ${IDEMPOTENCY_HEADER} header is not valid`,
    );
  }
  const [key = ''] = values;
  if (!KEY_PATTERN.test(key)) {
    throw validationFailed(
      [{ path: IDEMPOTENCY_HEADER, message: 'must be 1 to 255 printable ASCII characters' }],
      `The ${IDEMPOTENCY_HEADER} header is not valid`,
    );
  }
  return key;
}

/** SHA-256 of the request as canonical JSON (object keys sorted), so key order and spacing do not count. */
export function requestHash(scope: string, request: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonicalJson(request)}`, 'utf8')
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export interface IdempotencyRequest {
  /** Which operation the key belongs to (e.g. `payments`): keys of different routes never meet. */
  scope: string;
  key: string;
  requestHash: string;
  now: number;
}

export async function startIdempotent(
  db: Kysely<Database>,
  request: IdempotencyRequest,
): Promise<IdempotencyStart> {
  const storageKey = `${request.scope}:${request.key}`;
  // Two tries: the second follows the removal of a lapsed row holding the same key.
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = {
      key: storageKey,
      request_hash: request.requestHash,
      state: 'in_flight',
      response_status: null,
      response_body: null,
      created_at: request.now,
      expires_at: request.now + IDEMPOTENCY_TTL_MS,
    };
    const inserted = await insertRow(db, 'idempotency_keys', row, 'key');
    if (Number(inserted.numAffectedRows ?? 0) === 1) return { state: 'started', storageKey };

    const existing = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', storageKey)
      .executeTakeFirst();
    if (!existing) continue; // released between our insert and this read: take it now
    if (existing.expires_at <= request.now) {
      await db
        .deleteFrom('idempotency_keys')
        .where('key', '=', storageKey)
        .where('expires_at', '<=', request.now)
        .execute();
      continue;
    }
    if (existing.request_hash !== request.requestHash) {
      throw new ApiError(
        422,
        'idempotency_conflict',
        `This ${IDEMPOTENCY_HEADER} was already used with a different request`,
      );
    }
    if (existing.state !== 'done' || existing.response_status === null || existing.response_body === null) {
      throw new ApiError(
        409,
        'request_in_progress',
        'A request with this Idempotency-Key is still being processed; retry shortly',
        {
          retryAfterSeconds: 1,
        },
      );
    }
    return { state: 'replay', status: existing.response_status, body: existing.response_body };
  }
  throw new ApiError(
    409,
    'request_in_progress',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    {
      retryAfterSeconds: 1,
    },
  );
}

/** Stores the answer (exact bytes) for replays. */
export async function finishIdempotent(
  db: Kysely<Database>,
  storageKey: string,
  status: number,
  body: string,
): Promise<void> {
  const answer = { state: 'done', response_status: status, response_body: body };
  await updateWhere(db, 'idempotency_keys', answer, { key: storageKey });
}

/** Forgets a key whose request ended without a result to keep (a 5xx), so a retry runs again. */
export async function releaseIdempotent(db: Kysely<Database>, storageKey: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('key', '=', storageKey).execute();
}

/** Deletes lapsed keys; run on a schedule. Answers how many went. */
export async function purgeIdempotencyKeys(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
