/**
 * Hosted checkout: the payer leaves for the provider's page and comes back
 * to the widget's page with our reference; approve, decline and cancel each end where the table says.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { create, created, get, PAYER, SHOP, withToken } from './helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const hosted = (returnUrl = `${SHOP}/checkout?plan=premium`) => ({
  link: 'lnk_fixed_ci',
  customer: { ...PAYER, phoneNumber: '+2250700000000' },
  fields: { subscriber_id: 'AB-1234' },
  method: { kind: 'hosted', returnUrl },
});

/** Submits the sandbox's hosted page; answers where it sends the payer back. */
async function decide(redirectUrl: string, decision: 'approve' | 'decline' | 'cancel') {
  const form = decision === 'approve' ? 'decision=approve&provider=orange-ci' : `decision=${decision}`;
  const page = await submitHostedPage(
    t.app.request,
    redirectUrl.replace('http://pay.test', ''),
    Object.fromEntries(new URLSearchParams(form)),
  );
  expect(page.status).toBe(303);
  return new URL(page.headers.get('location') ?? '');
}

describe('hosted checkout round trip', () => {
  it('approve: back on the shop page with our reference, success after the webhook', async () => {
    const { reference, token, payment } = await created(t, hosted());
    expect(payment).toMatchObject({
      status: 'pending',
      action: 'redirect',
      amount: 15_000,
      expiresAt: '2026-11-22T10:30:00.000Z',
    });
    const back = await decide(String(payment.redirectUrl), 'approve');
    expect(back.origin).toBe(SHOP);
    expect(back.searchParams.get('plan')).toBe('premium');
    expect(back.searchParams.get('pay_reference')).toBe(reference);
    expect(back.searchParams.get('pay_cancel')).toBeNull();
    await t.settle();
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'success',
      action: 'none',
      paidAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it('decline: failed', async () => {
    const { reference, token, payment } = await created(t, hosted());
    await decide(String(payment.redirectUrl), 'decline');
    await t.settle();
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'failed', action: 'none' });
  });

  it('cancel: back with the cancel marker; the widget reports it and the payment is cancelled for good', async () => {
    const { reference, token, payment } = await created(t, hosted());
    const back = await decide(String(payment.redirectUrl), 'cancel');
    expect(back.searchParams.get('pay_reference')).toBe(reference);
    expect(back.searchParams.get('pay_cancel')).toBe('1');
    const cancelled = await t.request(
      'POST',
      `/api/v1/payments/${reference}/cancel`,
      undefined,
      withToken(token),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.data).toMatchObject({
      status: 'cancelled',
      action: 'none',
    });
    // The provider's own failure for the cancelled page arrives later and changes nothing.
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('cancelled');
  });

  it('an unpaid hosted page expires after 30 minutes', async () => {
    const { reference, token } = await created(t, hosted());
    await t.clock.advance(30 * 60_000);
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'expired', action: 'none' });
  });

  it.each([
    ['another origin', 'https://evil.test/phish', 'must be on an origin this checkout is embedded on'],
    ['credentials in the URL', 'https://user:pw@shop.test/', 'must not carry credentials'],
    ['a javascript: URL', 'javascript:alert(1)', 'must be an absolute http(s) URL'],
  ])('refuses a return URL on %s', async (_case, returnUrl, message) => {
    const res = await create(t, hosted(returnUrl));
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields).toContainEqual({ path: 'method.returnUrl', code: 'invalid', message });
  });
});
