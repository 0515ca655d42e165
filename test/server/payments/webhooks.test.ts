/**
 * POST /webhooks/payments: signature over the raw bytes (current or previous secret),
 * stored before the 200, deduplicated, never regressing a final status, and never a 5xx for garbage.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../../server/provider/signature.ts';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, fixedCiPayment, get, paymentRow } from './helpers.ts';

let t: AppFixture;
afterEach(() => t.close());

function webhook(reference: string, status: 'success' | 'failed', extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    event: status === 'success' ? 'payment.completed' : 'payment.failed',
    clientId: t.config.clientId,
    deliveryId: `dlv_${reference}_${status}`,
    data: {
      reference,
      amount: 15_000,
      currency: 'XOF',
      provider: 'mtn-ci',
      channel: 'mobile-money',
      status,
      charge: 150,
      paidAt: 1_795_341_600,
      ...extra,
    },
  });
}

function post(
  body: string,
  signature: string | null = signWebhook(body, t.config.clientSecret),
  headers: Record<string, string> = {},
) {
  return t.request('POST', '/webhooks/payments', body, {
    ...(signature === null ? {} : { 'x-webhook-signature': signature }),
    ...headers,
  });
}

const stored = (reference: string) =>
  t.store.db.selectFrom('provider_webhooks').selectAll().where('reference', '=', reference).execute();

describe('payment webhooks', () => {
  it('a forged or unsigned webhook is 401 invalid_signature and changes nothing', async () => {
    t = await startApp();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const body = webhook(reference, 'success');
    for (const signature of [
      signWebhook(body, 'not-the-secret'),
      null,
      'zz',
      signWebhook(`${body} `, t.config.clientSecret),
    ]) {
      const res = await post(body, signature);
      expect(res.status).toBe(401);
      expect(res.json.error).toEqual({
        code: 'invalid_signature',
        message: 'The webhook signature does not match',
      });
    }
    expect(await stored(reference)).toEqual([]);
    expect((await get(t, reference, token)).json.data.status).toBe('pending');
  });

  it('is signed over the exact bytes: whitespace the provider chose is kept and verified', async () => {
    t = await startApp();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const body = JSON.stringify(JSON.parse(webhook(reference, 'success')), null, 3);
    expect((await post(body)).status).toBe(200);
    expect((await stored(reference))[0]?.body).toBe(body);
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'success',
      paidAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('accepts the previous secret during a rotation', async () => {
    t = await startApp({ env: { PAY_CLIENT_SECRET_PREVIOUS: 'sk_the_old_secret_0123' } });
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const body = webhook(reference, 'success');
    expect((await post(body, signWebhook(body, 'sk_the_old_secret_0123'))).status).toBe(200);
    expect((await get(t, reference, token)).json.data.status).toBe('success');
  });

  it('stores a webhook before answering 200, even for a payment we do not know', async () => {
    t = await startApp();
    const body = webhook('pay_ffffffffffffffffffffffffffffffff', 'success');
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ statusCode: 200, data: { received: true, outcome: 'unknown_payment' } });
    const [row] = await stored('pay_ffffffffffffffffffffffffffffffff');
    expect(row).toMatchObject({
      dedup_key: 'dlv_pay_ffffffffffffffffffffffffffffffff_success',
      event: 'payment.completed',
      status: 'success',
      body,
    });
    expect(t.logs.some((line) => line.msg === 'webhook for a payment we do not know; stored')).toBe(true);
  });

  it('duplicate deliveries are acknowledged and applied once', async () => {
    t = await startApp();
    const admin = { 'client-id': t.config.clientId, 'client-secret': t.config.clientSecret };
    await t.request('PUT', '/sandbox/_admin/faults', { duplicateDeliveries: true }, admin);
    const { reference, token } = await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    expect(await stored(reference)).toHaveLength(1);
    // created, charge answered (processing), success: once.
    expect((await paymentRow(t, reference)).version).toBe(3);
    expect((await get(t, reference, token)).json.data.status).toBe('success');
    expect(t.logs.filter((line) => line.msg === 'webhook: duplicate delivery ignored')).toHaveLength(1);
    // Without a deliveryId, reference + status deduplicates.
    const { deliveryId: _dropped, ...bare } = JSON.parse(webhook(reference, 'success')) as Record<
      string,
      unknown
    >;
    expect((await post(JSON.stringify(bare))).json.data.outcome).toBe('unchanged');
    expect((await post(JSON.stringify(bare))).json.data.outcome).toBe('duplicate');
  });

  it('a failed webhook after success does not regress it; it is flagged and checked with verify', async () => {
    t = await startApp();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    const res = await post(webhook(reference, 'failed'));
    expect(res.status).toBe(200);
    expect((await get(t, reference, token)).json.data.status).toBe('success');
    expect((await paymentRow(t, reference)).flag).toBe('conflicting_final');
    const checked = t.logs.find(
      (line) => line.msg === 'webhook: conflicting final status checked with verify',
    );
    expect(checked).toMatchObject({ reference, stored: 'success', webhook: 'failed', verified: 'success' });
  });

  it('a success for another amount is not a success', async () => {
    t = await startApp();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await post(webhook(reference, 'success', { amount: 150 }));
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'failed', action: 'none' });
    expect((await paymentRow(t, reference)).flag).toBe('amount_mismatch');
  });

  it('a provider success after our expiry wins, flagged late_success', async () => {
    t = await startApp();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await t.clock.advance(10 * 60_000);
    expect((await get(t, reference, token)).json.data.status).toBe('expired');
    await post(webhook(reference, 'success'));
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'success',
      paidAt: '2026-11-22T10:00:00.000Z',
    });
    expect((await paymentRow(t, reference)).flag).toBe('late_success');
  });

  it('a stored webhook that was never processed is processed on its redelivery', async () => {
    t = await startApp();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const body = webhook(reference, 'success');
    await t.store.db
      .insertInto('provider_webhooks')
      .values({
        dedup_key: `dlv_${reference}_success`,
        event: 'payment.completed',
        reference,
        status: 'success',
        body,
        received_at: 0,
        processed_at: null,
      })
      .execute();
    expect((await post(body)).json.data.outcome).toBe('applied');
    expect((await get(t, reference, token)).json.data.status).toBe('success');
  });

  it('honours the source-IP allowlist behind a trusted proxy', async () => {
    t = await startApp({ env: { WEBHOOK_SOURCE_IPS: '49.12.224.228, 49.13.224.113', TRUST_PROXY: '2' } });
    const body = webhook('pay_ffffffffffffffffffffffffffffffff', 'success');
    const outside = await post(body, undefined, { 'x-forwarded-for': '203.0.113.9' });
    expect(outside.status).toBe(403);
    expect(outside.json.error.code).toBe('forbidden');
    expect((await post(body, undefined, { 'x-forwarded-for': '49.13.224.113, 10.0.0.1' })).status).toBe(200);
  });

  it.each([
    ['not JSON', '{"event":', 400, 'validation_failed'],
    [
      'another event',
      JSON.stringify({ event: 'disbursement.status', clientId: 'x', data: {} }),
      400,
      'validation_failed',
    ],
    ['a negative amount', null, 400, 'validation_failed'],
    ['a huge body', 'x'.repeat(300 * 1024), 413, 'payload_too_large'],
  ])('a signed webhook with %s is refused with a 4xx, never a 5xx', async (_case, text, status, code) => {
    t = await startApp();
    const body = text ?? webhook('pay_ffffffffffffffffffffffffffffffff', 'success', { amount: -1 });
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.json.error.code).toBe(code);
  });

  it('a signed body that is not UTF-8 is 400', async () => {
    t = await startApp();
    const bytes = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const res = await t.app.request('/webhooks/payments', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-webhook-signature': signWebhook(bytes, t.config.clientSecret),
      },
      body: bytes,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
  });
});
