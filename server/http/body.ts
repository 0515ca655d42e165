/**
 * Request bodies: every one is read under a byte limit (hono's `bodyLimit`, refusing in our envelope),
 * chosen by route family in one table (`limitBodies`, in front of every route) and applied when the
 * route first reads the body: after the route's own checks (a key, a token, an allowlist), so a
 * refused caller's body is never read. Handlers read through `readBodyBytes`, `readFormBody` or
 * `streamBody` (a body taken as it arrives, never held whole: a pay page's multipart form), and a
 * route with a declared JSON body through `jsonBodyFirst` and `c.req.valid('json')`; a read with no limit in front of it is our own mistake, a 500.
 *
 * @hono/node-server reads `c.req.arrayBuffer()` straight from Node's stream; a client that leaves before
 * its body ends fails that read, which is answered as ClientClosedRequest (499), not as our failure.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ParseBodyOptions } from 'hono/utils/body';
import { bodyLimit } from 'hono/body-limit';
import { ApiError, ClientClosedRequest, validationFailed } from './errors.ts';

/** 413 `payload_too_large` naming the limit; `what` is "The request body", "A webhook body", ... */
export function payloadTooLarge(maxSize: number, what = 'The request body'): ApiError {
  return new ApiError(413, 'payload_too_large', `${what} must be at most ${maxSize} bytes`);
}

/**
 * At most `maxSize` bytes of body: a declared Content-Length above it is refused before reading, a
 * chunked body as soon as it grows past it. `tooLarge` is the refusal (default: our 413).
 *
 * A declared length is judged here, as hono's `bodyLimit` would judge it (Node then ends the body at
 * that length): `bodyLimit` first asks `c.req.raw.body`, which makes @hono/node-server build a whole
 * WHATWG Request with a stream over the socket, so the handler's read leaves node-server's direct path.
 * With it a webhook ingest took about three times the server CPU: `npm run bench`, its
 * `POST /webhooks/payments (ingest)` line (cpu/request in the load table). A chunked body goes to
 * `bodyLimit`, which reads it under the limit; a client leaving during
 * that read is ClientClosedRequest. A request over a socket with neither header has no body at all.
 */
function limitBody(
  maxSize: number,
  tooLarge: () => Error = () => payloadTooLarge(maxSize),
): MiddlewareHandler {
  const refusals = new WeakSet<Error>();
  const refuse = () => {
    const refusal = tooLarge();
    refusals.add(refusal);
    throw refusal;
  };
  const limit = bodyLimit({ maxSize, onError: refuse });
  return async (c, next) => {
    const declared = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (declared !== undefined && !chunked) return Number(declared) > maxSize ? refuse() : next();
    if (declared === undefined && !chunked && cameOverASocket(c)) return next();
    // Only bodyLimit's own failures reach this catch (`next` is the read that follows, which cannot fail).
    try {
      return await limit(c, next);
    } catch (error) {
      throw error instanceof Error && refusals.has(error) ? error : clientLeftUnlessOurBug(error);
    }
  };
}

/** @hono/node-server passes Node's request as `incoming`; `app.request()` in tests passes nothing. */
function cameOverASocket(c: Context): boolean {
  return typeof c.env === 'object' && c.env !== null && 'incoming' in c.env;
}

/**
 * A family of routes and its body limit, for `limitBodies`: `path` is one path, or with a trailing
 * `/*` that path and everything under it. `maxSize` null leaves the family's bodies to the app mounted
 * there (the sandbox, which answers in the provider's format).
 */
export interface BodyFamily {
  path: string;
  maxSize: number | null;
  tooLarge?: () => Error;
}

/**
 * Every request body's limit, applied in one place: the first family whose path matches decides. A
 * method that carries no body (GET, HEAD, OPTIONS) passes untouched. List a catch-all `/*` last, so a
 * route nobody listed still has a limit.
 */
export function limitBodies(
  families: readonly BodyFamily[],
  budget: BodyBudget = bodyBudget(Number.POSITIVE_INFINITY),
): MiddlewareHandler {
  const limits = families.map(({ path, maxSize, tooLarge = () => payloadTooLarge(maxSize ?? 0) }) => ({
    matches: pathMatcher(path),
    maxSize,
    tooLarge,
    limit: maxSize === null ? null : limitBody(maxSize, tooLarge),
  }));
  return async (c, next) => {
    if (!BODILESS_METHODS.has(c.req.method)) {
      const path = c.req.path;
      const family = limits.find(({ matches }) => matches(path));
      if (!family) throw new TypeError(`No body limit covers ${path}: list a catch-all family last`);
      if (family.limit && family.maxSize !== null)
        pendingLimits.set(c, { limit: family.limit, maxSize: family.maxSize, tooLarge: family.tooLarge, budget });
    }
    return next();
  };
}

