/**
 * The app behind @hono/node-server, as main.ts serves it (Node bindings passed along), over a real
 * socket: what app.request() cannot show. Answers made from shared header constants must each carry
 * their own Content-Length, and the headers the middleware adds (security headers, CORS, the request id)
 * must reach every answer.
 */
import { expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback } from '../loopback.ts';

let t: AppFixture;
let base = '';

useAppOnLoopback((app, loopback) => {
  t = app;
  base = loopback.base;
});

it('gives every answer its own Content-Length, however often a route answers', async () => {
  // Payment creation answers with a shared header constant; two payers' answers differ in length.
  const payers = [
    { name: 'Awa Koné', email: 'awa@example.ci' },
    { name: 'Kouassi Yao-Bamba Adjoua Marie-Christine', email: 'kouassi.yao-bamba@example.ci' },
    { name: 'Awa Koné', email: 'awa@example.ci' },
  ];
  for (const [i, customer] of payers.entries()) {
    const response = await fetch(`${base}/api/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `node-server-${i}` },
      body: JSON.stringify({
        link: 'lnk_fixed_ci',
        customer,
        fields: { subscriber_id: `AB-${'1'.repeat(i + 1)}` },
        method: { kind: 'direct', provider: 'mtn-ci', phoneNumber: '+2250700000000' },
      }),
    });
    const text = await response.text();
    expect(response.status).toBe(201);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect((JSON.parse(text) as { data: { payment: { status: string } } }).data.payment.status).toBe(
      'pending',
    );
  }
  // And a cached link read, back and forth between two sizes.
  for (const link of ['lnk_fixed_ci', 'lnk_all_fields_sn', 'lnk_fixed_ci']) {
    // Uncompressed: fetch would decode a compressed answer, whose length is then not the text's.
    const response = await fetch(`${base}/api/v1/links/${link}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers.get('content-encoding')).toBeNull();
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect((JSON.parse(text) as { data: { id: string } }).data.id).toBe(link);
  }
});

it('sends the security and CORS headers on API answers, errors included', async () => {
  // A link's answer is sent compressed to a client that accepts it, so it varies on that too.
  for (const [path, vary] of [
    ['/api/v1/links/lnk_fixed_ci', 'Accept-Encoding, Origin'],
    ['/api/v1/links/no_such_link', 'Origin'],
  ] as const) {
    const response = await fetch(`${base}${path}`, { headers: { origin: 'https://shop.test' } });
    await response.arrayBuffer();
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.test');
    expect(response.headers.get('vary')).toBe(vary);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  }
  const foreign = await fetch(`${base}/api/v1/links/lnk_fixed_ci`, {
    headers: { origin: 'https://evil.test' },
  });
  await foreign.arrayBuffer();
  expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
});

it("keeps a caller's request id on the answer and on the request's log lines", async () => {
  const response = await fetch(`${base}/api/v1/links/lnk_fixed_ci`, {
    headers: { 'x-request-id': 'node-trace-7' },
  });
  await response.arrayBuffer();
  expect(response.headers.get('x-request-id')).toBe('node-trace-7');
  expect(t.logs.filter((line) => line.requestId === 'node-trace-7')).toEqual([
    expect.objectContaining({
      msg: 'request',
      method: 'GET',
      path: '/api/v1/links/lnk_fixed_ci',
      status: 200,
    }),
  ]);
});

it('reads the payment token, the idempotency key and the webhook signature whatever their case', async () => {
  const create = (key: string) =>
    fetch(`${base}/api/v1/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'IDEMPOTENCY-KEY': key },
      body: JSON.stringify({
        link: 'lnk_fixed_ci',
        customer: { name: 'Awa Koné', email: 'awa@example.ci' },
        fields: { subscriber_id: 'AB-1' },
        method: { kind: 'direct', provider: 'mtn-ci', phoneNumber: '+2250700000000' },
      }),
    });
  const first = await create('node-headers-1');
  const replay = await create('node-headers-1');
  const firstText = await first.text();
  expect(first.status).toBe(201);
  expect(await replay.text()).toBe(firstText); // the same key: the same answer, byte for byte
  const { payment, token } = (
    JSON.parse(firstText) as { data: { payment: { reference: string }; token: string } }
  ).data;

  const read = (headers: Record<string, string>) =>
    fetch(`${base}/api/v1/payments/${payment.reference}`, { headers }).then((response) => response.status);
  expect(await read({ 'payment-token': token })).toBe(200);
  expect(await read({ 'PAYMENT-TOKEN': token })).toBe(200);
  expect(await read({ 'payment-token': `${token}x` })).toBe(401);
  expect(await read({})).toBe(401);

  const body = JSON.stringify({
    event: 'payment.completed',
    clientId: t.config.clientId,
    data: { reference: 'node-unknown', amount: 100, currency: 'XOF', status: 'success' },
  });
  const { signWebhook } = await import('../../../server/provider/signature.ts');
  const deliver = (signature: string) =>
    fetch(`${base}/webhooks/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Webhook-Signature': signature },
      body,
    }).then((response) => response.status);
  expect(await deliver(signWebhook(body, t.config.clientSecret))).toBe(200);
  expect(await deliver(signWebhook(body, 'another secret'))).toBe(401);
});
