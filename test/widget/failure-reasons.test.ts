/**
 * Texts the server or the provider wrote are English: the widget shows them only while it speaks
 * English. On a French link, a failure's code, a lockout, the pre-OTP instructions and the server's
 * refusals are all in the widget's own French, and no English word of theirs or ours is on screen.
 */
import { expect, oneEvent } from '@open-wc/testing';
import type { Payment } from '../../widget/shared/contract.ts';
import { en } from '../../widget/shared/en.ts';
import type { PayCheckout } from '../../widget/element/pay-checkout.ts';
import { config, fail, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, errorOf, fill, heading, mount, rendered, submit, text } from './helpers.ts';

let french: Record<string, string>;
/** Every English message (the parts around its placeholders) that French does not share. */
let englishTexts: string[];
before(async () => {
  french = (await (await fetch('/widget/i18n/fr.json')).json()) as Record<string, string>;
  englishTexts = Object.entries(en)
    .flatMap(([key, english]) => (english === french[key] ? [] : english.split(/\{\w+\}/)))
    .map((part) => part.trim())
    .filter((part) => part.length > 3);
});
const frenchLink = () => new FakeBackend(config({ locale: 'fr', messages: french }));

/** The English on screen, as whole words: our messages, and the texts the server wrote (`theirs`). */
const englishIn = (el: PayCheckout, theirs: string[]) => {
  const shown = text(el);
  const escape = (english: string) => english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...englishTexts, ...theirs].filter((english) =>
    new RegExp(`(?<!\\p{L})${escape(english)}(?!\\p{L})`, 'u').test(shown),
  );
};

async function paying(first: Payment, backend: FakeBackend) {
  backend.on('POST', 'payments', () => ok({ payment: first, token: 'tok_1' }, 201));
  const mounted = await mount(backend);
  await fill(mounted.el, 'method.phoneNumber', '0700000000');
  submit(mounted.el).click();
  return mounted;
}

/** Pays on `backend`, then the payment fails as `failed` says, pushed on its event stream. */
async function failing(backend: FakeBackend, failed: Partial<Payment>) {
  const mounted = await paying(payment({ status: 'processing', action: 'processing' }), backend);
  await rendered(mounted.el, () => backend.streams.length === 1, 'stream');
  backend.push(payment({ status: 'failed', action: 'none', ...failed }));
  await oneEvent(mounted.el, 'pay-failed');
  await mounted.el.updateComplete;
  return mounted;
}

const PROVIDER_REASON = 'Insufficient funds in the payer wallet';

describe('<pay-checkout> no server English on a French link', () => {
  it("a failure's known code: the French text for it, and no English", async () => {
    const { el } = await failing(frenchLink(), {
      message: PROVIDER_REASON,
      failureCode: 'insufficient_funds',
    });
    expect(heading(el)).to.equal('Échec du paiement');
    expect(text(el)).to.contain('Votre solde est insuffisant.');
    expect(englishIn(el, [PROVIDER_REASON])).to.deep.equal([]);
  });

  it('a failure without a code, or with one this widget does not know: the generic French text', async () => {
    for (const failureCode of [undefined, 'card_velocity' as never]) {
      const reason = 'Transaction rejected by the switch';
      const { el } = await failing(frenchLink(), { message: reason, failureCode });
      expect(text(el)).to.contain('Le paiement n’a pas abouti.');
      expect(englishIn(el, [reason])).to.deep.equal([]);
      el.remove();
    }
  });

  it("in English too, our text for a known code and our generic one for any other, never the provider's", async () => {
    const known = await failing(new FakeBackend(), {
      message: PROVIDER_REASON,
      failureCode: 'insufficient_funds',
    });
    expect(text(known.el)).to.contain('Your balance is too low.').and.not.contain(PROVIDER_REASON);
    known.el.remove();
    const unknown = await failing(new FakeBackend(), { message: 'Transaction rejected by the switch' });
    expect(text(unknown.el))
      .to.contain('The payment did not go through.')
      .and.not.contain('Transaction rejected by the switch');
  });

  it("five wrong codes: the lockout in French, not the server's English refusal", async () => {
    const backend = frenchLink();
    const refusal = 'Too many wrong codes: this payment has failed. Start a new payment.';
    backend.on('POST', 'payments/pay_ref_1/confirm', () => fail(422, 'otp_locked', refusal));
    const { el } = await paying(payment({ attemptsLeft: 1 }), backend);
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    await fill(el, 'otp', '000000');
    submit(el).click();
    const failed = await oneEvent(el, 'pay-failed');
    expect(failed.detail.payment.failureCode).to.equal('otp_locked');
    await el.updateComplete;
    expect(text(el)).to.contain('Trop de codes incorrects.');
    expect(englishIn(el, [refusal])).to.deep.equal([]);
  });

  it("pre-OTP: the USSD code the provider names, in the widget's French sentence, as a link", async () => {
    const instructions = 'Dial *144*8*1# on your phone to get a customer code, then enter it';
    const { el } = await paying(payment({ action: 'pre-otp', message: instructions }), frenchLink());
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    expect(heading(el)).to.equal('Obtenez votre code');
    expect(text(el)).to.contain('Composez le *144*8*1# pour obtenir votre code client.');
    expect($<HTMLAnchorElement>(el, '.pay__ussd')!.getAttribute('href')).to.equal('tel:*144*8*1%23');
    expect(englishIn(el, ['Dial', 'customer code'])).to.deep.equal([]);
  });

  it("the server's refusal of the form: French in the alert and under the field it names", async () => {
    const backend = frenchLink();
    const field = 'is not a number this provider can charge';
    backend.on('POST', 'payments', () =>
      fail(400, 'validation_failed', 'Invalid input', {
        fields: [{ path: 'method.phoneNumber', message: field }],
      }),
    );
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect($(el, '.pay__alert')!.textContent).to.equal('Corrigez les champs signalés.');
    expect(errorOf(el, 'method.phoneNumber')).to.equal('Vérifiez cette valeur.');
    expect(englishIn(el, [field, 'Invalid input'])).to.deep.equal([]);

    backend.on('POST', 'payments', () =>
      fail(502, 'provider_error', 'The payment provider refused the payment'),
    );
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect($(el, '.pay__alert')!.textContent).to.equal('Un problème est survenu');
    expect(englishIn(el, ['The payment provider refused the payment'])).to.deep.equal([]);
  });

  it("a config that cannot be loaded, in French: our reason, not the server's", async () => {
    const backend = new FakeBackend();
    backend.on('GET', 'links/lnk_1', () => fail(500, 'internal', 'An unexpected error occurred'));
    const { el } = await mount(backend, { link: 'lnk_1', locale: 'fr' }, { ready: false });
    await oneEvent(el, 'pay-error');
    await rendered(el, () => heading(el) === 'Un problème est survenu', 'the French error step');
    expect(text(el)).to.contain('Impossible de joindre le service de paiement.');
    expect(englishIn(el, ['An unexpected error occurred'])).to.deep.equal([]);
  });
});
