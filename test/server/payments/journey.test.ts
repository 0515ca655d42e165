/** The main journey: link -> charge -> OTP -> processing -> webhook -> success. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { confirm, created, fixedCiPayment, get, paymentRow, sandboxCharges } from './helpers.ts';
import { receiptUrlOf } from './receipt-url.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

describe('payment link with a direct charge and an OTP', () => {
  it('goes from otp through a wrong and a right code to a verified success', async () => {
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000000'));
    expect(reference).toMatch(/^pay_[0-9a-f]{32}$/);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(payment).toEqual({
      reference,
      status: 'pending',
      action: 'otp',
      amount: 15_000,
      fee: 150,
      total: 15_150,
      currency: 'XOF',
      currencyExponent: 0,
      message: 'Enter the one-time code sent to your phone by SMS (sandbox: 123456)',
      attemptsLeft: 5,
      expiresAt: '2026-11-22T10:10:00.000Z',
    });

    const wrong = await confirm(t, reference, token, { otp: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toEqual({
      statusCode: 422,
      error: { code: 'invalid_otp', message: 'The code is not valid: 4 tries left', attemptsLeft: 4 },
    });

    const right = await confirm(t, reference, token, { otp: '123456' });
    expect(right.status).toBe(200);
    expect(right.json.data).toMatchObject({
      reference,
      status: 'processing',
      action: 'processing',
      amount: 15_000,
    });
    expect(right.json.data.attemptsLeft).toBeUndefined();

    await t.settle();
    const done = await get(t, reference, token);
    expect(done.status).toBe(200);
    expect(done.json.data).toEqual({
      reference,
      status: 'success',
      action: 'none',
      amount: 15_000,
      fee: 150,
      total: 15_150,
      currency: 'XOF',
      currencyExponent: 0,
      paidAt: '2026-11-22T10:00:00.000Z',
      receiptUrl: receiptUrlOf(reference),
    });
    const row = await paymentRow(t, reference);
    expect(row).toMatchObject({
      status: 'success',
      flag: null,
      reserved: 0,
      confirming_until: null,
      link_id: 'lnk_fixed_ci',
      method: 'direct',
      provider: 'mtn-ci',
    });
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await sandboxCharges(t)).toBe(1);
    // The webhook was stored and processed.
    const hooks = await t.store.db
      .selectFrom('provider_webhooks')
      .selectAll()
      .where('reference', '=', reference)
      .execute();
    expect(hooks).toHaveLength(1);
    expect(hooks[0]).toMatchObject({ event: 'payment.completed', status: 'success' });
    expect(hooks[0]?.processed_at).not.toBeNull();
    // No secret ever reached a response body.
    for (const body of t.bodies) expect(body).not.toContain(t.config.clientSecret);
  });
});
