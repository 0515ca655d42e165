/**
 * What Node refuses before the app sees it (server/node-server/client-error.ts), over a real socket: our JSON
 * envelope with the API security headers, not Node's bare status line.
 */
import { connect } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from '../../../server/node-server/client-error.ts';
import { serveOnLoopback, type Loopback } from '../loopback.ts';

/** The API answers' security headers (security-headers.test.ts checks the app sends the same). */
const API_SECURITY_HEADERS = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
] as const;

let loopback: Loopback;
beforeAll(async () => {
  const app = new Hono().get('/', (c) => c.json({ statusCode: 200 }));
  loopback = await serveOnLoopback((request, env) => app.fetch(request, env));
  await answerClientErrors(loopback.server);
});
afterAll(() => loopback.close());

/** Writes raw bytes and reads everything until the server closes the connection. */
function exchange(raw: string): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(loopback.port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(raw);
  });
}

describe("requests Node's parser refuses", () => {
  it.each([
    ['a 20 kB header', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
    ['a 20 kB URL', `GET /?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`],
  ])('%s is a 431 in our envelope with the API security headers', async (_name, raw) => {
    const res = await exchange(raw);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    for (const [name, value] of API_SECURITY_HEADERS) expect(res.headers.get(name.toLowerCase())).toBe(value);
    expect(res.headers.get('referrer-policy')).toBeUndefined(); // a document-only header
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 431,
      error: { code: 'request_header_too_large', message: 'The request line and headers are too large' },
    });
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(res.body)));
  });

  it('unparsable HTTP is a 400 bad_request in our envelope', async () => {
    const res = await exchange('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      statusCode: 400,
      error: { code: 'bad_request', message: 'The request is not valid HTTP' },
    });
  });

  it('leaves well-formed requests to the app', async () => {
    const res = await exchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(200);
  });
});
