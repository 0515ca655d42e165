/**
 * The sandbox over a real socket, as `npm run sandbox` serves it to a backend in remote mode: request
 * bodies are read from Node's request there (server/sandbox/validate.ts), under a size limit, with the
 * same answers as in-process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_BODY_LIMIT } from '../../../server/sandbox/validate.ts';
import { serveOnLoopback, type Loopback } from '../loopback.ts';
import { AUTH_HEADERS, startSandbox, type SandboxFixture } from './fixture.ts';

let sandbox: SandboxFixture;
let server: Loopback;
let base = '';

beforeAll(async () => {
  sandbox = await startSandbox();
  server = await serveOnLoopback((request, env) => sandbox.sandbox.app.fetch(request, env));
  base = server.base;
});
afterAll(async () => {
  await server.close();
  await sandbox.close();
});

const charge = async (body: string, contentType = 'application/json') => {
  const response = await fetch(`${base}/payments/v1/payments/direct-charge`, {
    method: 'POST',
    headers: { ...AUTH_HEADERS, 'content-type': contentType },
    body,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
};

it('takes a direct charge whose body comes over the socket, non-ASCII text included', async () => {
  const answer = await charge(
    JSON.stringify({
      provider: 'mtn-ci',
      amount: 10_000,
      reference: 'http-body-1',
      customerInput: { phoneNumber: '+2250700000000' },
      metadata: { payer: 'Adjoua Kouamé — Abidjan' },
    }),
  );
  expect(answer.status).toBe(201);
  expect(answer.json.data).toMatchObject({ reference: 'http-body-1', amount: 10_000, provider: 'mtn-ci' });
  const stored = await sandbox.store.db
    .selectFrom('sandbox_transactions')
    .select('metadata')
    .where('reference', '=', 'http-body-1')
    .executeTakeFirstOrThrow();
  expect(JSON.parse(stored.metadata ?? 'null')).toEqual({ payer: 'Adjoua Kouamé — Abidjan' });
});

it('refuses broken JSON, bytes that are not UTF-8 and a body over the limit, each with its reason', async () => {
  expect(await charge('{"provider":')).toEqual({
    status: 400,
    json: { statusCode: 400, errorCode: 'ValidationError', error: 'Request body is not valid JSON' },
  });
  const latin1 = await fetch(`${base}/payments/v1/payments/direct-charge`, {
    method: 'POST',
    headers: { ...AUTH_HEADERS, 'content-type': 'application/json' },
    body: Buffer.from('{"provider":"mtn-ci","customer":{"name":"Kouam\xe9"}}', 'latin1'),
  });
  expect(latin1.status).toBe(400);
  expect(await latin1.json()).toMatchObject({ error: 'Request body is not valid JSON' });

  const huge = await charge(JSON.stringify({ provider: 'x'.repeat(SANDBOX_BODY_LIMIT) }));
  expect(huge).toEqual({
    status: 400,
    json: {
      statusCode: 400,
      errorCode: 'ValidationError',
      error: `Request body must be at most ${SANDBOX_BODY_LIMIT} bytes`,
    },
  });
  expect((await charge('{}', 'text/plain')).json).toMatchObject({
    error: 'Content-Type must be application/json',
  });
});
