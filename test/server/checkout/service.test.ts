/** The checkout service on its own: provider cache by the clock, invalidation, and sessions from the table. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCheckoutService } from '../../../server/checkout/service.ts';
import { pino } from 'pino';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { sandboxAdmin } from './helpers.ts';

let t: AppFixture;
let providerCalls: string[];
beforeEach(async () => {
  t = await startApp();
  providerCalls = [];
  const getPaymentLink = t.provider.getPaymentLink;
  t.provider.getPaymentLink = (id, call) => {
    providerCalls.push(id);
    return getPaymentLink(id, call);
  };
});
afterEach(() => t.close());

const service = () =>
  createCheckoutService({
    config: t.config,
    store: t.store,
    provider: t.provider,
    clock: t.clock,
    logger: pino({ level: 'silent' }),
    sandbox: t.sandbox,
  });

it('asks the provider once per link within 10 s, and again after', async () => {
  const checkout = service();
  await Promise.all([checkout.getConfig('link', 'lnk_tip_ci'), checkout.getConfig('link', 'lnk_tip_ci')]);
  await t.clock.advance(9_999);
  await checkout.getConfig('link', 'lnk_tip_ci');
  expect(providerCalls).toEqual(['lnk_tip_ci']);
  await t.clock.advance(1);
  await checkout.getConfig('link', 'lnk_tip_ci');
  expect(providerCalls).toEqual(['lnk_tip_ci', 'lnk_tip_ci']);
});

it('reads a limited link again after a success, so the change shows at once', async () => {
  const checkout = service();
  const before = await checkout.getConfig('link', 'lnk_limited_ke');
  expect(before.amount.remaining).toBe(15_000);
  // A payment completes at the provider: its analytics now count it.
  await t.store.db
    .updateTable('sandbox_payment_links')
    .set({ amount_limit: 1_005_000 })
    .where('id', '=', 'lnk_limited_ke')
    .execute();
  expect((await checkout.getConfig('link', 'lnk_limited_ke')).amount.remaining).toBe(15_000);
  checkout.paymentSucceeded('link', 'lnk_limited_ke');
  expect((await checkout.getConfig('link', 'lnk_limited_ke')).amount.remaining).toBe(20_000);
});

it('reads a limited link again after a success, and keeps any other link cached', async () => {
  const checkout = service();
  await checkout.getConfig('link', 'lnk_limited_ke');
  await checkout.getConfig('link', 'lnk_tip_ci');
  checkout.paymentSucceeded('link', 'lnk_tip_ci'); // no amount limit: nothing in its config moved
  checkout.paymentSucceeded('link', 'lnk_limited_ke'); // its remaining counts the provider's totals
  await checkout.getConfig('link', 'lnk_limited_ke');
  await checkout.getConfig('link', 'lnk_tip_ci');
  expect(providerCalls).toEqual(['lnk_limited_ke', 'lnk_tip_ci', 'lnk_limited_ke']);
});

it('remembers an unknown link for UNKNOWN_LINK_TTL_MS (60 s), then asks again', async () => {
  const checkout = service();
  await expect(checkout.getConfig('link', 'lnk_missing')).rejects.toMatchObject({
    status: 404,
    code: 'not_found',
  });
  await t.clock.advance(59_999);
  await expect(checkout.getConfig('link', 'lnk_missing')).rejects.toMatchObject({ status: 404 });
  expect(providerCalls).toEqual(['lnk_missing']);
  await t.clock.advance(1);
  await expect(checkout.getConfig('link', 'lnk_missing')).rejects.toMatchObject({ status: 404 });
  expect(providerCalls).toEqual(['lnk_missing', 'lnk_missing']);
});

it('returns a closed link with its status (the route decides the answer)', async () => {
  const config = await service().getConfig('link', 'lnk_inactive_ng');
  expect(config.status).toBe('inactive');
  expect(config.amount).toEqual({ fixed: 500_000 });
});

it('refuses a link in a currency nobody knows instead of guessing 2 decimals', async () => {
  await sandboxAdmin(t, 'POST', '/payment-links', {
    id: 'lnk_odd_currency',
    title: 'Odd',
    isAmountFixed: true,
    amount: 100,
    currency: 'XOF',
    country: 'CI',
  });
  await t.store.db
    .updateTable('sandbox_payment_links')
    .set({ currency: 'QQQ' })
    .where('id', '=', 'lnk_odd_currency')
    .execute();
  const res = await t.request('GET', '/api/v1/links/lnk_odd_currency');
  expect(res.status).toBe(502);
  expect(res.json.error).toEqual({
    code: 'provider_error',
    message: 'The currency QQQ is not supported by this checkout',
  });
});
