/**
 * A date-only `expiresAt` lasts to the end of that day, UTC, judged by our injected
 * clock: within one provider-cache lifetime, so the provider's own view cannot be what decides.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { sandboxAdmin } from './helpers.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const link = (id: string, expiresAt: string) => ({
  id,
  title: 'Concert',
  isAmountFixed: true,
  amount: 5_000,
  currency: 'XOF',
  country: 'CI',
  expiresAt,
});

it('keeps a date-only link payable at 23:59:59Z of its day and closes it at midnight', async () => {
  const created = await sandboxAdmin(t, 'POST', '/payment-links', link('lnk_last_day', '2026-11-30'));
  expect(created.status).toBe(201);

  await t.clock.set('2026-11-30T23:59:59.000Z');
  const lastSecond = await t.request('GET', '/api/v1/links/lnk_last_day');
  expect(lastSecond.status).toBe(200);
  expect(lastSecond.json.data.status).toBe('active');
  expect(lastSecond.json.data.expiresAt).toBe('2026-11-30T23:59:59.999Z');

  await t.clock.set('2026-12-01T00:00:00.000Z');
  const nextDay = await t.request('GET', '/api/v1/links/lnk_last_day');
  expect(nextDay.status).toBe(409);
  expect(nextDay.json.error).toEqual({ code: 'link_unavailable', message: 'This payment link has expired' });
});

it('closes a link with a date-time expiry at that instant', async () => {
  await sandboxAdmin(t, 'POST', '/payment-links', link('lnk_timed', '2026-11-22T10:00:05.000Z'));
  expect((await t.request('GET', '/api/v1/links/lnk_timed')).status).toBe(200);
  await t.clock.set('2026-11-22T10:00:05.000Z');
  expect((await t.request('GET', '/api/v1/links/lnk_timed')).json.error.message).toBe(
    'This payment link has expired',
  );
});

it('labels a fixed link by isAmountFixed, whatever its description says', async () => {
  await sandboxAdmin(t, 'POST', '/payment-links', {
    ...link('lnk_wording', '2027-01-01'),
    description: 'Pay any amount you like!',
    isAmountFixed: true,
    amount: 7_500,
  });
  expect((await t.request('GET', '/api/v1/links/lnk_wording')).json.data.amount).toEqual({ fixed: 7_500 });
});

it('passes merchant text through verbatim (the widget renders it as text)', async () => {
  const title = '<img src=x onerror=alert(1)> & "quotes"';
  await sandboxAdmin(t, 'POST', '/payment-links', {
    ...link('lnk_markup', '2027-01-01'),
    title,
    customFields: [{ label: '<b>Company</b>', name: 'company', type: 'text', required: false }],
  });
  const { json } = await t.request('GET', '/api/v1/links/lnk_markup');
  expect(json.data.title).toBe(title);
  expect(json.data.customFields[0].label).toBe('<b>Company</b>');
});
