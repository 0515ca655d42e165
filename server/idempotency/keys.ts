/**
 * Idempotency keys (docs/idempotency.md#idempotency; IETF draft "The Idempotency-Key HTTP Header Field").
 *
 * A key row is taken atomically (insert-or-conflict on the primary key) as `in_flight` together with a
 * hash of the canonical request, the reference of what the request is about to create, and a lease.
 * Then, for the same client and key:
 * - same request while the lease runs: 409 `request_in_progress`;
 * - same request after the lease lapsed with the row still `in_flight` (its request died): this request
 *   takes the row over (a compare-and-set on the lease, so one retry wins) and finds out what became of
 *   the reference;
 * - same request after it finished: the stored status and body, and no second provider call;
 * - a different request: 422 `idempotency_conflict`.
 * In a realm (a payment's checkout), a key sent by another client is 422 `idempotency_conflict` too.
 * A 5xx answer is not a result: the key is released so the payer can retry. Keys live 24 hours.
 *
 * The row's key is a hash of the client and its key: a database dump does not hold the keys a client
 * could replay with, and one client's key never reaches another client's row.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import { ApiError, validationFailed } from '../http/errors.ts';
import { insertRow, updateWhere } from '../store/prepared.ts';
import type { Database } from '../store/schema.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The client of the merchant's routes: one merchant per deployment, whichever of its keys it uses. */
export const MERCHANT_CLIENT = 'merchant';

/** 1 to 255 printable ASCII characters (a comma separates repeated headers, see readIdempotencyKey). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** A request that owns its key: `lease` is its fencing token (the row's `lease_until` while it owns it). */
export interface IdempotencyOwner {
  storageKey: string;
  lease: number;
  /** What the request creates under; on a takeover, what the request that died had started. */
  reference: string;
}

export type IdempotencyStart =
  | ({ state: 'started' } & IdempotencyOwner)
  /** The lease of a request that never finished lapsed, and this one took its key over. */
  | ({ state: 'resumed' } & IdempotencyOwner)
  | { state: 'replay'; status: number; body: string; reference: string | null };

/**
 * The header's one value, or 400 naming the header. Both Node and the Fetch Headers join a header sent
 * twice as "a, b" (a comma-separated list, RFC 9110 section 5.3), so a comma means several values: the
 * same value repeated is that value, different values are refused rather than used as one joined key.
 */
export function readIdempotencyKey(header: string | undefined): string {
  if (header === undefined || header.trim() === '') {
    throw validationFailed(
      [{ path: IDEMPOTENCY_HEADER, code: 'required', message: 'is required' }],
      `The ${IDEMPOTENCY_HEADER} header is required`,
    );
  }
  const values = new Set(header.split(',').map((value) => value.trim()));
  if (values.size > 1) {
    throw validationFailed(
      [{ path: IDEMPOTENCY_HEADER, code: 'invalid', message: 'must be given once' }],
      `The ${IDEMPOTENCY_HEADER} header is not valid`,
    );
  }
  const [key = ''] = values;
  if (!KEY_PATTERN.test(key)) {
    throw validationFailed(
      [{ path: IDEMPOTENCY_HEADER, code: 'invalid', message: 'must be 1 to 255 printable ASCII characters' }],
      `The ${IDEMPOTENCY_HEADER} header is not valid`,
    );
  }
  return key;
}

/** Route middleware: a missing or malformed key is refused before the body is read. */
export const idempotencyKeyFirst: MiddlewareHandler = async (c, next) => {
  readIdempotencyKey(c.req.header(IDEMPOTENCY_HEADER));
  await next();
};

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
  /** Who sent the key (e.g. a checkout and a browser): keys of different clients never meet. */
  client: string;
  /**
   * Where a key has one client at most (e.g. the checkout a payer's browser pays): the first client to
   * send a key there holds it, and every other client sending it is refused, neither answered with the
   * holder's result nor given a request of its own. Unset: clients share no key at all.
   */
  realm?: string;
  key: string;
  requestHash: string;
  now: number;
  /** How long a request may hold its key before a retry may take it over. */
  leaseMs: number;
  /** The reference the request will create under, stored with the key before any work starts. */
  reference: string;
}

/** The row's key: the scope in clear (for operators), the client and its key only as a hash. */
export function storageKeyOf(scope: string, client: string, key: string): string {
  const digest = createHash('sha256').update(`${client}\n${key}`, 'utf8').digest('hex');
  return `${scope}:${digest}`;
}

const inProgress = () =>
  new ApiError(
    409,
    'request_in_progress',
    'A request with this Idempotency-Key is still being processed; retry shortly',
    { retryAfterSeconds: 1 },
  );

