/**
 * Merchant key rotation: MERCHANT_API_KEY_PREVIOUS (one key or a comma-separated list) is accepted beside
 * MERCHANT_API_KEY by the API's Bearer auth and by the console's login, until it is removed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.ts';
import { isMerchantKey } from '../../../server/middleware/merchant-auth.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';

const OLD_KEY = 'mk_old_0123456789abcdef';
const OLDER_KEY = 'mk_older_0123456789abcdef';
const UNKNOWN_KEY = 'mk_unknown_0123456789abcdef';

let t: AppFixture | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const listPayments = (app: AppFixture, key: string) =>
  app.request('GET', '/api/v1/payments', undefined, { authorization: `Bearer ${key}` });

const logIn = (app: AppFixture, apiKey: string) =>
  app.request('POST', '/console/login', new URLSearchParams({ apiKey }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    origin: TEST_PUBLIC_URL,
  });

describe('MERCHANT_API_KEY_PREVIOUS', () => {
  it('is read as a list, the current key first', () => {
    const config = loadConfig({
      MERCHANT_API_KEY: TEST_MERCHANT_KEY,
      MERCHANT_API_KEY_PREVIOUS: ` ${OLD_KEY} ,${OLDER_KEY},`,
    });
    expect(config.merchantApiKeys).toEqual([TEST_MERCHANT_KEY, OLD_KEY, OLDER_KEY]);
    expect(config.merchantApiKey).toBe(TEST_MERCHANT_KEY);
  });

  it('refuses a previous key shorter than a key may be, naming the variable', () => {
    expect(() => loadConfig({ MERCHANT_API_KEY_PREVIOUS: `${OLD_KEY},short` })).toThrow(ConfigError);
    expect(() => loadConfig({ MERCHANT_API_KEY_PREVIOUS: `${OLD_KEY},short` })).toThrow(
      /MERCHANT_API_KEY_PREVIOUS\.1 must list keys of at least 16 characters/,
    );
  });

  it('is compared against every key, whichever matches', () => {
    const keys = [TEST_MERCHANT_KEY, OLD_KEY, OLDER_KEY];
    expect(keys.map((key) => isMerchantKey(key, keys))).toEqual([true, true, true]);
    expect(isMerchantKey(UNKNOWN_KEY, keys)).toBe(false);
    expect(isMerchantKey(OLD_KEY.slice(0, -1), keys)).toBe(false);
    expect(isMerchantKey('', keys)).toBe(false);
  });

  it('opens the merchant API with the current and every previous key, and nothing else', async () => {
    t = await startApp({ env: { MERCHANT_API_KEY_PREVIOUS: `${OLD_KEY},${OLDER_KEY}` } });
    for (const key of [TEST_MERCHANT_KEY, OLD_KEY, OLDER_KEY]) {
      expect((await listPayments(t, key)).status).toBe(200);
    }
    const refused = await listPayments(t, UNKNOWN_KEY);
    expect(refused.status).toBe(401);
    expect(refused.json.error.code).toBe('unauthorized');
  });

  it('logs in to the console with a previous key, and the session opens the merchant routes', async () => {
    t = await startApp({ env: { MERCHANT_API_KEY_PREVIOUS: OLD_KEY } });
    const res = await logIn(t, OLD_KEY);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/console');
    const cookie = /^(pay_console=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect((await t.request('GET', '/api/v1/payments', undefined, { cookie })).status).toBe(200);

    const wrong = await logIn(t, UNKNOWN_KEY);
    expect(wrong.headers.get('location')).toBe('/console?error=1');
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('stops opening anything once the rotation ends (the previous key removed)', async () => {
    t = await startApp();
    expect((await listPayments(t, OLD_KEY)).status).toBe(401);
    expect((await logIn(t, OLD_KEY)).headers.get('location')).toBe('/console?error=1');
  });
});
