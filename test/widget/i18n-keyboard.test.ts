import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { en } from '../../widget/shared/en.ts';
import { config, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, control, errorOf, fill, heading, mount, rendered, submit, text } from './helpers.ts';

describe('<pay-checkout> languages', () => {
  it('French: every message translated, fetched on demand; money and dates through Intl', async () => {
    const french = (await (await fetch('/widget/i18n/fr.json')).json()) as Record<string, string>;
    expect(Object.keys(french).sort()).to.deep.equal(Object.keys(en).sort());
    for (const [key, value] of Object.entries(french)) {
      const placeholders = (template: string) => (template.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(value), key).to.deep.equal(placeholders(en[key as keyof typeof en]));
    }

    const backend = new FakeBackend(config({ anonymous: false }));
    const { el } = await mount(backend, { link: 'lnk_1', locale: 'fr-CI' });
    await rendered(el, () => text(el).includes('Vos coordonnées'), 'French loaded');
    expect(backend.made('GET', 'locales/fr.json')).to.have.length(1);
    expect($(el, '.pay')!.lang).to.equal('fr-CI');
    expect(text(el)).to.contain('Montant à payer').and.contain('Nom complet');
    expect(submit(el).textContent!.trim()).to.equal(
      `Payer ${new Intl.NumberFormat('fr-CI', { style: 'currency', currency: 'XOF' }).format(15000)}`,
    );
    submit(el).click();
    await el.updateComplete;
    expect(errorOf(el, 'customer.name')).to.equal('Ce champ est obligatoire.');
    await expect(el).to.be.accessible();
  });

  it('locale from the config, then from <html lang>; a change of locale at run time re-renders', async () => {
    const { el } = await mount(new FakeBackend(config({ locale: 'fr' })));
    await rendered(el, () => text(el).includes('Montant à payer'), 'config locale');

    document.documentElement.lang = 'fr';
    try {
      const second = await mount(new FakeBackend());
      await rendered(second.el, () => text(second.el).includes('Montant à payer'), 'html lang');
      second.el.locale = 'en';
      await rendered(second.el, () => text(second.el).includes('Amount to pay'), 'back to English');
    } finally {
      document.documentElement.lang = '';
    }
  });

  it('Wolof, which Chromium cannot format: money as Senegal writes it, the deadline in digits, its zone named', async () => {
    const deadline = new Date(2026, 2, 2, 10, 5).toISOString();
    const backend = new FakeBackend(config({ locale: 'wo', country: 'SN' }));
    const transfer = payment({
      action: 'bank-transfer',
      bankTransfer: {
        bankName: 'CBAO',
        accountNumber: 'SN012',
        accountName: 'Awa Couture',
        expiresAt: deadline,
      },
    });
    backend.on('POST', 'payments', () => ok({ payment: transfer, token: 'tok_1' }, 201));
    const { el } = await mount(backend);
    await rendered(el, () => text(el).includes('Xaalis bi ngay fey'), 'Wolof loaded');
    expect(submit(el).textContent!.trim()).to.equal('Fey 15\u202f000\u00a0FCFA');

    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(heading(el)).to.equal('Fey ci banq');
    // The browser's own zone, named: this machine's, GMT or UTC whole hours away.
    expect(text(el)).to.match(/Yónneel xaalis bi balaa 02\/03\/2026, 10:05 (UTC|GMT([+-]\d+)?)\./);
    expect(text(el)).to.contain('Xaalis bi 15 000 FCFA', 'text() writes every space as one');
    await expect(el).to.be.accessible();
  });

  it('an unknown language falls back to English', async () => {
    const { el } = await mount(new FakeBackend(), { link: 'lnk_1', locale: 'zu' });
    await el.updateComplete;
    expect(text(el)).to.contain('Amount to pay');
  });
});

describe('<pay-checkout> by keyboard only', () => {
  it('completes a payment with Tab, typing, arrows and Enter', async () => {
    const backend = new FakeBackend(config({ anonymous: false }));
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok' }, 201));
    backend.on('POST', 'payments/pay_ref_1/confirm', () =>
      ok(payment({ status: 'success', action: 'none' })),
    );
    const { el } = await mount(backend);
    const active = () => el.shadowRoot!.activeElement as HTMLInputElement | null;

    await sendKeys({ press: 'Tab' });
    expect(active()!.name).to.equal('customer.name');
    await sendKeys({ type: 'Awa Diallo' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'awa@example.com' });
    await sendKeys({ press: 'Tab' });
    expect(active()!.name).to.equal('method.provider');
    await sendKeys({ press: 'ArrowRight' });
    expect(active()!.value).to.equal('orange');
    await sendKeys({ press: 'Tab' });
    expect(active()!.name).to.equal('method.phoneNumber');
    expect(active()!.labels![0]!.textContent).to.contain('Phone number');
    await sendKeys({ type: '0700000000' });
    const otpStep = oneEvent(el, 'pay-otp-required');
    await sendKeys({ press: 'Enter' });
    await otpStep;
    await el.updateComplete;
    expect(active()!.classList.contains('pay__heading'), 'focus on the new step').to.equal(true);

    await sendKeys({ press: 'Tab' });
    expect(active()).to.equal(control(el, 'otp'));
    await sendKeys({ type: '123456' });
    const paid = oneEvent(el, 'pay-success');
    await sendKeys({ press: 'Enter' });
    await paid;
    await el.updateComplete;
    expect(heading(el)).to.equal('Payment successful');
    expect(backend.made('POST', 'payments')[0]!.body).to.deep.include({
      customer: { name: 'Awa Diallo', email: 'awa@example.com', phoneNumber: '0700000000' },
      method: { kind: 'direct', provider: 'orange', phoneNumber: '0700000000', returnUrl: location.href },
    });
  });
});

describe('<pay-checkout> theme', () => {
  it('light by default, dark by attribute; --pay-* properties win', async () => {
    const { el } = await mount();
    const card = $(el, '.pay')!;
    const light = getComputedStyle(card).backgroundColor;
    el.theme = 'dark';
    await el.updateComplete;
    expect(getComputedStyle(card).backgroundColor).not.to.equal(light);
    await expect(el).to.be.accessible();
    el.style.setProperty('--pay-color-background', 'rgb(1, 2, 3)');
    expect(getComputedStyle(card).backgroundColor).to.equal('rgb(1, 2, 3)');
  });

  it('loading is announced in the language the attribute names, and accessible', async () => {
    const backend = new FakeBackend();
    backend.on('GET', 'links/lnk_1', () => new Promise<Response>(() => undefined));
    const { el } = await mount(backend, { link: 'lnk_1', locale: 'en' }, { ready: false });
    expect($(el, '[role="status"]')!.textContent).to.equal('Loading…');
    await expect(el).to.be.accessible();
  });
});
