/**
 * Request bodies read under a limit (server/http/body.ts: limitBodies in front, hono's bodyLimit at the handler's read), over
 * a real socket under @hono/node-server and through app.request(), where there is no socket.
 */
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBodyFirst, limitBodies, sentJsonBody } from '../../../server/http/body.ts';
import { renderError } from '../../../server/http/errors.ts';
import { serveOnLoopback, type Loopback } from '../loopback.ts';

const LIMIT = 64;

/** The error the app rendered and the status it answered, for the tests that cut a request off mid-body. */
let rendered: (outcome: { error: string; status: number }) => void = () => {};

const app = new Hono()
  .use(limitBodies([{ path: '/*', maxSize: LIMIT }]))
  .post('/echo', jsonBodyFirst, (c) => c.json({ statusCode: 200, data: sentJsonBody(c) }))
  .onError((error, c) => {
    const answer = renderError(error, c);
    rendered({ error: error.name, status: answer.status });
    return answer;
  });

let server: Loopback;
let port = 0;
beforeAll(async () => {
  server = await serveOnLoopback((request, env) => app.fetch(request, env));
  port = server.port;
});
afterAll(() => server.close());

/** A raw request, so the test decides between Content-Length and chunked bodies. */
function post(chunks: string[], headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path: '/echo', method: 'POST', headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    // A refused body may be answered before it is all sent; the socket closing under us is not a failure.
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    for (const chunk of chunks) outgoing.write(chunk);
    outgoing.end();
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('over a real socket', () => {
  it('reads a chunked JSON body sent in several pieces', async () => {
    const answer = await post(['{"a":', '"b"', '}'], { ...JSON_TYPE, 'transfer-encoding': 'chunked' });
    expect(answer).toEqual({ status: 200, body: '{"statusCode":200,"data":{"a":"b"}}' });
  });

  it('refuses a declared Content-Length above the limit before reading', async () => {
    const body = JSON.stringify({ text: 'x'.repeat(LIMIT) });
    const answer = await post([body], { ...JSON_TYPE, 'content-length': String(Buffer.byteLength(body)) });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({
      statusCode: 413,
      error: { code: 'payload_too_large', message: `The request body must be at most ${LIMIT} bytes` },
    });
  });

  it('refuses a chunked body as soon as it grows past the limit', async () => {
    const answer = await post(['{"text":"', 'x'.repeat(40), 'x'.repeat(40), '"}'], {
      ...JSON_TYPE,
      'transfer-encoding': 'chunked',
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('payload_too_large');
  });

  // Declared length: bodyLimit lets it through and the handler's read fails. Chunked: bodyLimit's own
  // read fails. Either way the client is gone: 499 (ClientClosedRequest), never a 500.
  it.each([
    ['a declared length', { 'content-length': '60' }],
    ['a chunked body', { 'transfer-encoding': 'chunked' }],
  ])('answers 499 to a request with %s that closes before its body ends', async (_how, framing) => {
    const outcome = new Promise<{ error: string; status: number }>((resolve) => (rendered = resolve));
    const outgoing = httpRequest({
      host: '127.0.0.1',
      port,
      path: '/echo',
      method: 'POST',
      headers: { ...JSON_TYPE, ...framing },
    });
    outgoing.on('error', () => undefined); // we cut it off ourselves
    outgoing.write('{"text":', () => setImmediate(() => outgoing.destroy()));
    // A read that never settled would time the test out.
    expect(await outcome).toEqual({ error: 'ClientClosedRequest', status: 499 });
  });

  it('refuses bytes that are not UTF-8 as not JSON', async () => {
    const raw = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        { host: '127.0.0.1', port, path: '/echo', method: 'POST', headers: JSON_TYPE },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(Buffer.from([0x22, 0xff, 0xfe, 0x22]));
    });
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body).error).toMatchObject({
      code: 'validation_failed',
      message: 'The request body is not valid JSON',
    });
  });
});

describe('through app.request()', () => {
  it('reads the body and applies the same limit', async () => {
    const ok = await app.request('/echo', { method: 'POST', headers: JSON_TYPE, body: '[1,2]' });
    expect(await ok.json()).toEqual({ statusCode: 200, data: [1, 2] });
    const big = await app.request('/echo', {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify('x'.repeat(LIMIT)),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      statusCode: 413,
      error: { code: 'payload_too_large', message: `The request body must be at most ${LIMIT} bytes` },
    });
  });

  it('answers 415 for a body not labelled JSON', async () => {
    const answer = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(answer.status).toBe(415);
    expect((await answer.json()).error.code).toBe('unsupported_media_type');
  });
});