/**
 * The bytes of request bodies being read at once, server-wide (`MAX_BODY_MEMORY_MB`): each read holds
 * its body's declared length (or, sent chunked, its limit) until it has been read and parsed. A read that
 * would go over is refused at once, 503 `server_busy` with `Retry-After`, before a byte is read: however
 * many clients post at once, the bodies in memory stay under it.
 */
export interface BodyBudget {
  /** Holds `bytes`, or throws the 503; the answer gives them back. */
  take(bytes: number): () => void;
  readonly inUse: number;
}

export function bodyBudget(maxBytes: number): BodyBudget {
  let inUse = 0;
  return {
    get inUse() {
      return inUse;
    },
    take(bytes) {
      if (inUse + bytes > maxBytes) {
        throw new ApiError(
          503,
          'server_busy',
          'The server is reading too many request bodies at once; try again in a moment',
          { retryAfterSeconds: 1 },
        );
      }
      inUse += bytes;
      let given = false;
      return () => {
        if (given) return;
        given = true;
        inUse -= bytes;
      };
    },
  };
}

interface PendingLimit {
  limit: MiddlewareHandler;
  maxSize: number;
  tooLarge: () => Error;
  budget: BodyBudget;
  applied?: Promise<void>;
}

/** Each request's limit, from `limitBodies`, and once applied the outcome every later read shares. */
const pendingLimits = new WeakMap<Context, PendingLimit>();

/**
 * Lowers this request's body limit to `maxSize` before its body is read (a route whose form turns out
 * smaller than its family's limit: a pay page without a file field). Never raises it.
 */
export function narrowBodyLimit(
  c: Context,
  maxSize: number,
  tooLarge: () => Error = () => payloadTooLarge(maxSize),
): void {
  const pending = pendingLimits.get(c);
  if (!pending || pending.applied || maxSize >= pending.maxSize) return;
  pendingLimits.set(c, { ...pending, maxSize, tooLarge, limit: limitBody(maxSize, tooLarge) });
}

/**
 * The request's body limit, applied once: a declared length judged, a chunked body read (up to the
 * limit) and kept for the read that follows. Throws the family's refusal over it. Holds the body's
 * bytes against the server's budget; the caller gives them back once the body is read.
 */
function enforceBodyLimit(c: Context): Promise<() => void> {
  const pending = pendingLimits.get(c);
  if (!pending) {
    return Promise.reject(
      new TypeError(`${c.req.method} ${c.req.path} read its body with no limit in front of it`),
    );
  }
  if (pending.applied) return pending.applied.then(() => () => undefined);
  const length = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  // Chunked over a socket: it may grow to the limit. In-process with no length (tests, the sandbox's
  // own calls): the body is in memory already, nothing to hold.
  const bytes =
    length !== undefined && !chunked ? Number(length) : chunked || cameOverASocket(c) ? pending.maxSize : 0;
  // Over its limit (or no number): refused by the limit itself, holding nothing.
  const release =
    bytes > 0 && bytes <= pending.maxSize ? pending.budget.take(bytes) : () => undefined;
  pending.applied = (async () => {
    await pending.limit(c, async () => undefined);
  })();
  return pending.applied.then(
    () => release,
    (error: unknown) => {
      release();
      throw error;
    },
  );
}

/** The body as a form (urlencoded or multipart, hono's `parseBody`), under the request's limit. */
export async function readFormBody(c: Context, options?: Partial<ParseBodyOptions>) {
  const release = await enforceBodyLimit(c);
  try {
    return await c.req.parseBody(options);
  } finally {
    release();
  }
}

/**
 * The body as it arrives, chunk by chunk, to `consume`, under the request's limit: a declared length
 * over it is refused before a byte is read, and the chunks stop with the refusal once they pass it, so
 * a chunked body is never read whole first (as `bodyLimit` would). Holds the server's budget as a read
 * does. When `consume` returns early (it has seen enough: a file past its size), the rest of the body is
 * never read; the client learns it from the answer.
 */
