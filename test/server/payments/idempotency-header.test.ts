/**
 * Idempotency-Key is one value: two different headers are a 400 (never one key joined as "a, b"), the
 * same value twice is that value. Through app.request() with a Headers object, and over a real socket,
 * where Node joins duplicate headers before the app sees them.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type AppFixture } from '../app-fixture.ts';
import { useAppOnLoopback, type Loopback } from '../loopback.ts';
import { fixedCiPayment, sandboxCharges } from './helpers.ts';

let t: AppFixture;
let server: Loopback;
useAppOnLoopback((app, loopback) => {
  t = app;
  server = loopback;
});

const TWO_KEYS = {
  statusCode: 400,
  error: {
    code: 'validation_failed',
    message: 'The Idempotency-Key header is not valid',
    fields: [{ path: 'Idempotency-Key', code: 'invalid', message: 'must be given once' }],
  },
};

async function viaAppRequest(keys: string[]) {
  const headers = new Headers({ 'content-type': 'application/json' });
  for (const key of keys) headers.append('Idempotency-Key', key);
  const body = JSON.stringify(fixedCiPayment('+2250700000000'));
  const res = await t.app.request('/api/v1/payments', { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Node's client sends an array header as one header line per value. */
function viaSocket(keys: string[]): Promise<{ status: number; json: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/v1/payments',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'Idempotency-Key': keys },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(fixedCiPayment('+2250700000000')));
  });
}

describe.each([
  ['app.request() with a Headers object', viaAppRequest],
  ['a real socket', viaSocket],
])('two Idempotency-Key headers through %s', (_name, send) => {
  it('with different values are a 400 and charge nothing', async () => {
    const charges = await sandboxCharges(t);
    const res = await send([randomUUID(), randomUUID()]);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(TWO_KEYS);
    expect(await sandboxCharges(t)).toBe(charges);
  });

  it('with the same value are that one key', async () => {
    const key = randomUUID();
    const first = await send([key, key]);
    expect(first.status).toBe(201);
    const charges = await sandboxCharges(t);
    const again = await send([key]);
    expect(again).toEqual(first);
    expect(await sandboxCharges(t)).toBe(charges);
  });
});
