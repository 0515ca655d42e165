/**
 * A checkout session (a cart) is paid at most once: two tabs, or a payer starting again while the first
 * payment waits, cannot both take money. What still slips through (money the provider takes on a page we
 * gave up on, after its reservation) is flagged `duplicate` where the merchant looks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { confirm, create, created, paymentRow } from '../payments/helpers.ts';
import {
  merchantList,
  newSession,
  notificationsOf,
  paidTwice,
  sessionPayment,
  startNotifyingApp,
} from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startNotifyingApp();
});
afterEach(() => t.close());

async function successesOn(session: string) {
  const rows = await t.store.db
    .selectFrom('payments')
    .select('reference')
    .where('session_id', '=', session)
    .where('status', '=', 'success')
    .execute();
  return rows.length;
}

describe('a checkout session pays once', () => {
  it('two tabs paying at once: one payment is taken, the other is told where the first waits', async () => {
    const session = await newSession(t);
    // Approve-on-phone (01): both would be processing, then succeed by webhook.
    const answers = await Promise.all([
      create(t, sessionPayment(session, '+2348000000001')),
      create(t, sessionPayment(session, '+2348000000101')),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.json.error).toEqual({
      code: 'payment_in_progress',
      message:
        'A payment for this checkout is waiting for approval on your phone: approve it, or wait for it to end before paying again',
    });
    await t.settle();
    expect(await successesOn(session)).toBe(1);
  });

  it('a payer who starts again while the first waits for approval is refused until it is final', async () => {
    const session = await newSession(t);
    // 04: processing, then failed by webhook.
    await created(t, sessionPayment(session, '+2348000000004'));
    const again = await create(t, sessionPayment(session, '+2348000000001'));
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('payment_in_progress');
    await t.settle();
    // The first one failed: the session may be paid now.
    expect((await create(t, sessionPayment(session, '+2348000000001'))).status).toBe(201);
    await t.settle();
    expect(await successesOn(session)).toBe(1);
  });

  it('"use another number" from the code step replaces the payment waiting for its code', async () => {
    const session = await newSession(t);
    const first = await created(t, sessionPayment(session, '+2348000000000'));
    expect(first.payment).toMatchObject({ status: 'pending', action: 'otp' });
    const second = await created(t, sessionPayment(session, '+2348000000010'));
    expect((await paymentRow(t, first.reference)).status).toBe('cancelled');
    // The first tab's code now finds nothing to confirm; only the second pays.
    const late = await confirm(t, first.reference, first.token, { otp: '123456' });
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('payment_not_awaiting_input');
    expect((await confirm(t, second.reference, second.token, { otp: '123456' })).status).toBe(200);
    await t.settle();
    expect(await successesOn(session)).toBe(1);
  });

  it('a page left open at the provider keeps the session; money taken there after its reservation is flagged duplicate', async () => {
    // 08: the provider's page. The payer (or anyone holding the reference) cancels through our API while
    // that page is still open: the session stays held until the provider's deadline. Past it the session
    // is paid by another payment, and then the forgotten page is approved after all: money taken twice.
    const { first } = await paidTwice(t, {
      whileReserved: async (session) => {
        const refused = await create(t, sessionPayment(session, '+2348000000001'));
        expect(refused.status).toBe(409);
        expect(refused.json.error.message).toBe(
          'A payment for this checkout may still be completed on the payment page, or wait for it to end before paying again',
        );
      },
    });
    // ...and said so where the merchant looks.
    const list = await merchantList(t);
    expect(list.find((item) => item.reference === first.reference)).toEqual({
      reference: first.reference,
      status: 'success',
      flag: 'duplicate',
    });
    expect(await notificationsOf(t, first.reference)).toEqual([
      { type: 'payment.cancelled', flag: undefined },
      { type: 'payment.succeeded', flag: 'duplicate' },
    ]);
  });
});
