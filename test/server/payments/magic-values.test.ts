/**
 * Every magic phone suffix of the sandbox, driven through our widget API: what the
 * payer sees at each step, and the verified end state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { confirm, created, fixedCiPayment, get, paymentRow, sandboxCharges } from './helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';
import { receiptUrlOf } from './receipt-url.ts';

let t: AppFixture;
afterEach(() => t.close());

async function started(options: Parameters<typeof startApp>[0] = {}) {
  t = await startApp(options);
  return t;
}

describe('magic values through the widget API', () => {
  it('01: processing at once, then success by webhook (no OTP)', async () => {
    await started();
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000001'));
    expect(payment).toMatchObject({
      status: 'processing',
      action: 'processing',
      message: 'Approve the payment on your phone',
    });
    await t.settle();
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'success',
      action: 'none',
      paidAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('03: stays processing; verify keeps it processing', async () => {
    await started();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000003'));
    await t.settle();
    await t.clock.advance(10 * 60_000);
    const read = await get(t, reference, token);
    expect(read.json.data).toMatchObject({ status: 'processing', action: 'processing' });
    expect((await paymentRow(t, reference)).verified_at).toBe(t.clock.now());
  });

  it("04: failed by webhook, with the reason's code (the provider's words stay the merchant's)", async () => {
    await started();
    const { reference, token } = await created(t, fixedCiPayment('+2250700000004'));
    await t.settle();
    expect((await get(t, reference, token)).json.data).toEqual({
      reference,
      status: 'failed',
      action: 'none',
      amount: 15_000,
      fee: 150,
      total: 15_150,
      currency: 'XOF',
      currencyExponent: 0,
      failureCode: 'insufficient_funds',
      receiptUrl: receiptUrlOf(reference),
    });
    expect((await paymentRow(t, reference)).message).toBe('Insufficient funds in the payer wallet');
  });

  it('05: the provider fails once; the client retries safely under the same reference', async () => {
    await started();
    const { reference, payment } = await created(t, fixedCiPayment('+2250700000005'));
    expect(payment).toMatchObject({ status: 'pending', action: 'otp' });
    expect(await sandboxCharges(t)).toBe(1);
    expect(await sandboxCharges(t, reference)).toBe(1);
  });

  it('06: the charge hangs past the client timeout and is resolved through verify', async () => {
    await started({ env: { PROVIDER_TIMEOUT_MS: '50' }, sandbox: { hangMs: 60_000 } });
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000006'));
    expect(payment).toMatchObject({
      reference,
      status: 'pending',
      action: 'otp',
      attemptsLeft: 5,
      fee: 150,
      total: 15_150,
    });
    expect(await sandboxCharges(t)).toBe(1);
    expect(t.logs.some((line) => line.msg === 'payment start unresolved; asking verify')).toBe(true);
    expect((await confirm(t, reference, token, { otp: '123456' })).json.data).toMatchObject({
      status: 'processing',
    });
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
  });

  it('07: pre-otp takes the customer code', async () => {
    await started();
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000007'));
    expect(payment).toMatchObject({
      status: 'pending',
      action: 'pre-otp',
      attemptsLeft: 5,
      expiresAt: '2026-11-22T10:10:00.000Z',
    });
    expect(String(payment.message)).toContain('*144*8*1#');
    const byOtp = await confirm(t, reference, token, { otp: '123456' });
    expect(byOtp.status).toBe(409);
    expect(byOtp.json.error.code).toBe('payment_not_awaiting_input');
    expect((await confirm(t, reference, token, { customerCode: '654321' })).json.data).toMatchObject({
      status: 'processing',
    });
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
  });

  it('08: redirect to the provider page, approved there', async () => {
    await started();
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000008'));
    expect(payment).toMatchObject({
      status: 'pending',
      action: 'redirect',
      expiresAt: '2026-11-22T10:30:00.000Z',
    });
    const url = String(payment.redirectUrl);
    expect(url).toMatch(/^http:\/\/pay\.test\/sandbox\/checkout\/chk_/);
    const page = await submitHostedPage(t.app.request, url.replace('http://pay.test', ''), {
      decision: 'approve',
    });
    expect(page.status).toBe(200);
    await t.settle();
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'success', action: 'none' });
  });

  it('09: bank transfer details, then paid through the sandbox admin API', async () => {
    await started();
    const { reference, token, payment } = await created(t, fixedCiPayment('+2250700000009'));
    expect(payment).toMatchObject({
      status: 'pending',
      action: 'bank-transfer',
      bankTransfer: {
        bankName: 'Sandbox Bank',
        accountName: 'PAY SANDBOX COLLECTIONS',
        expiresAt: '2026-11-22T10:30:00.000Z',
      },
      expiresAt: '2026-11-22T10:30:00.000Z',
    });
    expect(payment.bankTransfer).toHaveProperty('accountNumber', expect.stringMatching(/^\d+$/));
    const forced = await t.request(
      'POST',
      `/sandbox/_admin/transactions/${reference}/status`,
      { status: 'success' },
      {
        'client-id': t.config.clientId,
        'client-secret': t.config.clientSecret,
      },
    );
    expect(forced.status).toBe(200);
    await t.settle();
    const paid = (await get(t, reference, token)).json.data;
    expect(paid).toMatchObject({ status: 'success', action: 'none' });
    expect(paid.bankTransfer).toBeUndefined();
  });
});
