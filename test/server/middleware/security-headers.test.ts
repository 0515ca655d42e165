/**
 * Which security headers each kind of answer carries (server/middleware/security-headers.ts), over a real
 * socket under @hono/node-server and through app.request(): the same pipeline either way. API answers get
 * exactly the REST set; everything else gets the document set; a header the handler set itself wins.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { securityHeaders } from '../../../server/middleware/security-headers.ts';
import { type AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture;
let server: Loopback;

useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

type HeaderList = readonly (readonly [string, string])[];

const STRICT_TRANSPORT = ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'] as const;
const NO_SNIFF = ['X-Content-Type-Options', 'nosniff'] as const;

/** The OWASP REST Security Cheat Sheet's set. */
const API_SECURITY_HEADERS: HeaderList = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  STRICT_TRANSPORT,
  NO_SNIFF,
  ['X-Frame-Options', 'DENY'],
];

const DOCUMENT_SECURITY_HEADERS: HeaderList = [
  [
    'Content-Security-Policy',
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; frame-ancestors 'none'",
  ],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  STRICT_TRANSPORT,
  NO_SNIFF,
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Every header either list names, or hono's secureHeaders can send, with this answer's value (null: absent). */
const EVERY_NAME = [
  ...new Set([
    ...[...API_SECURITY_HEADERS, ...DOCUMENT_SECURITY_HEADERS].map(([name]) => name),
    'Cross-Origin-Resource-Policy',
    'Cross-Origin-Opener-Policy',
    'Cross-Origin-Embedder-Policy',
    'Permissions-Policy',
  ]),
];
const securityHeadersOf = (headers: Headers) =>
  Object.fromEntries(EVERY_NAME.map((name) => [name.toLowerCase(), headers.get(name)]));
const expected = (list: HeaderList) =>
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
    // The link's answer also varies by encoding (it is sent compressed to browsers that take it).
    expect(allowed.headers.get('vary')).toBe('Accept-Encoding, Origin');
    for (const headers of [{ origin: 'https://evil.test' }, {}] as Record<string, string>[]) {
      const answer = await send('/api/v1/links/lnk_fixed_ci', { headers });
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-expose-headers')).toBeNull();
      expect(answer.headers.get('vary')).toBe('Accept-Encoding, Origin');
    }
  });
});

it("keeps a page's own header (its Content-Security-Policy wins), never an API answer's", async () => {
  const page = "default-src 'self'; script-src 'self' 'nonce-abc'";
  const app = new Hono()
    .use(securityHeaders)
    .get('/page', (c) => c.html('<p>hi</p>', 200, { 'Content-Security-Policy': page }))
    .get('/api/v1/thing', (c) => c.json({}, 200, { 'X-Frame-Options': 'SAMEORIGIN' }));
  const answer = await app.request('/page');
  expect(answer.headers.get('content-security-policy')).toBe(page);
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const api = await app.request('/api/v1/thing');
  // Programs' answers always carry the strict set: a route cannot weaken it.
  expect(api.headers.get('x-frame-options')).toBe('DENY');
  expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
});
