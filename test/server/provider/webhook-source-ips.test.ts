/**
 * WEBHOOK_SOURCE_IPS (hono's ipRestriction in server/provider/signed-webhook.ts): addresses and CIDR ranges, read
 * from the socket over a real connection, or from X-Forwarded-For behind TRUST_PROXY. A refused sender
 * gets our 403 envelope with the API security headers, is logged at warn, and its body is never read.
 */
import { afterEach, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { serveOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture | undefined;
let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  await t?.close();
  server = undefined;
  t = undefined;
});

const REFUSED = {
  statusCode: 403,
  error: { code: 'forbidden', message: 'Webhooks are not accepted from this address' },
};

function body(app: AppFixture) {
  return JSON.stringify({
    event: 'payment.completed',
    clientId: app.config.clientId,
    data: {
      reference: 'pay_ffffffffffffffffffffffffffffffff',
      amount: 100,
      currency: 'XOF',
      status: 'success',
    },
  });
}

/** Starts the app with `sourceIps` behind a real socket on 127.0.0.1 and posts one signed webhook. */
async function overSocket(sourceIps: string) {
  const app = (t = await startApp({ env: { WEBHOOK_SOURCE_IPS: sourceIps } }));
  server = await serveOnLoopback((request, env) => app.app.fetch(request, env));
  const text = body(app);
  return fetch(`${server.base}/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-signature': signWebhook(text, app.config.clientSecret),
    },
    body: text,
  });
}

it('refuses a webhook from a socket address outside the list, in our envelope', async () => {
  const res = await overSocket('49.12.224.228, 10.0.0.0/8');
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual(REFUSED);
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(t?.logs).toContainEqual(
    expect.objectContaining({
      level: 40,
      ip: '127.0.0.1',
      msg: 'webhook from an address outside WEBHOOK_SOURCE_IPS refused',
    }),
  );
});

it('takes a webhook from a socket address inside a listed CIDR range', async () => {
  const res = await overSocket('49.12.224.228, 127.0.0.0/8');
  expect(res.status).toBe(200);
  expect((await res.json()).data.received).toBe(true);
});

it('refuses an unlisted sender before reading its body: no 413 for a huge one', async () => {
  const app = (t = await startApp({ env: { WEBHOOK_SOURCE_IPS: '49.12.224.228', TRUST_PROXY: '2' } }));
  const huge = 'x'.repeat(300 * 1024);
  const res = await app.request('POST', '/webhooks/payments', huge, { 'x-forwarded-for': '203.0.113.9' });
  expect(res.status).toBe(403);
  expect(res.json).toEqual(REFUSED);
});

it('reads X-Forwarded-For behind TRUST_PROXY, ranges included, and refuses what is not an address', async () => {
  const app = (t = await startApp({
    env: { WEBHOOK_SOURCE_IPS: '2001:db8::/32, 198.51.100.0/24', TRUST_PROXY: '2' },
  }));
  const text = body(app);
  const post = (forwardedFor: string) =>
    app.request('POST', '/webhooks/payments', text, {
      'x-webhook-signature': signWebhook(text, app.config.clientSecret),
      'x-forwarded-for': forwardedFor,
    });
  expect((await post('198.51.100.7, 10.0.0.1')).status).toBe(200);
  expect((await post('2001:db8::42')).status).toBe(200);
  for (const outside of ['198.51.101.7', '2001:db9::1', 'not-an-address']) {
    const res = await post(outside);
    expect({ outside, status: res.status, json: res.json }).toEqual({ outside, status: 403, json: REFUSED });
  }
});

it('refuses to start with an entry that is neither an address nor a range', async () => {
  await expect(startApp({ env: { WEBHOOK_SOURCE_IPS: '49.12.224.228, provider.example' } })).rejects.toThrow(
    'WEBHOOK_SOURCE_IPS has "provider.example", which is not an IP address or a CIDR range',
  );
});
