/**
 * Merchant notifications (issue 6) end to end: a payment or payout driven through the API to a final
 * status is announced to MERCHANT_WEBHOOK_URL, and a real receiver checks every delivery with the
 * independent `standardwebhooks` package, for both secret forms. Payloads carry the merchant list's item,
 * custom-field answers included.
 */
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { startApp } from '../app-fixture.ts';
import { created, fixedCiPayment, PAYER } from '../payments/helpers.ts';
import { mtnCi, paidOut, validatedRecipient } from '../payouts/helpers.ts';
import {
  deliver,
  deliveryLogs,
  MERCHANT,
  notifyingApp,
  outbox,
  RAW_SECRET,
  WHSEC_SECRET,
} from './helpers.ts';
import { startReceiver, type Receiver } from './receiver.ts';

let t: AppFixture;
let receiver: Receiver;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  await receiver?.close();
  await t?.close();
  vi.useRealTimers();
});

const now = () => t.clock.now();
const ADMIN = (app: AppFixture) => ({
  'client-id': app.config.clientId,
  'client-secret': app.config.clientSecret,
});

/** The list's item without its receipt address, which only the merchant's list carries (not notifications). */
async function merchantListItem(reference: string) {
  const list = await t.request('GET', '/api/v1/payments?limit=100', undefined, MERCHANT);
  const item = (list.json.data as { reference: string; receiptUrl?: string }[]).find(
    (entry) => entry.reference === reference,
  );
  if (!item) return undefined;
  const { receiptUrl, ...notified } = item;
  expect(receiptUrl).toMatch(/^http:\/\/pay\.test\/pay\/receipt\/pay_/);
  return notified;
}

