/**
 * GET /api/v1/payments/:reference/events: the current state at once, every change as
 * `event: payment` with the version as `id`, a heartbeat comment every 15 s, the end after a final
 * status, and nothing left behind when the client leaves.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { VERIFY_THROTTLE_MS } from '../../../server/payments/verify.ts';
import { confirm, created, fixedCiPayment, SHOP, withToken } from './helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';
import { receiptUrlOf } from './receipt-url.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

/** Reads an event stream chunk by chunk; `until` waits for text the stream has yet to send. */
async function open(reference: string, token: string) {
  const res = await t.app.request(`/api/v1/payments/${reference}/events`, { headers: withToken(token) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/event-stream');
  expect(res.headers.get('cache-control')).toBe('no-cache');
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  return {
    get text() {
      return text;
    },
    async until(fragment: string) {
      while (!text.includes(fragment)) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`stream ended before ${JSON.stringify(fragment)}; got ${text}`);
        text += decoder.decode(value, { stream: true });
      }
    },
    async end() {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return text;
        text += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

const event = (data: Record<string, unknown>, id: number) =>
  `event: payment\ndata: ${JSON.stringify(data)}\nid: ${id}\n\n`;

describe('payment event stream', () => {
  it('sends the current state, then the verified success, then ends', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await confirm(t, reference, token, { otp: '123456' });
    const stream = await open(reference, token);
    const money = { amount: 15_000, currency: 'XOF', currencyExponent: 0, fee: 150, total: 15_150 };
    const processing = event(
      {
        reference,
        status: 'processing',
        action: 'processing',
        ...money,
        message: 'Awaiting provider feedback',
      },
      // Created (1), charged (2), the code's claim (3), the code accepted (4).
      4,
    );
    await stream.until(processing);
    expect(stream.text).toBe(processing);

    await t.settle();
    const success = event(
      {
        reference,
        status: 'success',
        action: 'none',
        ...money,
        paidAt: '2026-11-22T10:00:00.000Z',
        receiptUrl: receiptUrlOf(reference),
      },
      5,
    );
    expect(await stream.end()).toBe(processing + success);
  });

  it('beats every 15 s while waiting, and ends with the expiry of the payer step', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const stream = await open(reference, token);
    await stream.until('id: 2\n\n');
    await t.clock.sleeping();
    await t.clock.advance(15_000);
    await stream.until(': heartbeat\n\n');
    expect(stream.text.endsWith('id: 2\n\n: heartbeat\n\n')).toBe(true);

    await t.clock.sleeping();
    await t.clock.advance(10 * 60_000);
    const text = await stream.end();
    expect(text).toContain('"status":"expired"');
    expect(text.endsWith('id: 3\n\n')).toBe(true);
  });

  it('a cancel on the provider’s page (no webhook) shows once the verify throttle allows, not a heartbeat later', async () => {
    const body = fixedCiPayment('+2250700000008');
    const { reference, token, payment } = await created(t, {
      ...body,
      method: { ...body.method, returnUrl: `${SHOP}/checkout` },
    });
    // The payer cancels at once; the widget's read on the way back is within the throttle, so skips verify.
    const cancelled = await submitHostedPage(
      t.app.request,
      String(payment.redirectUrl).replace('http://pay.test', ''),
      {
        decision: 'cancel',
      },
    );
    expect(cancelled.status).toBe(303);
    const stream = await open(reference, token);
    await stream.until('"status":"pending"');
    await t.clock.sleeping();
    await t.clock.advance(VERIFY_THROTTLE_MS);
    const text = await stream.end();
    expect(text).toContain('"status":"failed"');
    expect(text).toContain('"failureCode":"cancelled"');
  });

  it('stops following when the client leaves', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const stream = await open(reference, token);
    await stream.until('id: 2\n\n');
    await t.clock.sleeping();
    expect(t.clock.sleepers).toBe(1);
    await stream.cancel();
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.clock.sleepers).toBe(0);
  });

  it('ends at once for a payment that is already final', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000004'));
    await t.settle();
    const text = await (await open(reference, token)).end();
    expect(text.match(/event: payment/g)).toHaveLength(1);
    expect(text).toContain('"status":"failed"');
  });
});
