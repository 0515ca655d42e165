/**
 * Reading a request body under a size limit, and as JSON.
 *
 * Under @hono/node-server the bytes are read straight from Node's IncomingMessage (the `incoming` binding),
 * because touching `c.req.raw`'s body there builds a WHATWG Request with a ReadableStream over the socket,
 * which costs more than the rest of a small JSON route (hono's bodyLimit and `c.req.text()` both do). Under
 * `app.request()` (tests, the in-process sandbox) there is no socket and the Request is read as usual.
 */
import type { Context } from 'hono';
import { ApiError, validationFailed } from './errors.ts';
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
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxSize) throw tooLarge();
    chunks.push(chunk);
  }
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

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
    return JSON.parse(utf8.decode(bytes)) as unknown;
  } catch {
    throw validationFailed(
      [{ path: '', message: 'must be a JSON document' }],
      'The request body is not valid JSON',
    );
  }
}