export async function startIdempotent(
  db: Kysely<Database>,
  request: IdempotencyRequest,
): Promise<IdempotencyStart> {
  if (request.realm !== undefined) await holdKey(db, request, request.realm);
  const storageKey = storageKeyOf(request.scope, request.client, request.key);
  const lease = request.now + request.leaseMs;
  // A few tries: a lapsed row removed, a key released, or a takeover lost between our reads.
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = {
      key: storageKey,
      request_hash: request.requestHash,
      state: 'in_flight',
      response_status: null,
      response_body: null,
      reference: request.reference,
      lease_until: lease,
      created_at: request.now,
      expires_at: request.now + IDEMPOTENCY_TTL_MS,
    };
    const inserted = await insertRow(db, 'idempotency_keys', row, 'key');
    if (Number(inserted.numAffectedRows ?? 0) === 1)
      return { state: 'started', storageKey, lease, reference: request.reference };

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
      throw conflict(`This ${IDEMPOTENCY_HEADER} was already used with a different request`);
    }
    if (existing.state === 'done' && existing.response_status !== null && existing.response_body !== null) {
      return {
        state: 'replay',
        status: existing.response_status,
        body: existing.response_body,
        reference: existing.reference,
      };
    }
    // A row without a reference or lease predates leases: nothing says what it started, so it waits.
    const { reference, lease_until: heldUntil } = existing;
    if (reference === null || heldUntil === null || heldUntil > request.now) throw inProgress();
    // Compare-and-set on the lease we read: of two retries, one moves it and the other finds it moved.
    const taken = await db
      .updateTable('idempotency_keys')
      .set({ lease_until: lease })
      .where('key', '=', storageKey)
      .where('state', '=', 'in_flight')
      .where('lease_until', '=', heldUntil)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return { state: 'resumed', storageKey, lease, reference };
  }
  throw inProgress();
}

/** The state of a row that only says which client holds a key in its realm (holdKey). */
const HELD = 'held';
const holdKeyOf = (scope: string, realm: string, key: string) => storageKeyOf(`${scope}-holder`, realm, key);
const holderOf = (client: string) => createHash('sha256').update(client, 'utf8').digest('hex');

/** Whether another client than `client` holds `key` in `realm` (so `client` sending it would be refused). */
export async function heldByAnother(
  db: Kysely<Database>,
  hold: { scope: string; realm: string; client: string; key: string; now: number },
): Promise<boolean> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'expires_at'])
    .where('key', '=', holdKeyOf(hold.scope, hold.realm, hold.key))
    .executeTakeFirst();
  return row !== undefined && row.expires_at > hold.now && row.request_hash !== holderOf(hold.client);
}

const conflict = (message: string) => new ApiError(422, 'idempotency_conflict', message);

/**
 * Takes `request.key` in its realm for its client, or refuses it (422 `idempotency_conflict`) when
 * another client holds it there. Without this, the same payer whose browser changed its User-Agent
 * (an update, "Desktop site") between a lost answer and its retry would be another client, and its retry
 * a second payment; with it, that retry and anyone else's use of the key make nothing and learn nothing.
 * The hold is a row of its own (state `held`): the realm and key only as a hash, the client as a hash.
 */
async function holdKey(db: Kysely<Database>, request: IdempotencyRequest, realm: string): Promise<void> {
  const key = holdKeyOf(request.scope, realm, request.key);
  const holder = holderOf(request.client);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = {
      key,
      request_hash: holder,
      state: HELD,
      response_status: null,
      response_body: null,
      reference: null,
      lease_until: null,
      created_at: request.now,
      expires_at: request.now + IDEMPOTENCY_TTL_MS,
    };
    const inserted = await insertRow(db, 'idempotency_keys', row, 'key');
    if (Number(inserted.numAffectedRows ?? 0) === 1) return;
    const existing = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'expires_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!existing) continue;
    if (existing.expires_at <= request.now) {
      await db
        .deleteFrom('idempotency_keys')
        .where('key', '=', key)
        .where('expires_at', '<=', request.now)
        .execute();
      continue;
    }
    if (existing.request_hash === holder) return;
    throw conflict(`This ${IDEMPOTENCY_HEADER} was already used by another client`);
  }
  throw inProgress();
}

/**
 * Stores the answer for replays, if `owner` still holds the key: a request slower than its lease lost
 * the key to a retry, which answers (and stores) for it.
 */
export async function finishIdempotent(
  db: Kysely<Database>,
  owner: IdempotencyOwner,
  status: number,
  body: string,
): Promise<void> {
  const answer = { state: 'done', response_status: status, response_body: body };
  await updateWhere(db, 'idempotency_keys', answer, {
    key: owner.storageKey,
    state: 'in_flight',
    lease_until: owner.lease,
  });
}

/** Forgets a key whose request ended without a result to keep (a 5xx), so a retry runs again. */
export async function releaseIdempotent(db: Kysely<Database>, owner: IdempotencyOwner): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('key', '=', owner.storageKey)
    .where('state', '=', 'in_flight')
    .where('lease_until', '=', owner.lease)
    .execute();
}

/** Deletes lapsed keys; run on a schedule. Answers how many went. */
export async function purgeIdempotencyKeys(db: Kysely<Database>, now: number): Promise<number> {
  // A key's hold (holdKey) goes with it but is not a key of its own, so it is not counted.
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('expires_at', '<=', now)
    .where('state', '!=', HELD)
    .executeTakeFirst();
  await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).where('state', '=', HELD).execute();
  return Number(result.numDeletedRows);
}
