/**
 * Each route family's body limit (server/body-limits.ts, through server/http/body.ts) answers in the route's
 * own error format, naming its limit: our 413 envelope on the API and the webhooks, the provider's
 * ValidationError in the sandbox. Over a real socket with a declared length, refused before reading.
 */
import { request as httpRequest } from 'node:http';
import { expect, it } from 'vitest';
import { type AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture;
let server: Loopback;
useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

// A payment's creation checks its Idempotency-Key before it reads the body.
const JSON_TYPE = { 'content-type': 'application/json', 'idempotency-key': 'body-limits-test' };

/**
 * A POST over its own connection that reads the answer even when it comes before the body is all sent
 * (fetch fails then, when the server closes the connection behind its early answer).
 */
function post(path: string, headers: Record<string, string>, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${server.base}${path}`,
      { method: 'POST', headers, agent: false },
      (answer) => {
        let text = '';
        answer.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        answer.on('end', () => resolve(new Response(text, { status: answer.statusCode })));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
    );
    outgoing.end(body);
  });
}

it.each([
  ['/api/v1/payments', 1024 * 1024, 'The request body must be at most 1048576 bytes'],
  ['/webhooks/payments', 256 * 1024, 'A webhook body must be at most 262144 bytes'],
])('POST %s over its limit is our 413 naming the limit', async (path, limit, message) => {
  const body = JSON.stringify({ pad: 'x'.repeat(limit) });
  for (const send of [
    () => post(path, JSON_TYPE, body),
    () => t.app.request(path, { method: 'POST', headers: JSON_TYPE, body }),
  ]) {
    const res = await send();
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ statusCode: 413, error: { code: 'payload_too_large', message } });
  }
});

it("a sandbox body over its limit is the provider's ValidationError", async () => {
  const res = await post(
    '/sandbox/payments/v1/payments/direct-charge',
    { 'client-id': t.config.clientId, 'client-secret': t.config.clientSecret, ...JSON_TYPE },
    JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }),
  );
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({
    statusCode: 400,
    error: 'Request body must be at most 1048576 bytes',
    errorCode: 'ValidationError',
  });
});