export async function streamBody<T>(
  c: Context,
  consume: (chunks: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T> {
  const pending = pendingLimits.get(c);
  if (!pending) throw new TypeError(`${c.req.method} ${c.req.path} read its body with no limit in front of it`);
  if (pending.applied) throw new TypeError(`${c.req.method} ${c.req.path} read its body twice`);
  pending.applied = Promise.resolve();
  const { maxSize, tooLarge } = pending;
  const length = c.req.header('content-length');
  const chunked = c.req.header('transfer-encoding') !== undefined;
  const declared = length !== undefined && !chunked ? Number(length) : undefined;
  if (declared !== undefined && !(declared <= maxSize)) throw tooLarge();
  const bytes = declared ?? (chunked || cameOverASocket(c) ? maxSize : 0);
  const release = bytes > 0 ? pending.budget.take(bytes) : () => undefined;
  const reader = c.req.raw.body?.getReader();
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let total = 0;
    for (;;) {
      let read: ReadableStreamReadResult<Uint8Array> | undefined;
      try {
        read = await reader?.read();
      } catch (error) {
        throw clientLeftUnlessOurBug(error);
      }
      if (!read || read.done) return;
      const room = maxSize - total;
      total += read.value.byteLength;
      if (total <= maxSize) {
        yield read.value;
        continue;
      }
      // The bytes within the limit first: what reads them may have seen enough there (a file past its
      // own, smaller size) and never ask for the rest.
      if (room > 0) yield read.value.subarray(0, room);
      throw tooLarge();
    }
  }
  try {
    return await consume(chunks());
  } finally {
    release();
    // Whatever was not read stays unread: cancelling tells the stream (and its socket) we are done.
    reader?.cancel().catch(() => undefined);
  }
}

const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function pathMatcher(pattern: string): (path: string) => boolean {
  if (!pattern.endsWith('/*')) return (path) => path === pattern;
  const base = pattern.slice(0, -2);
  return (path) => path === base || path.startsWith(`${base}/`);
}

/** The body's bytes, under the request's limit; a client that left mid-body is ClientClosedRequest. */
export async function readBodyBytes(c: Context): Promise<Uint8Array> {
  const release = await enforceBodyLimit(c);
  try {
    return new Uint8Array(await c.req.arrayBuffer());
  } catch (error) {
    throw clientLeftUnlessOurBug(error);
  } finally {
    release();
  }
}

/**
 * A failed read of a body is the client leaving (node-server reports Node's "aborted", a premature close
 * or a reset), except a TypeError: a body read twice, our own mistake, which stays a 500.
 */
function clientLeftUnlessOurBug(error: unknown): unknown {
  return error instanceof TypeError ? error : new ClientClosedRequest();
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Refuses bytes that are not UTF-8 (decode keeps no state between calls, so one serves every request). */
export const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body (under the request's limit) as JSON text and value: 415 unless labelled JSON, 400 unless it parses. */
async function readJson(c: Context): Promise<{ text: string; value: unknown }> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send the body as JSON with Content-Type: application/json',
    );
  }
  const bytes = await readBodyBytes(c);
  try {
    const text = strictUtf8.decode(bytes);
    return { text, value: JSON.parse(text) as unknown };
  } catch {
    throw validationFailed(
      [{ path: '', code: 'invalid', message: 'must be a JSON document' }],
      'The request body is not valid JSON',
    );
  }
}

/** Each request's JSON body as sent, kept by `jsonBodyFirst` for what needs it unchecked. */
const sentBodies = new WeakMap<Context, unknown>();

/**
 * Route middleware for every route that declares a JSON body (contract/describe.ts's `jsonBody`): reads
 * the body here, under the request's limit and refusing in our envelope (415, 413, 400 for bad JSON), and
 * hands its text to @hono/zod-openapi's validator, which checks it against the route's schema; the
 * handler takes the checked body from `c.req.valid('json')`. List it last in the route's middleware,
 * after the route's own checks, so a refused caller's body is never read.
 */
export const jsonBodyFirst: MiddlewareHandler = async (c, next) => {
  const { text, value } = await readJson(c);
  sentBodies.set(c, value);
  // Hono's `c.req.json()` (the validator's read) parses this cached text instead of reading the stream.
  // Hono keeps each cached body as a promise, though its declaration says the value itself.
  Object.assign(c.req.bodyCache, { text: Promise.resolve(text) });
  await next();
};

/**
 * The JSON body as the client sent it, before its schema's defaults and transforms (an idempotency
 * key is bound to what was sent). Only behind `jsonBodyFirst`.
 */
export function sentJsonBody(c: Context): unknown {
  if (!sentBodies.has(c))
    throw new TypeError(`${c.req.method} ${c.req.path} has no jsonBodyFirst in front of it`);
  return sentBodies.get(c);
}
