/**
 * With no script, the pay page's form carries its payment's Idempotency-Key (`_key`). A payer whose
 * answer to Pay was lost goes Back (or opens the link again) and gets a form: while that browser's last
 * attempt waits on the phone, the form carries the same key, so sending it again leads to that
 * payment, never to a second prompt. Once the attempt is answered, the next form has a new key.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../../server/pay/html.ts';
import { en, type Messages } from '../../../widget/shared/en.ts';
import { Browser, fixedLinkAnswers, formOf, hidden } from './helpers.ts';
import { payPageFixture } from './page-fixture.ts';

const pay = payPageFixture();
const FORM = '/pay/lnk_fixed_ci?lang=en';

const stored = () => pay.t.store.db.selectFrom('payments').select(['reference', 'status']).execute();

/** Opens the form and sends it, paying from `phone`; the answer is "lost": only the form's key is kept. */
async function payAndLoseTheAnswer(browser: Browser, phone: string): Promise<string> {
  const form = await browser.get(FORM);
  await browser.post(FORM, formOf(form.text, fixedLinkAnswers(phone)));
  return hidden(form.text, '_key');
}

describe("the form's key survives Back", () => {
  it('gives the same key again while the attempt waits on the phone, and the form sent again leads to it', async () => {
    // Ending 03: approve on the phone, never answered.
    const key = await payAndLoseTheAnswer(pay.browser, '+2250700003103');
    const again = await pay.browser.get(FORM);
    expect(again.status).toBe(200);
    expect(hidden(again.text, '_key')).toBe(key);

    const [payment] = await stored();
    const resent = await pay.browser.post(FORM, formOf(again.text, fixedLinkAnswers('+2250700003103')));
    expect(resent.status).toBe(303);
    expect(resent.location).toBe(`/pay/p/${payment!.reference}?lang=en`);
    expect(await stored()).toHaveLength(1);

    // Another browser has keys of its own.
    const other = await new Browser(pay.t).get(FORM);
    expect(hidden(other.text, '_key')).not.toBe(key);
  });

  it('gives a new key once the attempt is final', async () => {
    // Ending 01: approve on the phone, then success.
    const key = await payAndLoseTheAnswer(pay.browser, '+2250700003201');
    expect(hidden((await pay.browser.get(FORM)).text, '_key')).toBe(key);
    await pay.t.settle();
    expect((await stored())[0]?.status).toBe('success');
    const next = await pay.browser.get(FORM);
    expect(hidden(next.text, '_key')).not.toBe(key);
    expect(hidden(next.text, '_key')).not.toBe('');
  });

  it('gives a new key after a payment that waits for its code, so "Use another number" starts another', async () => {
    // Ending 00: an SMS code.
    const key = await payAndLoseTheAnswer(pay.browser, '+2250700003300');
    const next = await pay.browser.get(FORM);
    expect(hidden(next.text, '_key')).not.toBe(key);
    const other = await pay.browser.post(FORM, formOf(next.text, fixedLinkAnswers('+2250700003401')));
    expect(other.status).toBe(303);
    expect(await stored()).toHaveLength(2);
  });
});

describe('the form sent again with other answers', () => {
  it('pays the right number after a wrong one still waiting on the phone', async () => {
    // Ending 03: the wrong phone is prompted and never answers.
    const key = await payAndLoseTheAnswer(pay.browser, '+2250700003703');
    const again = await pay.browser.get(FORM);
    expect(hidden(again.text, '_key')).toBe(key);
    const [wrong] = await stored();

    const right = await pay.browser.post(FORM, formOf(again.text, fixedLinkAnswers('+2250700003801')));
    expect(right.status).toBe(303);
    const payments = await stored();
    expect(payments).toHaveLength(2);
    const paid = payments.find((payment) => payment.reference !== wrong!.reference);
    expect(right.location).toBe(`/pay/p/${paid!.reference}?lang=en`);

    // Each set of answers keeps its own attempt: sent again, either leads to its payment.
    const wrongAgain = await pay.browser.post(FORM, formOf(again.text, fixedLinkAnswers('+2250700003703')));
    expect(wrongAgain.location).toBe(`/pay/p/${wrong!.reference}?lang=en`);
    const rightAgain = await pay.browser.post(FORM, formOf(again.text, fixedLinkAnswers('+2250700003801')));
    expect(rightAgain.location).toBe(`/pay/p/${paid!.reference}?lang=en`);
    expect(await stored()).toHaveLength(2);
  });

  it('in another language is the same attempt: it leads to the payment already made', async () => {
    const key = await payAndLoseTheAnswer(pay.browser, '+2250700003903');
    const french = await pay.browser.get('/pay/lnk_fixed_ci?lang=fr');
    expect(hidden(french.text, '_key')).toBe(key);
    const [payment] = await stored();

    const resent = await pay.browser.post(
      '/pay/lnk_fixed_ci?lang=fr',
      formOf(french.text, fixedLinkAnswers('+2250700003903')),
    );
    expect(resent.status).toBe(303);
    expect(resent.location).toBe(`/pay/p/${payment!.reference}?lang=fr`);
    expect(await stored()).toHaveLength(1);
  });
});

describe('a second payment to a phone already prompted', () => {
  it.each([
    ['en', 'A payment from this number is already waiting on your phone: approve it, or wait 60 min.'],
    ['fr', 'Un paiement depuis ce numéro attend déjà sur votre téléphone : validez-le, ou attendez 60 min.'],
  ])('is refused on the page in the payer’s language (%s), the answers kept', async (lang, alert) => {
    await payAndLoseTheAnswer(pay.browser, '+2250700003503');
    // Another browser (no attempt of its own), the same phone written another way.
    const other = new Browser(pay.t);
    const form = await other.get(`/pay/lnk_fixed_ci?lang=${lang}`);
    const refused = await other.post(
      `/pay/lnk_fixed_ci?lang=${lang}`,
      formOf(form.text, fixedLinkAnswers('07 00 00 35 03')),
    );
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(`<p class="alert" role="alert">${alert}</p>`);
    expect(refused.text).toContain('value="07 00 00 35 03"');
    expect(await stored()).toHaveLength(1);
  });
});

describe('the approve-on-phone page without script', () => {
  it.each(['en', 'fr', 'sw', 'ha', 'yo', 'wo'])(
    'says in %s what to do if it stops updating, beside its "Check again" link',
    async (lang) => {
      const messages = readMessages(lang);
      const form = await pay.browser.get(`/pay/lnk_fixed_ci?lang=${lang}`);
      const paid = await pay.browser.post(
        `/pay/lnk_fixed_ci?lang=${lang}`,
        formOf(form.text, fixedLinkAnswers('+2250700003603')),
      );
      const waiting = await pay.browser.get(paid.location!);
      expect(waiting.status).toBe(200);
      expect(waiting.response.headers.get('refresh')).toBe('5');
      expect(waiting.text).toMatch(
        new RegExp(
          `<p>${asWritten(messages.stalled)}</p>\\s*<a class="button secondary" href="/pay/p/pay_[0-9a-f]{32}\\?lang=${lang}">${asWritten(messages.checkAgain)}</a>`,
        ),
      );
    },
  );
});

function readMessages(lang: string): Messages {
  if (lang === 'en') return en;
  return JSON.parse(readFileSync(`widget/i18n/${lang}.json`, 'utf8')) as Messages;
}

/** `text` as the page writes it, as a pattern. */
const asWritten = (text: string) => escapeHtml(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
