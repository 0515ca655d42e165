/**
 * The embedded sandbox's hosted page, attacked: as an open redirect (a checkout created with the demo's
 * public credentials and a phishing return address, or a stored row naming one), and through its
 * decision form posted from another site (no token, a token of another browser or another checkout).
 * Every attempt is refused and leaves the charge pending.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { created, PAYER, SHOP } from '../payments/helpers.ts';
import { openForm, submitHostedPage } from '../sandbox/hosted-page.ts';

const PHISHING = 'https://pay-checkout.evil.test/login';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

/** A hosted payment through our API (return URL on the shop); answers its page's path and reference. */
async function hostedPayment() {
  const { reference, payment } = await created(t, {
    link: 'lnk_fixed_ci',
    customer: { ...PAYER, phoneNumber: '+2250700000000' },
    fields: { subscriber_id: 'AB-1234' },
    method: { kind: 'hosted', returnUrl: `${SHOP}/checkout` },
  });
  return { reference, path: String(payment.redirectUrl).replace('http://pay.test', '') };
}

const sandboxStatus = async (reference: string) =>
  (
    await t.store.db
      .selectFrom('sandbox_transactions')
      .select('status')
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
  ).status;

/** The provider API of the embedded sandbox, with the (demo, public) credentials. */
const sandboxApi = (path: string, body: unknown) =>
  t.sandbox.app.request(path, {
    method: 'POST',
    headers: {
      'client-id': t.config.clientId,
      'client-secret': t.config.clientSecret,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

const post = (path: string, body: string, cookie?: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body,
  });

describe('open redirect', () => {
  it.each([
    [
      'a hosted checkout',
      'redirectURL',
      '/payments/v1/checkouts',
      { country: 'CI', currency: 'XOF', user: {} },
    ],
    [
      'a hosted checkout',
      'cancelURL',
      '/payments/v1/checkouts',
      { country: 'CI', currency: 'XOF', user: {} },
    ],
    [
      'a direct charge',
      'redirectURL',
      '/payments/v1/payments/direct-charge',
      { provider: 'mtn-ci', customerInput: { phoneNumber: '2250700000008' } },
    ],
  ])('%s with a %s off the registered origins is refused when created', async (_kind, field, path, body) => {
    const res = await sandboxApi(path, { ...body, amount: 10_000, [field]: PHISHING });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errorCode: 'ValidationError',
      // The backend's own origin is always one: the pay page's return comes back to it.
      error: `${field}: this sandbox sends payers back only to ${SHOP}, http://pay.test`,
    });
  });

  it('a stored checkout naming an unregistered return address shows a refusal, never a redirect', async () => {
    const { reference, path } = await hostedPayment();
    const { cookie, token } = await openForm(t.app.request, path);
    await t.store.db
      .updateTable('sandbox_transactions')
      .set({ redirect_url: PHISHING })
      .where('reference', '=', reference)
      .execute();

    const opened = await t.app.request(path);
    expect(opened.status).toBe(400);
    expect(await opened.text()).toContain('an address the merchant has not registered');

    const approved = await post(path, `decision=approve&provider=orange-ci&token=${token}`, cookie);
    expect(approved.status).toBe(400);
    expect(approved.headers.get('location')).toBe(null);
    expect(await sandboxStatus(reference)).toBe('pending');
  });
});

describe('cross-site posts of the decision form', () => {
  it('without the token and the cookie (another site auto-submits the form): 403, nothing decided', async () => {
    const { reference, path } = await hostedPayment();
    const forged = await post(path, 'decision=approve&provider=orange-ci');
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain('was not sent from this payment page');
    expect(await sandboxStatus(reference)).toBe('pending');
  });

  it("with the attacker's own token but not the payer's cookie: 403", async () => {
    const { reference, path } = await hostedPayment();
    const attackers = await openForm(t.app.request, path);
    const payers = await openForm(t.app.request, path);
    const forged = await post(
      path,
      `decision=approve&provider=orange-ci&token=${attackers.token}`,
      payers.cookie,
    );
    expect(forged.status).toBe(403);
    expect(await sandboxStatus(reference)).toBe('pending');
  });

  it("with another checkout's token and cookie: 403", async () => {
    const mine = await hostedPayment();
    const other = await hostedPayment();
    const { cookie, token } = await openForm(t.app.request, other.path);
    const forged = await post(mine.path, `decision=decline&token=${token}`, cookie);
    expect(forged.status).toBe(403);
    expect(await sandboxStatus(mine.reference)).toBe('pending');
  });

  it('from the page itself: the choice is taken and the payer goes back to the shop', async () => {
    const { reference, path } = await hostedPayment();
    const approved = await submitHostedPage(t.app.request, path, {
      decision: 'approve',
      provider: 'orange-ci',
    });
    expect(approved.status).toBe(303);
    expect(new URL(approved.headers.get('location') ?? '').origin).toBe(SHOP);
    expect(await sandboxStatus(reference)).toBe('success');
  });

  it('sets its nonce cookie HttpOnly, SameSite=Lax, on the page alone', async () => {
    const { path } = await hostedPayment();
    const cookie = (await t.app.request(path)).headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^sandbox_page_nonce=[A-Za-z0-9_-]{22}; /);
    expect(cookie).toContain(`Path=${path}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });
});
