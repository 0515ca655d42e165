/**
 * Request bodies: a size limit (hono's `bodyLimit`, refusing in our envelope) put in front of a route,
 * then the bytes, or the body as JSON, read in the handler.
 *
 * @hono/node-server reads `c.req.arrayBuffer()` straight from Node's stream; a client that leaves before
 * its body ends fails that read, which is answered as ClientClosedRequest (499), not as our failure.
 */
import type { Context, MiddlewareHandler } from 'hono';
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
 * With it a webhook ingest took 841 µs of server CPU against 272 µs (median of 3 alternating runs, 2
 * cores). A chunked body goes to `bodyLimit`, which reads it under the limit; a client leaving during
 * that read is ClientClosedRequest.
 */
export function limitBody(
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
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      return Number(declared) > maxSize ? refuse() : next();
    }
    // Only bodyLimit's own failures reach this catch: Hono answers a later handler's error in place.
    try {
      return await limit(c, next);
    } catch (error) {
      throw error instanceof Error && refusals.has(error) ? error : closedOr(error);
    }
  };
}

/** The body's bytes (behind `limitBody`); a client that left mid-body is ClientClosedRequest. */
export async function readBodyBytes(c: Context): Promise<Uint8Array> {
  try {
    return new Uint8Array(await c.req.arrayBuffer());
  } catch (error) {
    throw closedOr(error);
  }
}

/**
 * A failed read of a body is the client leaving (node-server reports Node's "aborted", a premature close
 * or a reset), except a TypeError: a body read twice, our own mistake, which stays a 500.
 */
export function closedOr(error: unknown): unknown {
  return error instanceof TypeError ? error : new ClientClosedRequest();
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Refuses bytes that are not UTF-8 (decode keeps no state between calls, so one serves every request). */
export const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body (behind `limitBody`) as a JSON value: 415 unless labelled JSON, 400 unless it parses. */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send the body as JSON with Content-Type: application/json',
    );
  }
  const bytes = await readBodyBytes(c);
  try {
    return JSON.parse(strictUtf8.decode(bytes)) as unknown;
  } catch {
    throw validationFailed(
      [{ path: '', message: 'must be a JSON document' }],
      'The request body is not valid JSON',
    );
  }
}
