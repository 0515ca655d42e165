/**
 * Confirm and the payment token: at most 5 wrong codes, a repeated code replays
 * its answer instead of counting, confirm only in the matching step, and nobody without the token can
 * read, confirm or follow a payment (an unknown reference looks the same as a wrong token).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { confirm, created, fixedCiPayment, get, paymentRow, withToken } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const lockedError = {
  code: 'otp_locked',
  message: 'Too many wrong codes: this payment has failed. Start a new payment.',
};

describe('OTP tries', () => {
  it('five wrong codes fail the payment; every later confirm is otp_locked', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    for (const [index, code] of ['000001', '000002', '000003', '000004'].entries()) {
      const res = await confirm(t, reference, token, { otp: code });
      expect(res.status).toBe(422);
      expect(res.json.error).toMatchObject({ code: 'invalid_otp', attemptsLeft: 4 - index });
    }
    const fifth = await confirm(t, reference, token, { otp: '000005' });
    expect(fifth.status).toBe(422);
    expect(fifth.json.error).toEqual(lockedError);
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'failed',
      action: 'none',
      failureCode: 'otp_locked',
    });
    expect((await paymentRow(t, reference)).message).toBe('Too many wrong codes');
    // Even the right code is too late now, and the provider is not asked again.
    const right = await confirm(t, reference, token, { otp: '123456' });
    expect(right.status).toBe(422);
    expect(right.json.error).toEqual(lockedError);
    const attempts = await t.store.db
      .selectFrom('sandbox_transactions')
      .select('otp_attempts')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(attempts.otp_attempts).toBe(5);
  });

  it('the same wrong code again replays its answer and does not count', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const first = await confirm(t, reference, token, { otp: '111111' });
    const again = await confirm(t, reference, token, { otp: '111111' });
    expect(again.status).toBe(422);
    expect(again.text).toBe(first.text);
    expect(again.json.error.attemptsLeft).toBe(4);
    expect((await paymentRow(t, reference)).wrong_codes).toBe(1);
    // A different wrong code counts.
    expect((await confirm(t, reference, token, { otp: '222222' })).json.error.attemptsLeft).toBe(3);
    expect((await get(t, reference, token)).json.data.attemptsLeft).toBe(3);
  });

  it('the right code sent twice answers the payment both times (a lost answer, a double click)', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    const first = await confirm(t, reference, token, { otp: '123456' });
    const second = await confirm(t, reference, token, { otp: '123456' });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json.data).toEqual(first.json.data);
    expect(second.json.data.status).toBe('processing');
  });

  it('confirm outside an input step is 409 payment_not_awaiting_input', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000001'));
    const res = await confirm(t, reference, token, { otp: '123456' });
    expect(res.status).toBe(409);
    expect(res.json.error).toEqual({
      code: 'payment_not_awaiting_input',
      message: 'This payment is not waiting for a code',
    });
    // An OTP step does not take a customer code (that is pre-otp's).
    const otpStep = await created(t, fixedCiPayment('+2250700000000'));
    const byCode = await confirm(t, otpStep.reference, otpStep.token, { customerCode: '654321' });
    expect(byCode.status).toBe(409);
    expect(byCode.json.error.code).toBe('payment_not_awaiting_input');
  });

  it('an OTP step lapses after 10 minutes', async () => {
    const { reference, token } = await created(t, fixedCiPayment('+2250700000000'));
    await t.clock.advance(10 * 60_000);
    const late = await confirm(t, reference, token, { otp: '123456' });
    expect(late.status).toBe(409);
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'expired', action: 'none' });
  });
});

describe('Payment-Token', () => {
  it('a missing, wrong or foreign token and an unknown reference all get the same 401', async () => {
    const mine = await created(t, fixedCiPayment('+2250700000000'));
    const theirs = await created(t, fixedCiPayment('+2250700000010'));
    const unauthorized = {
      statusCode: 401,
      error: { code: 'unauthorized', message: 'A valid Payment-Token is required for this payment' },
    };
    const unknown = 'pay_00000000000000000000000000000000';
    const attempts = [
      t.request('GET', `/api/v1/payments/${mine.reference}`),
      t.request('GET', `/api/v1/payments/${mine.reference}`, undefined, withToken('x'.repeat(43))),
      t.request('GET', `/api/v1/payments/${mine.reference}`, undefined, withToken(theirs.token)),
      t.request('GET', `/api/v1/payments/${unknown}`, undefined, withToken(mine.token)),
      t.request('GET', `/api/v1/payments/${mine.reference}/events`, undefined, withToken(theirs.token)),
      t.request(
        'POST',
        `/api/v1/payments/${mine.reference}/confirm`,
        { otp: '123456' },
        withToken(theirs.token),
      ),
      t.request('POST', `/api/v1/payments/${mine.reference}/cancel`, undefined, {}),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(res.json).toEqual(unauthorized);
    }
    // Nothing was confirmed by the attempt with a foreign token.
    expect((await get(t, mine.reference, mine.token)).json.data.status).toBe('pending');
  });
});
