/**
 * Bad input over every payments and webhook route: wrong types, missing and extra fields, huge strings,
 * unicode, impossible amounts, broken JSON, wrong content types, oversized bodies, bad path parameters,
 * missing or wrong tokens. Every answer is the error envelope with its exact 4xx and code: never a 5xx, never a
 * stack, and never a change to the live payment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode } from '../../../widget/shared/contract.ts';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, limitedKePayment } from './helpers.ts';

let t: AppFixture;
let live: { reference: string; token: string };
beforeAll(async () => {
  t = await startApp({ env: { RATE_LIMITS: 'off' } });
  live = await created(t, fixedCiPayment('+2250700000000'));
});
afterAll(() => t.close());

interface Case {
  method: 'GET' | 'POST';
  path: () => string;
  body?: () => string;
  headers?: () => Record<string, string>;
}

const json = { 'content-type': 'application/json' };
const key = () => ({ ...json, 'Idempotency-Key': randomUUID() });
const token = () => ({ ...json, 'Payment-Token': live.token });
const valid = fixedCiPayment('+2250700000000');
const createWith = (body: unknown, headers: () => Record<string, string> = key): Case => ({
  method: 'POST',
  path: () => '/api/v1/payments',
  body: () => (typeof body === 'string' ? body : JSON.stringify(body)),
  headers,
});
const confirmWith = (body: unknown, headers: () => Record<string, string> = token): Case => ({
  method: 'POST',
  path: () => `/api/v1/payments/${live.reference}/confirm`,
  body: () => (typeof body === 'string' ? body : JSON.stringify(body)),
  headers,
});
const readAt = (path: string, headers: () => Record<string, string> = token): Case => ({
  method: 'GET',
  path: () => path,
  headers,
});
const huge = 'x'.repeat(200_000);

const cases = {
  'create: invalid JSON': createWith('{"link": "lnk_fixed_ci",'),
  'create: JSON null': createWith('null'),
  'create: an array': createWith([valid]),
  'create: empty object': createWith({}),
  'create: wrong types': createWith({ link: 42, customer: 'me', fields: [], method: 'direct' }),
  'create: missing method': createWith({ link: 'lnk_fixed_ci', customer: {}, fields: {} }),
  'create: extra field': createWith({ ...valid, admin: true }),
  'create: extra method field': createWith({ ...valid, method: { ...valid.method, otp: '123456' } }),
  'create: both link and session': createWith({ ...valid, session: 'ses_1' }),
  'create: unknown link': createWith({ ...valid, link: 'lnk_does_not_exist' }),
  'create: unicode link id': createWith({ ...valid, link: 'lnk_😀' }),
  'create: path-like link id': createWith({ ...valid, link: '../../admin' }),
  'create: huge name': createWith({ ...valid, customer: { ...valid.customer, name: huge } }),
  'create: huge answer': createWith({ ...valid, fields: { subscriber_id: huge } }),
  'create: unknown field': createWith({ ...valid, fields: { subscriber_id: 'A', colour: 'red' } }),
  'create: phone with letters': createWith({
    ...valid,
    method: { ...valid.method, phoneNumber: '+225 07 ABC' },
  }),
  'create: unicode digits in phone': createWith({
    ...valid,
    method: { ...valid.method, phoneNumber: '٠٧٠٠٠٠٠٠٠٠' },
  }),
  'create: provider of another market': createWith({
    ...valid,
    method: { ...valid.method, provider: 'mpesa-ke' },
  }),
  'create: bad network': createWith({ ...valid, method: { ...valid.method, network: 'nope' } }),
  'create: bad email': createWith({ ...valid, customer: { ...valid.customer, email: 'not-an-email' } }),
  'create: anonymous on a named link': createWith({ ...valid, customer: {} }),
  'create: negative amount': createWith(limitedKePayment(-10_000)),
  'create: float amount': createWith(limitedKePayment(10_000.25)),
  'create: enormous amount': createWith(limitedKePayment(1e308)),
  'create: amount beyond 2^53': createWith(
    '{"link":"lnk_limited_ke","amount":90071992547409930,"customer":{},"fields":{},"method":{"kind":"direct","provider":"mpesa-ke","phoneNumber":"+254700000001"}}',
  ),
  'create: amount as text': createWith({ ...limitedKePayment(10_000), amount: '10000' }),
  'create: hosted to a data: URL': createWith({
    ...valid,
    method: { kind: 'hosted', returnUrl: 'data:text/html,hi' },
  }),
  'create: wrong content type': createWith(valid, () => ({
    'content-type': 'text/plain',
    'Idempotency-Key': randomUUID(),
  })),
  'create: no content type': createWith(valid, () => ({ 'Idempotency-Key': randomUUID() })),
  'create: form encoded': createWith('link=lnk_fixed_ci', () => ({
    'content-type': 'application/x-www-form-urlencoded',
    'Idempotency-Key': randomUUID(),
  })),
  'create: oversized body': createWith({ ...valid, fields: { subscriber_id: 'x'.repeat(2 * 1024 * 1024) } }),
  'create: no Idempotency-Key': createWith(valid, () => json),
  'confirm: invalid JSON': confirmWith('{otp: 123456}'),
  'confirm: number instead of text': confirmWith({ otp: 123456 }),
  'confirm: too short': confirmWith({ otp: '12' }),
  'confirm: letters': confirmWith({ otp: '12345a' }),
  'confirm: both codes': confirmWith({ otp: '123456', customerCode: '654321' }),
  'confirm: neither code': confirmWith({}),
  'confirm: extra field': confirmWith({ otp: '123456', amount: 1 }),
  'confirm: huge code': confirmWith({ customerCode: huge }),
  'confirm: unicode code': confirmWith({ otp: '١٢٣٤٥٦' }),
  'confirm: wrong content type': confirmWith({ otp: '123456' }, () => ({
    'content-type': 'text/plain',
    'Payment-Token': live.token,
  })),
  'confirm: no token': confirmWith({ otp: '123456' }, () => json),
  'confirm: wrong token': confirmWith({ otp: '123456' }, () => ({
    ...json,
    'Payment-Token': 'A'.repeat(43),
  })),
  'confirm: bad reference': {
    method: 'POST',
    path: () => '/api/v1/payments/pay_%3Cscript%3E/confirm',
    body: () => '{"otp":"123456"}',
    headers: token,
  },
  'cancel: not waiting on a page': {
    method: 'POST',
    path: () => `/api/v1/payments/${live.reference}/cancel`,
    headers: token,
  },
  'get: no token': readAt(`/api/v1/payments/${'pay_'.padEnd(36, '0')}`, () => ({})),
  'get: reference too short': readAt('/api/v1/payments/pay_123'),
  'get: huge reference': readAt(`/api/v1/payments/${'a'.repeat(5000)}`),
  'get: unicode reference': readAt('/api/v1/payments/pay_%F0%9F%98%80'),
  'get: encoded traversal': readAt('/api/v1/payments/..%2F..%2Fetc%2Fpasswd'),
  'get: huge token': readAt(`/api/v1/payments/pay_${'0'.repeat(32)}`, () => ({ 'Payment-Token': huge })),
  'events: wrong token': readAt(`/api/v1/payments/pay_${'0'.repeat(32)}/events`, () => ({
    'Payment-Token': 'x',
  })),
  'list: no key': readAt('/api/v1/payments', () => ({})),
  'list: bad query': readAt('/api/v1/payments?limit=-1&page=abc', () => ({
    authorization: `Bearer ${TEST_MERCHANT_KEY}`,
  })),
  'webhook: unsigned garbage': {
    method: 'POST',
    path: () => '/webhooks/payments',
    body: () => '\u0000\u0001garbage',
    headers: () => json,
  },
  'webhook: signed garbage': {
    method: 'POST',
    path: () => '/webhooks/payments',
    body: () => '[1,2',
    headers: () => ({ ...json, 'x-webhook-signature': signWebhook('[1,2', t.config.clientSecret) }),
  },
  'webhook: signed wrong shape': {
    method: 'POST',
    path: () => '/webhooks/payments',
    body: () => '{"event":"payment.completed","data":{"reference":""}}',
    headers: () => ({
      ...json,
      'x-webhook-signature': signWebhook(
        '{"event":"payment.completed","data":{"reference":""}}',
        t.config.clientSecret,
      ),
    }),
  },
  'webhook: oversized': {
    method: 'POST',
    path: () => '/webhooks/payments',
    body: () => huge.repeat(2),
    headers: () => json,
  },
} satisfies Record<string, Case>;

/** The exact answer to each case: its status and the error code a client can act on. */
const answers: Record<keyof typeof cases, readonly [status: number, code: ErrorCode]> = {
  'create: invalid JSON': [400, 'validation_failed'],
  'create: JSON null': [400, 'validation_failed'],
  'create: an array': [400, 'validation_failed'],
  'create: empty object': [400, 'validation_failed'],
  'create: wrong types': [400, 'validation_failed'],
  'create: missing method': [400, 'validation_failed'],
  'create: extra field': [400, 'validation_failed'],
  'create: extra method field': [400, 'validation_failed'],
  'create: both link and session': [400, 'validation_failed'],
  'create: unknown link': [404, 'not_found'],
  'create: unicode link id': [400, 'validation_failed'],
  'create: path-like link id': [400, 'validation_failed'],
  'create: huge name': [400, 'validation_failed'],
  'create: huge answer': [400, 'validation_failed'],
  'create: unknown field': [400, 'validation_failed'],
  'create: phone with letters': [400, 'validation_failed'],
  'create: unicode digits in phone': [400, 'validation_failed'],
  'create: provider of another market': [400, 'validation_failed'],
  'create: bad network': [400, 'validation_failed'],
  'create: bad email': [400, 'validation_failed'],
  'create: anonymous on a named link': [400, 'validation_failed'],
  'create: negative amount': [422, 'amount_out_of_bounds'],
  'create: float amount': [400, 'validation_failed'],
  'create: enormous amount': [400, 'validation_failed'],
  'create: amount beyond 2^53': [400, 'validation_failed'],
  'create: amount as text': [400, 'validation_failed'],
  'create: hosted to a data: URL': [400, 'validation_failed'],
  'create: wrong content type': [415, 'unsupported_media_type'],
  'create: no content type': [415, 'unsupported_media_type'],
  'create: form encoded': [415, 'unsupported_media_type'],
  'create: oversized body': [413, 'payload_too_large'],
  'create: no Idempotency-Key': [400, 'validation_failed'],
  'confirm: invalid JSON': [400, 'validation_failed'],
  'confirm: number instead of text': [400, 'validation_failed'],
  'confirm: too short': [400, 'validation_failed'],
  'confirm: letters': [400, 'validation_failed'],
  'confirm: both codes': [400, 'validation_failed'],
  'confirm: neither code': [400, 'validation_failed'],
  'confirm: extra field': [400, 'validation_failed'],
  'confirm: huge code': [413, 'payload_too_large'],
  'confirm: unicode code': [400, 'validation_failed'],
  'confirm: wrong content type': [415, 'unsupported_media_type'],
  'confirm: no token': [401, 'unauthorized'],
  'confirm: wrong token': [401, 'unauthorized'],
  'confirm: bad reference': [401, 'unauthorized'],
  'cancel: not waiting on a page': [409, 'payment_not_awaiting_input'],
  'get: no token': [401, 'unauthorized'],
  'get: reference too short': [401, 'unauthorized'],
  'get: huge reference': [401, 'unauthorized'],
  'get: unicode reference': [401, 'unauthorized'],
  'get: encoded traversal': [401, 'unauthorized'],
  'get: huge token': [401, 'unauthorized'],
  'events: wrong token': [401, 'unauthorized'],
  'list: no key': [401, 'unauthorized'],
  'list: bad query': [400, 'validation_failed'],
  'webhook: unsigned garbage': [401, 'invalid_signature'],
  'webhook: signed garbage': [400, 'validation_failed'],
  'webhook: signed wrong shape': [400, 'validation_failed'],
  'webhook: oversized': [413, 'payload_too_large'],
};

describe('bad input never gets a 5xx', () => {
  it.each(Object.entries(cases))('%s -> its exact 4xx error envelope', async (name, request: Case) => {
    const body = request.body?.();
    const res = await t.app.request(request.path(), {
      method: request.method,
      headers: request.headers?.() ?? {},
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    const [status, code] = answers[name as keyof typeof cases];
    const envelope = JSON.parse(text) as { statusCode: number; error: { code: string; message: string } };
    expect([res.status, envelope.statusCode, envelope.error.code], text).toEqual([status, status, code]);
    expect(typeof envelope.error.message).toBe('string');
    expect(text).not.toMatch(/at .+\.ts:\d+|stack|sk_sandbox/i);
    // Each case on its own, so that running one alone still proves it: the live payment is untouched
    // (no state change, no wrong code counted) and nothing went to the unexpected-error path.
    const row = await t.store.db
      .selectFrom('payments')
      .select(['status', 'wrong_codes', 'version'])
      .where('reference', '=', live.reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', wrong_codes: 0, version: 2 });
    expect(t.logs.filter((line) => line.msg === 'unexpected error')).toEqual([]);
  });
});
