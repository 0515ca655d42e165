/**
 * TRUST_PROXY is a count of proxies: the client is that many hops from the right of X-Forwarded-For (the
 * socket's address being the last hop), so the entries a client writes itself on the left are never
 * read. Forged leftmost entries must neither dodge the login limit nor pass WEBHOOK_SOURCE_IPS.
 */
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';

let t: AppFixture | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it('refuses TRUST_PROXY=true, yes or anything but a count, naming the fix', () => {
  for (const value of ['true', 'yes', 'on', '-1', '1.5', 'nginx']) {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      `TRUST_PROXY is "${value}", but TRUST_PROXY is a number of proxies in front of this server, e.g. TRUST_PROXY=1 behind one nginx/ALB`,
    );
  }
  expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  expect(loadConfig({}).trustProxy).toBe(0);
});

it('behind one proxy that appends, 25 wrong logins under forged leftmost entries meet the login limit', async () => {
  const app = (t = await startApp({ env: { TRUST_PROXY: '1' } }));
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const res = await app.request('POST', '/console/login', 'apiKey=mk_wrong_0123456789abcdef', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: TEST_PUBLIC_URL,
      // The client wrote the first entry; the proxy appended the address it saw.
      'x-forwarded-for': `10.9.${i}.1, 203.0.113.50`,
    });
    statuses.push(res.status);
  }
  expect(statuses).toEqual([...Array(10).fill(303), ...Array(15).fill(429)]);
  expect(app.logs.filter((line) => line.msg === 'console login refused').map((line) => line.ip)).toEqual(
    Array(10).fill('203.0.113.50'),
  );
});

it('a forged leftmost entry naming the provider does not pass WEBHOOK_SOURCE_IPS', async () => {
  const app = (t = await startApp({ env: { WEBHOOK_SOURCE_IPS: '49.12.224.228', TRUST_PROXY: '1' } }));
  const text = JSON.stringify({
    event: 'payment.completed',
    clientId: app.config.clientId,
    data: { reference: 'pay_ffffffffffffffffffffffffffffffff', amount: 100, currency: 'XOF', status: 'success' },
  });
  const post = (forwardedFor: string) =>
    app.request('POST', '/webhooks/payments', text, {
      'x-webhook-signature': signWebhook(text, app.config.clientSecret),
      'x-forwarded-for': forwardedFor,
    });
  const forged = await post('49.12.224.228, 203.0.113.9');
  expect(forged.status).toBe(403);
  expect(forged.json.error.code).toBe('forbidden');
  // The provider's own request, its address appended by the proxy after whatever came before.
  expect((await post('49.12.224.228')).status).toBe(200);
  expect((await post('10.1.1.1, 49.12.224.228')).status).toBe(200);
});

it('behind two proxies the client is the second hop from the right; fewer hops take the leftmost, never a crash', async () => {
  const app = (t = await startApp({ env: { TRUST_PROXY: '2', RATE_LIMITS: 'ip=2/60' } }));
  const read = (forwardedFor: string) =>
    app.request('GET', '/api/v1/links/lnk_fixed_ci', undefined, { 'x-forwarded-for': forwardedFor });
  // Forged, client, CDN edge: the client (198.51.100.7) is counted whatever the forged part says.
  expect((await read('1.1.1.1, 198.51.100.7, 172.16.0.1')).status).toBe(200);
  expect((await read('2.2.2.2, 198.51.100.7, 172.16.0.2')).status).toBe(200);
  expect((await read('3.3.3.3, 198.51.100.7, 172.16.0.3')).status).toBe(429);
  // One hop only (the request skipped a proxy): its leftmost, a count of its own.
  expect((await read('198.51.100.8')).status).toBe(200);
  expect((await read('')).status).toBe(200); // no header at all: the socket's address
  expect((await read(' , ,')).status).toBe(200);
});
