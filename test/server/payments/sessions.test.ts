/** Session (cart) mode: the session's amount, and paid only once. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, type AppFixture } from '../app-fixture.ts';
import { create, created, get } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

async function newSession(amount = 250_000) {
  const res = await t.request(
    'POST',
    '/api/v1/sessions',
    { amount, currency: 'NGN', country: 'NG', reference: 'order-42' },
    {
      authorization: `Bearer ${TEST_MERCHANT_KEY}`,
    },
  );
  expect(res.status).toBe(201);
  return String(res.json.data.id);
}

const pay = (session: string, phoneNumber = '+2348000000001', amount?: number) => ({
  session,
  ...(amount === undefined ? {} : { amount }),
  customer: { name: 'Ada Obi', email: 'ada@example.ng' },
  fields: {},
  method: { kind: 'direct', provider: 'opay-ng', network: 'opay', phoneNumber },
});

describe('checkout sessions', () => {
  it('charges the session amount whatever the browser says, and cannot be paid twice', async () => {
    const id = await newSession();
    const { reference, token, payment } = await created(t, pay(id, '+2348000000001', 1));
    expect(payment).toMatchObject({
      status: 'processing',
      amount: 250_000,
      currency: 'NGN',
      currencyExponent: 2,
    });
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
    const session = await t.store.db
      .selectFrom('checkout_sessions')
      .select('paid_reference')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(session.paid_reference).toBe(reference);

    const again = await create(t, pay(id));
    expect(again.status).toBe(409);
    expect(again.json.error).toEqual({
      code: 'session_paid',
      message: 'This checkout session has already been paid',
    });
  });

  it('a failed attempt leaves the session payable', async () => {
    const id = await newSession();
    await created(t, pay(id, '+2348000000004'));
    await t.settle();
    expect((await create(t, pay(id))).status).toBe(201);
  });

  it('a session payment may not name a link', async () => {
    const id = await newSession();
    const res = await create(t, { ...pay(id), link: 'lnk_fixed_ci' });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
  });
});
