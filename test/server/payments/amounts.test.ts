/**
 * Amount rules (docs/payments.md#amounts): a fixed amount ignores the browser, payer amounts stay within the
 * link's bounds, and a link's limit holds even when payers race for what is left of it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { create, created, fixedCiPayment, limitedKePayment, paymentRow } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

describe('amounts', () => {
  it('a fixed link charges its own amount whatever the browser sends', async () => {
    const { reference, payment } = await created(t, fixedCiPayment('+2250700000000', { amount: 1 }));
    expect(payment.amount).toBe(15_000);
    const charged = await t.store.db
      .selectFrom('sandbox_transactions')
      .select(['amount', 'currency'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(charged).toEqual({ amount: 15_000, currency: 'XOF' });
    expect((await paymentRow(t, reference)).amount).toBe(15_000);
  });

  it.each([
    [9_999, 'amount_out_of_bounds', 'The amount must be at least KES 100.00'],
    [0, 'amount_out_of_bounds', 'The amount must be at least KES 100.00'],
    [-10_000, 'amount_out_of_bounds', 'The amount must be at least KES 100.00'],
    [
      15_001,
      'limit_exceeded',
      'The amount must be at most KES 150.00: that is all this link can still collect',
    ],
  ])('%i on lnk_limited_ke -> 422 %s', async (amount, code, message) => {
    const res = await create(t, limitedKePayment(amount));
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({ code, message });
    expect(res.json.error.fields).toEqual([
      {
        path: 'amount',
        code: code === 'limit_exceeded' ? 'too_high' : 'too_low',
        message: message.replace('The amount ', ''),
      },
    ]);
  });

  it('a variable link without a limit refuses above its maximum', async () => {
    const res = await create(t, {
      link: 'lnk_tip_ci',
      amount: 100_001,
      customer: {},
      fields: {},
      method: { kind: 'direct', provider: 'wave-ci', phoneNumber: '+2250700000000' },
    });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatchObject({
      code: 'amount_out_of_bounds',
      message: 'The amount must be at most XOF 100,000',
    });
  });

  it('a float amount is refused, never rounded', async () => {
    const res = await create(t, limitedKePayment(10_000.5));
    expect(res.status).toBe(400);
    expect(res.json.error.fields).toEqual([
      { path: 'amount', code: 'invalid', message: 'must be a whole number of minor units' },
    ]);
  });

  it('two concurrent payments for more than is left: exactly one is admitted', async () => {
    const [first, second] = await Promise.all([
      create(t, limitedKePayment(10_000, '+254700000011')),
      create(t, limitedKePayment(10_000, '+254700000012')),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 422]);
    const refused = first.status === 422 ? first : second;
    expect(refused.json.error).toMatchObject({
      code: 'limit_exceeded',
      message: 'The amount must be at most KES 50.00: that is all this link can still collect',
    });
    const ours = await t.store.db
      .selectFrom('payments')
      .select('amount')
      .where('link_id', '=', 'lnk_limited_ke')
      .execute();
    expect(ours).toEqual([{ amount: 10_000 }]);
  });

  it('in-flight payments count against the limit until they fail', async () => {
    await created(t, limitedKePayment(10_000, '+254700000004')); // fails at the provider by webhook
    expect((await create(t, limitedKePayment(10_000))).json.error?.code).toBe('limit_exceeded');
    await t.settle();
    expect((await create(t, limitedKePayment(10_000))).status).toBe(201);
  });
});
