/**
 * A link never collects past its `amountLimit` without a flag. A payment we cancel or expire keeps its
 * amount reserved while the provider may still take it, so nobody is admitted into money that may yet
 * be collected; a success past the limit all the same is flagged `over_limit` for the merchant.
 * `lnk_limited_ke` has 15,000 left under its limit of 1,000,000.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppFixture } from '../app-fixture.ts';
import { create, created, get, limitedKePayment, paymentRow } from '../payments/helpers.ts';
import {
  cancel,
  decideOnProviderPage,
  HOUR,
  merchantList,
  notificationsOf,
  startNotifyingApp,
} from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startNotifyingApp();
});
afterEach(() => t.close());

async function collectedOnLink(): Promise<number> {
  const rows = await t.store.db
    .selectFrom('sandbox_transactions')
    .select('amount')
    .where('payment_link_id', '=', 'lnk_limited_ke')
    .where('status', '=', 'success')
    .execute();
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

describe('a link with an amount limit', () => {
  it('a payment cancelled through our API while its provider page is open keeps its amount', async () => {
    // A takes all that is left through the provider's page (08), then cancels through our API.
    const a = await created(t, limitedKePayment(15_000, '+254700000008'));
    expect((await cancel(t, a.reference, a.token)).json.data.status).toBe('cancelled');
    // B is not admitted into money A's open page may still take.
    const b = await create(t, limitedKePayment(15_000, '+254700000001'));
    expect(b.status).toBe(409);
    expect(b.json.error.code).toBe('link_unavailable');
    // A's page is approved after all: the link is exactly full, not past it.
    expect(await decideOnProviderPage(t, String(a.payment.redirectUrl), 'approve')).toBe(200);
    await t.settle();
    expect((await get(t, a.reference, a.token)).json.data.status).toBe('success');
    expect(await collectedOnLink()).toBe(1_000_000);
  });

  it('a payment expired on our side keeps its amount while the provider may still take it', async () => {
    const a = await created(t, limitedKePayment(15_000, '+254700000008'));
    t.clock.advance(31 * 60_000); // past the provider page's 30 minutes: we expire it
    expect((await get(t, a.reference, a.token)).json.data.status).toBe('expired');
    const b = await create(t, limitedKePayment(10_000, '+254700000001'));
    expect(b.status).toBe(409);
    expect(b.json.error.code).toBe('link_unavailable');
  });

  it('a real cancel on the provider page frees the amount at once', async () => {
    const a = await created(t, limitedKePayment(15_000, '+254700000008'));
    expect(await decideOnProviderPage(t, String(a.payment.redirectUrl), 'cancel')).toBe(200);
    expect((await cancel(t, a.reference, a.token)).json.data.status).toBe('cancelled');
    expect((await create(t, limitedKePayment(15_000, '+254700000001'))).status).toBe(201);
  });

  it('money taken past the limit after the reservation ran out is flagged over_limit where the merchant looks', async () => {
    const a = await created(t, limitedKePayment(15_000, '+254700000008'));
    await cancel(t, a.reference, a.token);
    t.clock.advance(HOUR + 1); // the provider's deadline (PAYMENT_RESERVATION_MS) has passed
    const b = await created(t, limitedKePayment(15_000, '+254700000001'));
    await t.settle();
    expect((await get(t, b.reference, b.token)).json.data.status).toBe('success');
    // The provider's page is approved long after: 1,015,000 collected against 1,000,000.
    await decideOnProviderPage(t, String(a.payment.redirectUrl), 'approve');
    await t.settle();
    expect(await collectedOnLink()).toBe(1_015_000);
    expect(await paymentRow(t, a.reference)).toMatchObject({ status: 'success', flag: 'over_limit' });
    expect((await merchantList(t)).find((item) => item.reference === a.reference)).toEqual({
      reference: a.reference,
      status: 'success',
      flag: 'over_limit',
    });
    expect(await notificationsOf(t, a.reference)).toEqual([
      { type: 'payment.cancelled', flag: undefined },
      { type: 'payment.flagged', flag: 'over_limit' },
      { type: 'payment.succeeded', flag: 'late_success' },
    ]);
  });
});
