/**
 * Answers compressed for the browsers that accept it, brotli first (a sixth smaller than gzip on our
 * pages and configs), since a payer on 2G gets 50 kbit/s:
 * - `CompressedAnswer`: an answer's bytes compressed once and kept beside it, for answers encoded once
 *   and sent many times (a link's config: the French fixed-price link's 9 kB, with its providers'
 *   logos inline, is 2.7 kB in brotli). Each encoding is made on the first request that accepts it, then
 *   reused; a client that accepts none (the bench's load generator, curl) gets the bytes as they are,
 *   at the cost of one header read.
 * - `compressPages`: HTML pages drawn per request, compressed as they are sent (hono's `compress` does
 *   gzip alone).
 */
import type { MiddlewareHandler } from 'hono';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to send for an `Accept-Encoding` header: brotli, else gzip, else none; `q=0` refuses one. */
export function chooseEncoding(accept: string | undefined): ContentEncoding | undefined {
  if (!accept) return undefined;
  const accepted = new Set<string>();
  for (const part of accept.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    if (q === undefined || Number(q) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

export class CompressedAnswer {
  private readonly encoded = new Map<ContentEncoding, Uint8Array<ArrayBuffer>>();

  constructor(readonly body: Uint8Array<ArrayBuffer>) {}

  /** The body in `encoding`, compressed on first use. */
  in(encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
    let bytes = this.encoded.get(encoding);
    if (bytes === undefined) {
      // Brotli at quality 9: within 1% of 11 on a config, in a few milliseconds rather than tens.
      const buffer =
        encoding === 'br'
          ? brotliCompressSync(this.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(this.body, { level: 9 });
      bytes = new Uint8Array(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength));
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}

/** Smaller than this, compression saves less than a packet. */
const PAGE_THRESHOLD_BYTES = 1024;

/**
 * Compresses the HTML answers of the routes under it, for a browser that accepts brotli or gzip. Brotli
 * at quality 5: an 18 kB pay page in about a millisecond, within 3% of quality 11's size.
 */
export const compressPages: MiddlewareHandler = async (c, next) => {
  await next();
  const { res } = c;
  if (
    c.req.method === 'HEAD' ||
    res.body === null ||
    res.headers.has('Content-Encoding') ||
    !res.headers.get('Content-Type')?.startsWith('text/html')
  )
    return;
  res.headers.append('Vary', 'Accept-Encoding');
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (!encoding) return;
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < PAGE_THRESHOLD_BYTES) {
    c.res = new Response(body, res);
    return;
  }
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(body, { level: 6 });
  c.res = new Response(compressed, res);
  // After the assignment: hono copies the old answer's headers onto the new one (its length too).
  c.res.headers.delete('Content-Length');
  c.res.headers.set('Content-Encoding', encoding);
};
