/**
 * Reading a request body under a size limit, and as JSON.
 *
 * Under @hono/node-server the bytes are read straight from Node's IncomingMessage (the `incoming` binding),
 * because touching `c.req.raw`'s body there builds a WHATWG Request with a ReadableStream over the socket,
 * which costs more than the rest of a small JSON route (hono's bodyLimit and `c.req.text()` both do). Under
 * `app.request()` (tests, the in-process sandbox) there is no socket and the Request is read as usual.
 */
import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import { ApiError, ClientClosedRequest, validationFailed } from './errors.ts';
import { nodeRequest, requestHeader } from './node-headers.ts';

/** 413 `payload_too_large` naming the limit; `what` is "The request body", "A webhook body", ... */
export function payloadTooLarge(maxSize: number, what = 'The request body'): ApiError {
  return new ApiError(413, 'payload_too_large', `${what} must be at most ${maxSize} bytes`);
}

/**
 * The body's bytes, at most `maxSize` of them: a declared Content-Length above the limit is refused before
 * reading, and a body that grows past it (chunked, or lying about its length) as soon as it does.
 */
export async function readBodyBytes(
  c: Context,
  maxSize: number,
  tooLarge: () => Error = () => payloadTooLarge(maxSize),
): Promise<Uint8Array> {
  const declared = Number(requestHeader(c, 'content-length') ?? Number.NaN);
  if (declared > maxSize) throw tooLarge();

  const incoming = nodeRequest(c);
  if (!incoming) {
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.byteLength > maxSize) throw tooLarge();
    return bytes;
  }
  return readNodeBody(incoming, maxSize, tooLarge);
}

/**
 * Node's request body by its events. (An async iterator over the stream does the same with a promise
 * and several objects per chunk, a measurable share of a small request's cost.) A body over the limit is
 * refused at once and the rest of it is left to Node, which discards it once the 413 is sent; a request
 * that fails or closes before its body ends fails the read with ClientClosedRequest.
 */
function readNodeBody(incoming: Readable, maxSize: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (incoming.readableEnded) return Promise.resolve(new Uint8Array(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (error: Error | null) => {
      incoming.off('data', onData).off('end', onEnd).off('error', onClose).off('close', onClose);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxSize) {
        chunks.push(chunk);
        return;
      }
      settle(tooLarge());
    };
    const onEnd = () => settle(null);
    // Node reports a client that leaves mid-body as an error ("aborted") or a close before the end.
    const onClose = () => settle(new ClientClosedRequest());
    incoming.on('data', onData).on('end', onEnd).on('error', onClose).on('close', onClose);
  });
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** Refuses bytes that are not UTF-8 (decode keeps no state between calls, so one serves every request). */
export const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as a JSON value: 415 unless labelled JSON, 413 above `maxSize`, 400 unless it parses. */
export async function readJsonBody(c: Context, maxSize: number): Promise<unknown> {
  if (!JSON_TYPE.test(requestHeader(c, 'content-type') ?? '')) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      'Send the body as JSON with Content-Type: application/json',
    );
  }
  const bytes = await readBodyBytes(c, maxSize);
  try {
    return JSON.parse(strictUtf8.decode(bytes)) as unknown;
  } catch {
    throw validationFailed(
      [{ path: '', message: 'must be a JSON document' }],
      'The request body is not valid JSON',
    );
  }
}