describe('signed merchant notifications', () => {
  for (const [form, secret, raw] of [
    ['a whsec_ secret', WHSEC_SECRET, false],
    ['a raw secret', RAW_SECRET, true],
  ] as const) {
    it(`announces a paid payment with its custom-field answers, verified with ${form}`, async () => {
      receiver = await startReceiver({ secret, raw, now });
      t = await notifyingApp(receiver.url, secret);
      const { reference } = await created(t, fixedCiPayment('+2250700000001'));
      expect(await outbox(t)).toEqual([]); // processing is not final: nothing to say yet
      await t.settle();

      expect(await deliver(t)).toBe(1);
      expect(receiver.deliveries).toHaveLength(1);
      const [delivery] = receiver.deliveries;
      expect(delivery?.verifyError).toBeNull();
      const [row] = await outbox(t);
      expect(delivery?.headers).toMatchObject({
        'content-type': 'application/json',
        'webhook-id': row?.id,
        'webhook-timestamp': String(Date.parse('2026-11-22T10:00:00.000Z') / 1000),
      });
      expect(delivery?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      expect(delivery?.body).toBe(row?.payload);
      expect(delivery?.verified).toEqual({
        type: 'payment.succeeded',
        timestamp: '2026-11-22T10:00:00.000Z',
        data: await merchantListItem(reference),
      });
      expect(delivery?.verified).toMatchObject({
        data: {
          reference,
          status: 'success',
          amount: 15_000,
          currency: 'XOF',
          link: 'lnk_fixed_ci',
          method: 'direct',
          provider: 'mtn-ci',
          customer: PAYER,
          fields: { subscriber_id: 'AB-1234' },
        },
      });
      expect(row).toMatchObject({
        type: 'payment.succeeded',
        subject: reference,
        status: 'delivered',
        attempts: 1,
      });
      expect(await deliver(t)).toBe(0); // delivered once
      expect(receiver.deliveries).toHaveLength(1);
      // The log says what happened and never carries the secret.
      expect(deliveryLogs).toContainEqual(
        expect.objectContaining({
          msg: 'merchant notification delivered',
          notification: row?.id,
          statusCode: 200,
        }),
      );
      expect(JSON.stringify(deliveryLogs)).not.toContain(secret);
      expect(JSON.stringify(t.logs)).not.toContain(secret);
    });
  }

  it('announces failed payments and both payout outcomes with their own types', async () => {
    receiver = await startReceiver({ secret: WHSEC_SECRET, now });
    t = await notifyingApp(receiver.url, WHSEC_SECRET);
    const failed = await created(t, fixedCiPayment('+2250700000004'));
    const recipient = await validatedRecipient(t, mtnCi());
    const paid = await paidOut(t, { transferRecipientId: recipient, amount: 8_000 });
    const refused = await paidOut(t, { transferRecipientId: recipient, amount: 8_013 });
    await t.settle();

    expect(await deliver(t)).toBe(3);
    expect(receiver.deliveries.map((d) => d.verifyError)).toEqual([null, null, null]);
    const payloads = receiver.deliveries.map(
      (d) => d.verified as { type: string; data: { reference: string } },
    );
    const bySubject = Object.fromEntries(payloads.map((p) => [p.data.reference, p]));
    expect(bySubject[failed.reference]).toMatchObject({
      type: 'payment.failed',
      data: { status: 'failed', fields: { subscriber_id: 'AB-1234' } },
    });
    const payout = (await t.request('GET', `/api/v1/payouts/${paid.reference}`, undefined, MERCHANT)).json
      .data;
    expect(bySubject[paid.reference]).toEqual({
      type: 'payout.succeeded',
      timestamp: '2026-11-22T10:00:00.000Z',
      data: payout,
    });
    expect(bySubject[refused.reference]).toMatchObject({
      type: 'payout.failed',
      data: { reference: refused.reference, status: 'failed', final: true, amount: 8_013 },
    });
  });

  it('a receiver holding another secret refuses the delivery, which is then retried', async () => {
    receiver = await startReceiver({
      secret: `whsec_${Buffer.from('some-other-key-of-24-byte').toString('base64')}`,
      now,
    });
    t = await notifyingApp(receiver.url, WHSEC_SECRET);
    await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    await deliver(t);
    expect(receiver.deliveries[0]?.verifyError).toBe('No matching signature found');
    expect(await outbox(t)).toMatchObject([{ status: 'pending', attempts: 1, last_status_code: 400 }]);
    // With the right secret the same headers verify, and one changed byte of the body does not.
    const delivery = receiver.deliveries[0];
    const right = new Webhook(WHSEC_SECRET);
    expect(right.verify(delivery?.body ?? '', delivery?.headers ?? {})).toMatchObject({
      type: 'payment.succeeded',
    });
    expect(() =>
      right.verify((delivery?.body ?? '').replace('15000', '15001'), delivery?.headers ?? {}),
    ).toThrow('No matching signature found');
  });
});

describe('exactly one notification per final transition', () => {
  it('none at all when MERCHANT_WEBHOOK_URL is unset', async () => {
    t = await startApp();
    await created(t, fixedCiPayment('+2250700000001'));
    await t.settle();
    expect(await outbox(t)).toEqual([]);
    expect(await deliver(t)).toBe(0);
  });

  it('duplicate provider webhooks and concurrent verifies notify once', async () => {
    receiver = await startReceiver({ secret: WHSEC_SECRET, now });
    t = await notifyingApp(receiver.url, WHSEC_SECRET);
    const faults = await t.request('PUT', '/sandbox/_admin/faults', { duplicateDeliveries: true }, ADMIN(t));
    expect(faults.status).toBe(200);
    const { reference, token } = await created(t, fixedCiPayment('+2250700000001'));
    await t.clock.advance(6_000);
    const reads = Array.from({ length: 5 }, () =>
      t.request('GET', `/api/v1/payments/${reference}`, undefined, { 'Payment-Token': token }),
    );
    await Promise.all([t.settle(), ...reads, t.settle()]);
    expect((await outbox(t)).map((row) => [row.type, row.subject])).toEqual([
      ['payment.succeeded', reference],
    ]);
    await Promise.all([deliver(t), deliver(t)]);
    expect(receiver.deliveries).toHaveLength(1);
  });

  it('a lapsed payment that is paid after all is announced again, as a success', async () => {
    receiver = await startReceiver({ secret: WHSEC_SECRET, now });
    t = await notifyingApp(receiver.url, WHSEC_SECRET);
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await t.clock.advance(11 * 60_000); // the OTP step lapses
    expect(
      (await t.request('GET', `/api/v1/payments/${reference}`, undefined, { 'Payment-Token': token })).json
        .data.status,
    ).toBe('expired');
    // The provider reports the money moved after all (its webhook reaches us).
    const forced = await t.request(
      'POST',
      `/sandbox/_admin/transactions/${reference}/status`,
      { status: 'success' },
      ADMIN(t),
    );
    expect(forced.status).toBe(200);
    await t.settle();
    const late = await t.request('GET', `/api/v1/payments/${reference}`, undefined, {
      'Payment-Token': token,
    });
    expect(late.json.data.status).toBe('success');
    await deliver(t);
    const payloads = receiver.deliveries.map((d) => d.verified as { type: string; data: { flag?: string } });
    expect(payloads.map((p) => p.type).sort()).toEqual(['payment.expired', 'payment.succeeded']);
    expect(payloads.find((p) => p.type === 'payment.succeeded')?.data.flag).toBe('late_success');
  });
});
