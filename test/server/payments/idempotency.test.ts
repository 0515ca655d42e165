/**
 * Idempotency-Key on POST /api/v1/payments (IETF draft semantics): one provider call
 * per key, the stored answer byte for byte, 422 for another body, 409 while in flight, 24 hours.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_TTL_MS, purgeIdempotencyKeys } from '../../../server/idempotency/keys.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { create, fixedCiPayment, limitedKePayment, sandboxCharges } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

describe('Idempotency-Key', () => {
  it('20 concurrent identical submissions make one provider charge and one identical answer', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(t, fixedCiPayment('+2250700000000'), key)),
    );
    const done = answers.filter((answer) => answer.status === 201);
    const busy = answers.filter((answer) => answer.status === 409);
    expect(done.length + busy.length).toBe(20);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const answer of busy) {
      expect(answer.json.error.code).toBe('request_in_progress');
      expect(answer.headers.get('retry-after')).toBe('1');
    }
    expect(new Set(done.map((answer) => answer.text)).size).toBe(1);
    expect(await sandboxCharges(t)).toBe(1);
    expect(await t.store.db.selectFrom('payments').select('reference').execute()).toHaveLength(1);

    // Once done, every retry gets the stored bytes, marked as a replay, and still no second charge.
    const again = await create(t, fixedCiPayment('+2250700000000'), key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(done[0]?.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await sandboxCharges(t)).toBe(1);
  });

  it('the same body with other key order or spacing is the same request', async () => {
    const key = randomUUID();
    const first = await create(t, fixedCiPayment('+2250700000000'), key);
    const body = fixedCiPayment('+2250700000000');
    const reordered = JSON.stringify(
      { method: body.method, fields: body.fields, customer: body.customer, link: body.link },
      null,
      2,
    );
    const second = await create(t, reordered, key);
    expect(second.status).toBe(201);
    expect(second.text).toBe(first.text);
  });

  it('the same key with another body is 422 idempotency_conflict', async () => {
    const key = randomUUID();
    expect((await create(t, fixedCiPayment('+2250700000000'), key)).status).toBe(201);
    const other = await create(t, fixedCiPayment('+2250700000099'), key);
    expect(other.status).toBe(422);
    expect(other.json).toEqual({
      statusCode: 422,
      error: {
        code: 'idempotency_conflict',
        message: 'This Idempotency-Key was already used with a different request',
      },
    });
    expect(await sandboxCharges(t)).toBe(1);
  });

  it('a 4xx answer is kept and replayed', async () => {
    const key = randomUUID();
    const refused = await create(t, limitedKePayment(15_001), key);
    expect(refused.status).toBe(422);
    const replayed = await create(t, limitedKePayment(15_001), key);
    expect(replayed.status).toBe(422);
    expect(replayed.text).toBe(refused.text);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a 5xx answer is not kept: the payer can retry with the same key', async () => {
    const key = randomUUID();
    const admin = { 'client-id': t.config.clientId, 'client-secret': t.config.clientSecret };
    // The link is read (and cached) first, so the injected fault hits the charge itself.
    expect((await t.request('GET', '/api/v1/links/lnk_fixed_ci')).status).toBe(200);
    await t.request('PUT', '/sandbox/_admin/faults', { errorRate: 1 }, admin);
    const failed = await create(t, fixedCiPayment('+2250700000000'), key);
    expect(failed.status).toBe(502);
    expect(failed.json.error.code).toBe('provider_error');
    const row = await t.store.db
      .selectFrom('payments')
      .select(['status', 'message'])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', message: 'The payment provider refused the payment' });

    await t.request('PUT', '/sandbox/_admin/faults', { errorRate: 0 }, admin);
    const retried = await create(t, fixedCiPayment('+2250700000000'), key);
    expect(retried.status).toBe(201);
    expect(retried.json.data.payment.status).toBe('pending');
  });

  it('is required, and must be 1 to 255 printable characters', async () => {
    const missing = await t.request('POST', '/api/v1/payments', fixedCiPayment('+2250700000000'));
    expect(missing.status).toBe(400);
    expect(missing.json.error).toEqual({
      code: 'validation_failed',
      message: 'The Idempotency-Key header is required',
      fields: [{ path: 'Idempotency-Key', code: 'required', message: 'is required' }],
    });
    for (const bad of ['x'.repeat(256), 'tab\there', 'clé']) {
      const res = await create(t, fixedCiPayment('+2250700000000'), bad);
      expect(res.status).toBe(400);
      expect(res.json.error.fields).toEqual([
        { path: 'Idempotency-Key', code: 'invalid', message: 'must be 1 to 255 printable ASCII characters' },
      ]);
    }
    expect(await sandboxCharges(t)).toBe(0);
  });

  it('keys lapse after 24 hours and are purged', async () => {
    const key = randomUUID();
    await create(t, fixedCiPayment('+2250700000000'), key);
    await t.clock.advance(IDEMPOTENCY_TTL_MS - 1);
    expect(await purgeIdempotencyKeys(t.store.db, t.clock.now())).toBe(0);
    expect((await create(t, fixedCiPayment('+2250700000000'), key)).headers.get('idempotent-replayed')).toBe(
      'true',
    );
    await t.clock.advance(1);
    // A lapsed key is a new request, even before the purge ran.
    const fresh = await create(t, fixedCiPayment('+2250700000000'), key);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(await sandboxCharges(t)).toBe(2);
    await t.clock.advance(IDEMPOTENCY_TTL_MS);
    expect(await purgeIdempotencyKeys(t.store.db, t.clock.now())).toBe(1);
  });
});
