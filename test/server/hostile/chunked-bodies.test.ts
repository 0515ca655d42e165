/**
 * A body with no Content-Length (chunked) is refused once it grows past its route family's limit, over
 * a real socket: the 413 comes back while the client is still sending, and the server has taken in
 * only about the limit's worth of bytes by then, never the whole body (which it used to read, whole,
 * into memory on the console's login: 96 MB cost 288 MB of RSS).
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';
import { create, fixedCiPayment } from '../payments/helpers.ts';

let t: AppFixture;
let server: Loopback;
useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

const TOTAL = 20 * 1024 * 1024;
const CHUNK = new Uint8Array(64 * 1024).fill(0x61);

interface Outcome {
  status: number;
  json: unknown;
  /** Bytes the client had handed to its socket when the answer's head arrived. */
  sentBeforeAnswer: number;
  /** Bytes the server's socket had read when its answer was finished. */
  readBeforeAnswer: number;
}

/**
 * POSTs up to 20 MB in 64 kB chunks with no Content-Length, and stops sending as soon as the answer
 * comes (the server may close the connection behind an early answer: EPIPE and resets are expected).
 */
function sendChunked(path: string, headers: Record<string, string>): Promise<Outcome> {
  const readBeforeAnswer = new Promise<number>((resolve) => {
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      server.server.off('request', onRequest);
      const socket = req.socket;
      res.once('finish', () => resolve(socket.bytesRead));
    };
    server.server.on('request', onRequest);
  });
  const answered = new Promise<Omit<Outcome, 'readBeforeAnswer'>>((resolve, reject) => {
    let sent = 0;
    let answer: IncomingMessage | undefined;
    const outgoing = httpRequest(`${server.base}${path}`, { method: 'POST', headers, agent: false }, (res) => {
      answer = res;
      const sentBeforeAnswer = sent;
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        outgoing.destroy();
        resolve({ status: res.statusCode ?? 0, json: JSON.parse(text), sentBeforeAnswer });
      });
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    const pump = () => {
      while (!answer && sent < TOTAL && !outgoing.destroyed) {
        sent += CHUNK.length;
        if (!outgoing.write(CHUNK)) return void outgoing.once('drain', pump);
      }
      if (!answer && sent >= TOTAL) outgoing.end();
    };
    pump();
  });
  return Promise.all([answered, readBeforeAnswer]).then(([outcome, read]) => ({ ...outcome, readBeforeAnswer: read }));
}

const tooLarge = (message: string) => ({ statusCode: 413, error: { code: 'payload_too_large', message } });

it.each([
  ['/console/login', { 'content-type': 'application/x-www-form-urlencoded' }, 4096, 'The request body must be at most 4096 bytes'],
  ['/api/v1/payments', { 'content-type': 'application/json' }, 1024 * 1024, 'The request body must be at most 1048576 bytes'],
  ['/webhooks/payments', { 'content-type': 'application/json' }, 256 * 1024, 'A webhook body must be at most 262144 bytes'],
  ['/api/v1/uploads', { 'content-type': 'multipart/form-data; boundary=x' }, 5 * 1024 * 1024 + 64 * 1024, 'The file is larger than 5 MB'],
  ['/demo/sessions', { 'content-type': 'application/json' }, 64 * 1024, 'The request body must be at most 65536 bytes'],
])('a chunked POST %s past %s bytes is refused before the server has read it', async (path, headers, limit, message) => {
  const origin = { origin: t.config.publicUrl ?? 'http://pay.test' };
  const outcome = await sendChunked(path, { ...headers, ...origin, authorization: `Bearer ${TEST_MERCHANT_KEY}`, 'idempotency-key': randomUUID() });
  expect(outcome.status).toBe(413);
  expect(outcome.json).toEqual(tooLarge(message as string));
  expect(outcome.sentBeforeAnswer).toBeLessThan(TOTAL);
  // The limit plus what one read of the socket can bring past it (Node reads 64 kB at a time) and headers.
  expect(outcome.readBeforeAnswer).toBeGreaterThan(limit as number);
  expect(outcome.readBeforeAnswer).toBeLessThan((limit as number) + 256 * 1024);
});

it("a chunked POST to the sandbox's hosted page past its limit is the provider's ValidationError", async () => {
  // A payment sent to the provider's page (magic 08), whose form the payer posts.
  const answer = await create(t, fixedCiPayment('+2250700000008'));
  const page = new URL(String(answer.json.data.payment.redirectUrl)).pathname;
  const outcome = await sendChunked(page, { 'content-type': 'application/x-www-form-urlencoded' });
  expect(outcome.status).toBe(400);
  expect(outcome.json).toEqual({
    statusCode: 400,
    error: 'Request body must be at most 1048576 bytes',
    errorCode: 'ValidationError',
  });
  expect(outcome.sentBeforeAnswer).toBeLessThan(TOTAL);
  expect(outcome.readBeforeAnswer).toBeLessThan(1024 * 1024 + 256 * 1024);
});
