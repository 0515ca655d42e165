/**
 * The console's login: the API key from a form becomes an HttpOnly, SameSite=Strict
 * session cookie; a wrong key says nothing but `?error=1`; attempts are limited per IP; the cookie opens
 * the merchant routes, but an unsafe method carried by it must come from our own origin (CSRF).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** As the console page posts its form: a browser names the page's origin. */
const login = (apiKey: string, headers: Record<string, string> = { origin: TEST_PUBLIC_URL }) =>
  t.request('POST', '/console/login', new URLSearchParams({ apiKey }).toString(), { ...FORM, ...headers });

/** `pay_console=<id>` from a Set-Cookie answer. */
function sessionCookie(headers: Headers): string {
  const match = /^(pay_console=[^;]+)/.exec(headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no session cookie');
  return match[1];
}

describe('POST /console/login', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie for the right key and goes to /console', async () => {
    const res = await login(TEST_MERCHANT_KEY, { origin: TEST_PUBLIC_URL });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^pay_console=[\w-]{43}; Max-Age=28800; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookie).not.toContain(TEST_MERCHANT_KEY);
    const session = await t.request('GET', '/console/session', undefined, {
      cookie: sessionCookie(res.headers),
    });
    expect(session.status).toBe(200);
    expect(session.json.data.expiresAt).toBe(new Date(t.clock.now() + 8 * 3600_000).toISOString());
  });

  it('marks the cookie Secure when the server is reached over https', async () => {
    const https = await startApp({ env: { PUBLIC_URL: 'https://pay.test' } });
    const res = await https.app.request('https://pay.test/console/login', {
      method: 'POST',
      headers: { ...FORM, origin: 'https://pay.test' },
      body: `apiKey=${TEST_MERCHANT_KEY}`,
    });
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
    await https.close();
  });

  it.each([
    ['a wrong key', 'mk_wrong_0123456789abcdef'],
    ['an empty key', ''],
    ['the key with a space', `${TEST_MERCHANT_KEY} `],
  ])('refuses %s with a bare redirect and no cookie', async (_label, apiKey) => {
    const res = await login(apiKey);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console?error=1');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.text).toBe('');
  });

  it('refuses a JSON body (only the form is read)', async () => {
    const res = await t.request('POST', '/console/login', { apiKey: TEST_MERCHANT_KEY });
    expect(res.headers.get('location')).toBe('/console?error=1');
  });

  it.each([
    ['from another site', { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' }],
    ['from another site (Origin only)', { origin: 'https://evil.test' }],
    ['with neither Origin nor Sec-Fetch-Site', {}],
  ])('refuses a form posted %s (csrf), in our envelope', async (_how, headers: Record<string, string>) => {
    const res = await login(TEST_MERCHANT_KEY, headers);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      statusCode: 403,
      error: { code: 'forbidden', message: 'The console form must be posted from the console page (Origin)' },
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('takes a form that only Sec-Fetch-Site says is from our pages', async () => {
    const res = await login(TEST_MERCHANT_KEY, { 'sec-fetch-site': 'same-origin' });
    expect(res.headers.get('location')).toBe('/console');
  });

  it('allows 10 attempts a minute per IP, then 429 even for the right key, then again after Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await login('mk_wrong_0123456789abcdef')).status).toBe(303);
    const limited = await login(TEST_MERCHANT_KEY);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
    // A sliding window: the next minute still weighs this one's 10 until 9 of them have faded (6 s in).
    expect(limited.headers.get('retry-after')).toBe('66');
    expect(limited.headers.get('set-cookie')).toBeNull();
    t.clock.advance(65_000);
    expect((await login(TEST_MERCHANT_KEY)).status).toBe(429);
    t.clock.advance(1_000);
    expect((await login(TEST_MERCHANT_KEY)).headers.get('location')).toBe('/console');
  });
});

describe('the session cookie on merchant routes', () => {
  async function loggedIn() {
    return sessionCookie((await login(TEST_MERCHANT_KEY)).headers);
  }

  it('opens a merchant GET route without the key', async () => {
    const cookie = await loggedIn();
    const res = await t.request('GET', '/api/v1/wallets', undefined, { cookie });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json.data)).toBe(true);
    expect((await t.request('GET', '/api/v1/payments', undefined, { cookie })).status).toBe(200);
  });

  it('refuses a cookie POST from another origin, or with no Origin, with 403 forbidden', async () => {
    const cookie = await loggedIn();
    const body = { provider: 'mtn-ci', account: { phoneNumber: '+2250700000001' } };
    for (const origin of [{ origin: 'https://evil.test' }, {}] as Record<string, string>[]) {
      const res = await t.request('POST', '/api/v1/payouts/recipients/validate', body, { cookie, ...origin });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        statusCode: 403,
        error: { code: 'forbidden', message: 'A console request must come from the console page (Origin)' },
      });
    }
    expect(await t.store.db.selectFrom('payout_recipients').selectAll().execute()).toEqual([]);
    const same = await t.request('POST', '/api/v1/payouts/recipients/validate', body, {
      cookie,
      origin: TEST_PUBLIC_URL,
    });
    expect(same.status).toBe(201);
  });

  it('refuses an unknown or expired cookie like no credentials (401)', async () => {
    const unknown = await t.request('GET', '/api/v1/wallets', undefined, { cookie: 'pay_console=forged' });
    expect(unknown.status).toBe(401);
    const cookie = await loggedIn();
    t.clock.advance(8 * 3600_000);
    expect((await t.request('GET', '/api/v1/wallets', undefined, { cookie })).status).toBe(401);
    expect((await t.request('GET', '/console/session', undefined, { cookie })).status).toBe(401);
  });

  it('POST /console/logout from another site is refused and ends nothing', async () => {
    const cookie = await loggedIn();
    const res = await t.request('POST', '/console/logout', undefined, {
      cookie,
      origin: 'https://evil.test',
    });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
    expect((await t.request('GET', '/console/session', undefined, { cookie })).status).toBe(200);
  });

  it('POST /console/logout ends the session and clears the cookie', async () => {
    const cookie = await loggedIn();
    const res = await t.request('POST', '/console/logout', undefined, { cookie, origin: TEST_PUBLIC_URL });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console');
    expect(res.headers.get('set-cookie')).toMatch(/^pay_console=; Max-Age=0; Path=\//);
    expect((await t.request('GET', '/api/v1/wallets', undefined, { cookie })).status).toBe(401);
  });
});
