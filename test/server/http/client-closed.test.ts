/**
 * A client that leaves mid-body is not our failure: over a real socket, the request is logged at info
 * as status 499 with no stack trace, nothing is logged as an error, and /metrics counts it under 499.
 */
import { request as httpRequest } from 'node:http';
import { expect, it, vi } from 'vitest';
import { TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';

let t: AppFixture;
let server: Loopback;
useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

const PINO_INFO = 30;
const PINO_WARN = 40;

it('a request cut off mid-body is logged and counted as 499, not as a 500', async () => {
  const outgoing = httpRequest({
    host: '127.0.0.1',
    port: server.port,
    path: '/api/v1/payments',
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': '200', 'idempotency-key': 'cut-off' },
  });
  outgoing.on('error', () => undefined); // we cut it off ourselves
  outgoing.write('{"link":"lnk_fixed_ci",', () => setImmediate(() => outgoing.destroy()));

  const line = await vi.waitFor(() => {
    const found = t.logs.find((entry) => entry.msg === 'request' && entry.path === '/api/v1/payments');
    if (!found) throw new Error('no request line yet');
    return found;
  });
  expect(line).toMatchObject({ method: 'POST', status: 499, level: PINO_INFO });
  expect(t.logs.filter((entry) => Number(entry.level) > PINO_WARN)).toEqual([]);
  expect(JSON.stringify(t.logs)).not.toContain('stack');

  const metrics = await t.request('GET', '/metrics', undefined, {
    authorization: `Bearer ${TEST_MERCHANT_KEY}`,
  });
  expect(metrics.text).toContain(
    'pay_http_requests_total{method="POST",route="/api/v1/payments",status="499"} 1\n',
  );
  expect(metrics.text).not.toContain('status="500"');
});
