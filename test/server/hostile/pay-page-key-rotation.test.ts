// The pay page's forms across a merchant key rotation: a form drawn under the old key must still post
// once the new key is configured with the old one kept (payers have the page open for minutes), and stop
// once the old key is gone, as every other use of the key does. Each config is its own app, as a
// restart with the new environment would be.
import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';
import { Browser, fixedLinkAnswers, formOf } from '../pay/helpers.ts';

const KEY_A = 'mk_test_rotation_key_a_0123';
const KEY_B = 'mk_test_rotation_key_b_4567';

const apps: AppFixture[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWith(env: Record<string, string>) {
  const t = await startApp({ env });
  apps.push(t);
  return t;
}

/** The form of `lnk_fixed_ci` as drawn under `KEY_A`, and the browser that holds its nonce cookie. */
async function formUnderKeyA() {
  const browser = new Browser(await appWith({ MERCHANT_API_KEY: KEY_A }));
  const form = await browser.get('/pay/lnk_fixed_ci?lang=en');
  expect(form.status).toBe(200);
  return { cookies: browser.cookies, body: formOf(form.text, fixedLinkAnswers('+2250700000021')) };
}

/** `form` posted by the same browser to a server restarted with `env`. */
async function postAfterRestart(
  form: Awaited<ReturnType<typeof formUnderKeyA>>,
  env: Record<string, string>,
) {
  const t = await appWith(env);
  const browser = new Browser(t);
  browser.cookies = new Map(form.cookies);
  const posted = await browser.post('/pay/lnk_fixed_ci?lang=en', form.body);
  const payments = await t.store.db.selectFrom('payments').select('reference').execute();
  return { status: posted.status, location: posted.location, payments: payments.length };
}

describe('pay page forms across a merchant key rotation', () => {
  it('accepts a form drawn under key A once the config lists B, then A', async () => {
    const form = await formUnderKeyA();
    const posted = await postAfterRestart(form, {
      MERCHANT_API_KEY: KEY_B,
      MERCHANT_API_KEY_PREVIOUS: KEY_A,
    });
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/pay\/p\/pay_[0-9a-f]{32}/);
    expect(posted.payments).toBe(1);
  });

  it('refuses it (403, nothing paid) once key A is no longer configured', async () => {
    const form = await formUnderKeyA();
    const posted = await postAfterRestart(form, { MERCHANT_API_KEY: KEY_B });
    expect(posted.status).toBe(403);
    expect(posted.payments).toBe(0);
  });
});
