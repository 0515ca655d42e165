/**
 * A direct charge the provider answers with its own page (magic 08): the widget's page goes with it as
 * `redirectURL`, so approve, decline and cancel there all bring the payer back with our reference.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { VERIFY_THROTTLE_MS } from '../../../server/payments/verify.ts';
import { create, created, fixedCiPayment, get, SHOP } from './helpers.ts';
import { submitHostedPage } from '../sandbox/hosted-page.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const RETURN_URL = `${SHOP}/checkout?plan=premium`;

const redirected = (returnUrl?: string) => {
  const body = fixedCiPayment('+2250700000008');
  return { ...body, method: { ...body.method, ...(returnUrl === undefined ? {} : { returnUrl }) } };
};

const sandboxRow = (reference: string) =>
  t.store.db
    .selectFrom('sandbox_transactions')
    .select(['redirect_url', 'cancel_url'])
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();

/** Submits the sandbox's page; answers the status code and where it sends the payer. */
async function decide(redirectUrl: string, decision: 'approve' | 'decline' | 'cancel') {
  const page = await submitHostedPage(t.app.request, redirectUrl.replace('http://pay.test', ''), {
    decision,
  });
  return { status: page.status, location: page.headers.get('location') };
}

describe('direct charge sent to the provider page (08)', () => {
  it("passes the return URL, with our reference, as the charge's redirectURL", async () => {
    const { reference, payment } = await created(t, redirected(RETURN_URL));
    expect(payment).toMatchObject({ status: 'pending', action: 'redirect' });
    expect(await sandboxRow(reference)).toEqual({
      redirect_url: `${SHOP}/checkout?plan=premium&pay_reference=${reference}`,
      cancel_url: null,
    });
  });

  it('approve: back on the shop page with our reference, success after the webhook', async () => {
    const { reference, token, payment } = await created(t, redirected(RETURN_URL));
    const { status, location } = await decide(String(payment.redirectUrl), 'approve');
    expect(status).toBe(303);
    const back = new URL(location ?? '');
    expect(back.origin + back.pathname).toBe(`${SHOP}/checkout`);
    expect(back.searchParams.get('plan')).toBe('premium');
    expect(back.searchParams.get('pay_reference')).toBe(reference);
    expect(back.searchParams.get('pay_cancel')).toBeNull();
    await t.settle();
    expect((await get(t, reference, token)).json.data).toMatchObject({ status: 'success', action: 'none' });
  });

  it('decline: back with our reference, failed', async () => {
    const { reference, token, payment } = await created(t, redirected(RETURN_URL));
    const { status, location } = await decide(String(payment.redirectUrl), 'decline');
    expect(status).toBe(303);
    expect(new URL(location ?? '').searchParams.get('pay_reference')).toBe(reference);
    await t.settle();
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'failed',
      action: 'none',
      failureCode: 'declined',
    });
  });

  it('cancel: no cancelURL for a direct charge, so back to the same return URL; verify reads it failed', async () => {
    const { reference, token, payment } = await created(t, redirected(RETURN_URL));
    const { status, location } = await decide(String(payment.redirectUrl), 'cancel');
    expect(status).toBe(303);
    const back = new URL(location ?? '');
    expect(back.searchParams.get('pay_reference')).toBe(reference);
    expect(back.searchParams.get('pay_cancel')).toBeNull();
    // No webhook reports a cancel: the payment waits until the next verify (throttled) reads it.
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('pending');
    await t.clock.advance(VERIFY_THROTTLE_MS);
    expect((await get(t, reference, token)).json.data).toMatchObject({
      status: 'failed',
      action: 'none',
      failureCode: 'cancelled',
    });
  });

  it('without a return URL, as before: no redirectURL, and the page keeps the payer', async () => {
    const { reference, token, payment } = await created(t, redirected());
    expect(await sandboxRow(reference)).toEqual({ redirect_url: null, cancel_url: null });
    const { status, location } = await decide(String(payment.redirectUrl), 'approve');
    expect(status).toBe(200);
    expect(location).toBeNull();
    await t.settle();
    expect((await get(t, reference, token)).json.data.status).toBe('success');
  });

  it.each([
    ['another origin', 'https://evil.test/phish', 'must be on an origin this checkout is embedded on'],
    ['credentials in the URL', 'https://user:pw@shop.test/', 'must not carry credentials'],
    ['a javascript: URL', 'javascript:alert(1)', 'must be an absolute http(s) URL'],
  ])('refuses a return URL on %s, before any charge', async (_case, returnUrl, message) => {
    const res = await create(t, redirected(returnUrl));
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('validation_failed');
    expect(res.json.error.fields).toContainEqual({ path: 'method.returnUrl', code: 'invalid', message });
    const charges = await t.store.db
      .selectFrom('sandbox_transactions')
      .select('reference')
      .where('scenario', '!=', 'seed')
      .execute();
    expect(charges).toEqual([]);
  });
});
