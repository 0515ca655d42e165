/**
 * Which security headers each kind of answer carries (server/http/security-headers.ts), on both of the
 * app's header paths: Node's response under @hono/node-server (a real socket), and Hono's answer under
 * app.request(). API answers get exactly the REST set; everything else gets the document set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { API_SECURITY_HEADERS, DOCUMENT_SECURITY_HEADERS } from '../../../server/http/security-headers.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { serveOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture;
let server: Loopback;

beforeAll(async () => {
  t = await startApp();
  server = await serveOnLoopback((request, env) => t.app.fetch(request, env));
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** Every header either list names, with the value this answer gave it (null: absent). */
const EVERY_NAME = [
  ...new Set([...API_SECURITY_HEADERS, ...DOCUMENT_SECURITY_HEADERS].map(([name]) => name)),
];
const securityHeadersOf = (headers: Headers) =>
  Object.fromEntries(EVERY_NAME.map((name) => [name.toLowerCase(), headers.get(name)]));
const expected = (list: typeof API_SECURITY_HEADERS) =>
  Object.fromEntries(
    EVERY_NAME.map((name) => [name.toLowerCase(), list.find(([listed]) => listed === name)?.[1] ?? null]),
  );

const webhookBody = () =>
  JSON.stringify({
    event: 'payment.completed',
    clientId: t.config.clientId,
    data: { reference: 'headers-unknown', amount: 100, currency: 'XOF', status: 'success' },
  });

type Send = (path: string, init?: RequestInit) => Promise<Response>;
const overHttp: Send = async (path, init) => {
  const response = await fetch(`${server.base}${path}`, init);
  await response.arrayBuffer();
  return response;
};
const inProcess: Send = (path, init) => Promise.resolve(t.app.request(path, init));

describe.each([
  ['over HTTP (Node response)', overHttp],
  ['through app.request (Hono answer)', inProcess],
])('%s', (_how, send) => {
  it('gives API answers, errors included, the REST set and none of the document-only headers', async () => {
    const answers = [
      await send('/api/v1/links/lnk_fixed_ci'),
      await send('/api/v1/links/no_such_link'),
      await send('/api/v1/payments', { method: 'POST', body: '{' }),
      await send('/webhooks/payments', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-webhook-signature': 'f'.repeat(128) },
        body: webhookBody(),
      }),
      await send('/webhooks/payments', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-signature': signWebhook(webhookBody(), t.config.clientSecret),
        },
        body: webhookBody(),
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 401, 200]);
    for (const answer of answers)
      expect(securityHeadersOf(answer.headers)).toEqual(expected(API_SECURITY_HEADERS));
  });

  it('gives every other answer the document set', async () => {
    for (const path of ['/docs', '/healthz', '/no/such/page']) {
      const answer = await send(path);
      expect(securityHeadersOf(answer.headers), path).toEqual(expected(DOCUMENT_SECURITY_HEADERS));
    }
  });

  it('exposes headers to a browser only where the origin may read the answer', async () => {
    const allowed = await send('/api/v1/links/lnk_fixed_ci', { headers: { origin: 'https://shop.test' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shop.test');
    expect(allowed.headers.get('access-control-expose-headers')).toBe('Retry-After,X-Request-Id');
    expect(allowed.headers.get('vary')).toBe('Origin');
    for (const headers of [{ origin: 'https://evil.test' }, {}] as Record<string, string>[]) {
      const answer = await send('/api/v1/links/lnk_fixed_ci', { headers });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-expose-headers')).toBeNull();
      expect(answer.headers.get('vary')).toBe('Origin');
    }
  });
});
