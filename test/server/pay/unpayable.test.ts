/**
 * A checkout that cannot be paid says why on its pay page: which state it is in, in the payer's
 * language, with a status that says it, no form and no price (in the page or in its preview tags), and
 * what the payer can still do. Its form's post answers the same page and creates no payment.
 */
import { describe, expect, it } from 'vitest';
import { TEST_MERCHANT_KEY } from '../app-fixture.ts';
import { created, limitedKePayment } from '../payments/helpers.ts';
import { formOf } from './helpers.ts';
import { payPageFixture } from './page-fixture.ts';

const pay = payPageFixture();

const paymentsCount = async () =>
  (await pay.t.store.db.selectFrom('payments').select('reference').execute()).length;

/** What a payer or a chat app's preview could take for a price or a way to pay. */
function expectNothingToPay(page: string) {
  // The preview card's version is a hash: letters that could spell a currency by chance.
  const text = page.replace(/v=[\w-]{16}/g, 'v=');
  expect(text).not.toMatch(/<form/);
  expect(text).not.toMatch(/<input/);
  expect(text).not.toMatch(/<script/);
  expect(text).not.toMatch(/product:price/);
  expect(text).not.toMatch(/25,250|25\s?000|5,000\.00|1,500\.00|F\s?CFA|₦|KES|Ksh/);
  const metas = [...text.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)];
  expect(metas.length).toBeGreaterThan(0);
}

const heading = (text: string) => /<h1>([^<]*)<\/h1>/.exec(text)?.[1];

describe('a link that cannot be paid', () => {
  it.each([
    ['lnk_expired_sn', 'en', 410, 'This payment link has expired'],
    ['lnk_expired_sn', 'fr', 410, 'Ce lien de paiement a expiré'],
    ['lnk_completed_ke', 'en', 410, 'This payment link is closed'],
    ['lnk_completed_ke', 'sw', 410, 'Kiungo hiki cha malipo kimefungwa'],
    ['lnk_inactive_ng', 'en', 409, 'This payment link is paused'],
    ['lnk_inactive_ng', 'ha', 409, 'An dakatar da wannan mahaɗar biya'],
    ['lnk_inactive_ng', 'yo', 409, 'Wọ́n ti dá línkì ìsanwó yìí dúró'],
    ['lnk_expired_sn', 'wo', 410, 'Jamonoy lien fey bii jeex na'],
  ])('%s in %s: %i, says why, nothing to pay', async (link, lang, status, title) => {
    const page = await pay.browser.get(`/pay/${link}?lang=${lang}`);
    expect(page.status).toBe(status);
    expect(page.text).toMatch(new RegExp(`<html lang="${lang}">`));
    expect(heading(page.text)).toBe(title);
    expect(page.response.headers.get('cache-control')).toBe('no-store');
    expectNothingToPay(page.text);
  });

  it("says it in the payer's browser's language, names the link and tells the payer what to do", async () => {
    const page = await pay.browser.get('/pay/lnk_expired_sn', { 'accept-language': 'fr-SN,fr;q=0.9' });
    expect(page.text).toMatch(/<html lang="fr">/);
    expect(page.text).toMatch(/<p class="muted">Tabaski 2025 — colis solidaire<\/p>/);
    expect(page.text).toMatch(/contactez le marchand qui vous a envoyé ce lien/);
    expect(page.text).toMatch(/<meta property="og:title" content="Tabaski 2025 — colis solidaire"/);
    expect(page.text).toMatch(
      /<meta property="og:description" content="Ce lien de paiement a expiré\. Il n’accepte plus de paiements\."/,
    );
    expectNothingToPay(page.text);
  });

  it('a link exhausted by what it holds for payments under way: 410, its limit reached', async () => {
    await created(pay.t, limitedKePayment(15_000, '+254700000008'));
    const page = await pay.browser.get('/pay/lnk_limited_ke?lang=en');
    expect(page.status).toBe(410);
    expect(heading(page.text)).toBe('This payment link has reached its limit');
    expectNothingToPay(page.text);
  });

  it('a post to its form answers the same page and creates no payment', async () => {
    // A form drawn while the link was payable, sent once it is not: a session expired meanwhile.
    const session = await pay.t.request(
      'POST',
      '/api/v1/sessions',
      { amount: 12_500, currency: 'XOF', country: 'CI', returnUrl: 'https://shop.test/orders/42/done' },
      { authorization: `Bearer ${TEST_MERCHANT_KEY}` },
    );
    const path = `/pay/session/${session.json.data.id}?lang=en`;
    const form = await pay.browser.get(path);
    expect(form.status).toBe(200);
    pay.t.clock.advance(25 * 60 * 60_000);
    const answers = { 'method.phoneNumber': '+2250700000011', 'method.provider': 'mtn-ci' };
    const posted = await pay.browser.post(path, formOf(form.text, answers));
    expect(posted.status).toBe(410);
    expect(heading(posted.text)).toBe('This payment link has expired');
    // The merchant's site: the origin of the session's return address, never its path.
    expect(posted.text).toMatch(
      /<a class="button secondary" href="https:\/\/shop\.test\/" rel="noopener">Go to the merchant&#39;s site<\/a>/,
    );
    expectNothingToPay(posted.text);
    // A forged post (no form token) and the "pay on your phone" post answer it too.
    const forged = await pay.browser.post('/pay/lnk_expired_sn?lang=en', formOf('', answers));
    expect(forged.status).toBe(410);
    expectNothingToPay(forged.text);
    const phone = await pay.browser.post('/pay/lnk_inactive_ng/phone?lang=en', formOf('', answers));
    expect(phone.status).toBe(409);
    expectNothingToPay(phone.text);
    expect(await paymentsCount()).toBe(0);
  });

  it('the form whose own payment took what was left, sent again, still replays that payment', async () => {
    const path = '/pay/lnk_limited_ke?lang=en';
    const form = await pay.browser.get(path);
    const answers = { amount: '150', 'method.provider': 'mpesa-ke', 'method.phoneNumber': '+254700000008' };
    const first = await pay.browser.post(path, formOf(form.text, answers));
    expect(first.status).toBe(303);
    expect((await pay.browser.get(path)).status).toBe(410);
    const again = await pay.browser.post(path, formOf(form.text, answers));
    expect(again.status).toBe(303);
    expect(again.location).toBe(first.location);
    expect(await paymentsCount()).toBe(1);
  });

  it('a paid session: 410, already paid', async () => {
    const session = await pay.t.request(
      'POST',
      '/api/v1/sessions',
      { amount: 12_500, currency: 'XOF', country: 'CI' },
      { authorization: `Bearer ${TEST_MERCHANT_KEY}` },
    );
    const id = session.json.data.id as string;
    await pay.t.store.db
      .updateTable('checkout_sessions')
      .set({ paid_reference: 'pay_00000000000000000000000000000000' })
      .where('id', '=', id)
      .execute();
    const page = await pay.browser.get(`/pay/session/${id}?lang=fr`);
    expect(page.status).toBe(410);
    expect(heading(page.text)).toBe('Ce paiement a déjà été réglé');
    expectNothingToPay(page.text);
  });
});
