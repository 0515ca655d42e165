/**
 * Payment event streams are capped per payment (5) and per client address (20) on an instance: one
 * client used to hold 40 streams on one payment and 120 in all, each for up to 30 minutes. Past a cap
 * the answer is 429 `rate_limited` naming the cap, and a slot frees when its stream ends. The Node
 * server holds at most MAX_CONNECTIONS connections and takes its timeouts from the config.
 */
import type { Server } from 'node:http';
import { createConnection, type Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { applyServerLimits } from '../../../server/node-server/server-limits.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { serveOnLoopback } from '../loopback.ts';
import { created, fixedCiPayment, withToken } from '../payments/helpers.ts';

let t: AppFixture;
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
beforeEach(async () => {
  // Many streams from one address (all of app.request's share one): the per-request limits stay out of it.
  t = await startApp({ env: { RATE_LIMITS: 'off' } });
});
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.cancel()));
  await t.close();
});

/** A payment that waits for its OTP, so its stream stays open. */
const waiting = () => created(t, fixedCiPayment('+2250700000000'));

/** Opens a stream; an open one (200) is kept until the test ends or `close` is called. */
async function follow(reference: string, token: string) {
  const res = await t.app.request(`/api/v1/payments/${reference}/events`, { headers: withToken(token) });
  if (res.status !== 200) return { status: res.status, json: (await res.json()) as unknown, close: async () => {} };
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  readers.push(reader);
  await reader.read(); // the current state: the stream is live
  return { status: 200, json: undefined, close: () => reader.cancel() };
}

const refused = (message: string) => ({ statusCode: 429, error: { code: 'rate_limited', message } });

it('a sixth stream on one payment is refused, and a slot frees when a stream ends', async () => {
  const { reference, token } = await waiting();
  // A wrong token takes no slot: a stranger cannot use up the payer's.
  for (let i = 0; i < 10; i++) expect((await follow(reference, 'not-the-token')).status).toBe(401);
  const open = [];
  for (let i = 0; i < 5; i++) open.push(await follow(reference, token));
  expect(open.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200]);

  const sixth = await follow(reference, token);
  expect(sixth.status).toBe(429);
  expect(sixth.json).toEqual(refused('At most 5 event streams may follow one payment at once'));

  await open[0]?.close();
  let again = await follow(reference, token);
  // The slot is given back once the ended stream's handler has run its last step: a few turns of the loop.
  for (let turn = 0; again.status === 429 && turn < 100; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    again = await follow(reference, token);
  }
  expect(again.status).toBe(200);
});

it('a 21st stream from one address is refused, whatever payment it follows', async () => {
  const payments = [];
  for (let i = 0; i < 5; i++) payments.push(await waiting());
  for (const { reference, token } of payments) {
    for (let i = 0; i < 4; i++) expect((await follow(reference, token)).status).toBe(200);
  }
  const { reference, token } = await waiting();
  const extra = await follow(reference, token);
  expect(extra.status).toBe(429);
  expect(extra.json).toEqual(refused('At most 20 event streams may be open from one address at once'));
});

describe('the Node server', () => {
  it('holds at most MAX_CONNECTIONS connections: one more is closed unanswered', async () => {
    const server = await serveOnLoopback(() => new Response('ok'));
    applyServerLimits(server.server as Server, { ...loadConfig({}).server, maxConnections: 2 });
    const sockets: Socket[] = [];
    /** A keep-alive connection that sent one request; resolves with what came back before it closed or answered. */
    const connect = () =>
      new Promise<string>((resolve) => {
        const socket = createConnection(server.port, '127.0.0.1');
        sockets.push(socket);
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
          if (text.includes('\r\n\r\n')) resolve(text.split('\r\n')[0] ?? '');
        });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text === '' ? 'closed unanswered' : text));
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n');
      });
    try {
      expect(await connect()).toBe('HTTP/1.1 200 OK');
      expect(await connect()).toBe('HTTP/1.1 200 OK');
      expect(await connect()).toBe('closed unanswered');
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.close();
    }
  });

  it('takes its timeouts from the config, and refuses a headers timeout above the request timeout', () => {
    const config = loadConfig({ REQUEST_TIMEOUT_MS: '60000', HEADERS_TIMEOUT_MS: '5000', KEEP_ALIVE_TIMEOUT_MS: '65000' });
    expect(config.server).toEqual({
      maxConnections: 4096,
      requestTimeoutMs: 60_000,
      headersTimeoutMs: 5_000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(loadConfig({}).eventStreams).toEqual({ perPayment: 5, perIp: 20 });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '10000' })).toThrow(
      'HEADERS_TIMEOUT_MS is 10000, above REQUEST_TIMEOUT_MS (5000): the headers are part of the request',
    );
    expect(() => loadConfig({ EVENT_STREAMS_PER_IP: '0' })).toThrow('EVENT_STREAMS_PER_IP must be at least 1');
  });
});
