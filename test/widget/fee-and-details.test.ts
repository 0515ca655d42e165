// What the payer sees before and while paying: the fee up front, the amount while waiting, values to
// copy, a USSD code to tap, and no choice where there is only one.
import { expect, oneEvent } from '@open-wc/testing';
import type { CheckoutConfig, CreatePayment, Method, Payment } from '../../widget/shared/contract.ts';
import type { PayCheckout } from '../../widget/element/pay-checkout.ts';
import { config, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, $$, choose, fill, mount, rendered, submit, text } from './helpers.ts';

const ngn = (overrides: Partial<CheckoutConfig> = {}) =>
  config({
    currency: 'NGN',
    currencyExponent: 2,
    country: 'NG',
    amount: { fixed: 150_000 },
    hosted: true,
    methods: [
      { provider: 'opay', label: 'OPay', inputs: [], fee: { basisPoints: 100, fixed: 0 } },
      { provider: 'palmpay', label: 'PalmPay', inputs: [], fee: { basisPoints: 150, fixed: 1_000 } },
      { provider: 'free', label: 'Free Pay', inputs: [] },
    ],
    ...overrides,
  });

const live = (el: PayCheckout) => $(el, '[role="status"]')!.textContent!.trim();
const button = (el: PayCheckout) => submit(el).textContent!.replace(/\s+/g, ' ').trim();
const feeLine = (el: PayCheckout) => $(el, '#pay-fee')?.textContent?.replace(/\s+/g, ' ').trim();

async function paying(answer: Payment, checkout: CheckoutConfig = config()) {
  const backend = new FakeBackend(checkout);
  backend.on('POST', 'payments', () => ok({ payment: answer, token: 'tok_1' }, 201));
  const mounted = await mount(backend);
  await fill(mounted.el, 'method.phoneNumber', '0700000000');
  submit(mounted.el).click();
  await rendered(mounted.el, () => backend.made('POST', 'payments').length === 1, 'payment created');
  return mounted;
}

describe('<pay-checkout> fee and payment details', () => {
  it('the pay button shows the total with the fee itemised, following the method and the amount', async () => {
    const { el } = await mount(new FakeBackend(ngn()));
    // The first frame formats money by hand (Intl's first use is slow); the next one through Intl.
    await rendered(el, () => button(el) === 'Pay NGN 1,515.00', 'the total, through Intl');
    expect(feeLine(el)).to.equal('Includes a NGN 15.00 fee');
    expect(submit(el).getAttribute('aria-describedby')).to.equal('pay-fee');
    await choose(el, 'method.provider', 'palmpay');
    expect(button(el), '1.5% rounded up, plus NGN 10').to.equal('Pay NGN 1,532.50');
    expect(feeLine(el)).to.equal('Includes a NGN 32.50 fee');
    for (const free of ['free', 'hosted']) {
      await choose(el, 'method.provider', free);
      expect(button(el), free).to.equal('Pay NGN 1,500.00');
      expect(feeLine(el), free).to.equal(undefined);
      expect(submit(el).hasAttribute('aria-describedby')).to.equal(false);
    }
    await expect(el).to.be.accessible();

    const typed = await mount(new FakeBackend(ngn({ amount: { fixed: null, min: 100 } })));
    expect(button(typed.el)).to.equal('Pay now');
    await fill(typed.el, 'amount', '2,000.01');
    expect(button(typed.el)).to.equal('Pay NGN 2,020.02');
    expect(feeLine(typed.el)).to.equal('Includes a NGN 20.01 fee');
  });

  it("processing shows the amount, the provider's own total when it has one", async () => {
    const { el } = await paying(
      payment({ status: 'processing', action: 'processing', fee: 160, total: 15_160 }),
    );
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(text(el)).to.match(/Amount\s*\D*15,160\s*Reference/);
    await expect(el).to.be.accessible();
  });

  it('bank transfer: the account number and the reference have copy buttons that announce the copy', async () => {
    const copied: string[] = [];
    const clipboard = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')!;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (value: string) => (copied.push(value), Promise.resolve()) },
    });
    try {
      const transfer = payment({
        action: 'bank-transfer',
        bankTransfer: { bankName: 'Wema Bank', accountNumber: '0123456789', accountName: 'Awa Couture' },
      });
      const { el } = await paying(transfer);
      await oneEvent(el, 'pay-pending');
      await el.updateComplete;
      const copies = $$(el, '.pay__copy');
      expect(copies.map((copy) => copy.getAttribute('aria-label'))).to.deep.equal([
        'Copy Account number',
        'Copy Reference',
      ]);
      expect(live(el)).to.equal('Pay by bank transfer');
      // The value is in monospace, its button in the card's font.
      const fontOf = (node: Element) => getComputedStyle(node).fontFamily;
      expect(fontOf(copies[0]!.parentElement!)).to.contain('monospace');
      expect(fontOf(copies[0]!)).to.equal(fontOf($(el, '.pay__text') ?? el.shadowRoot!.firstElementChild!));
      copies[0]!.click();
      await rendered(el, () => live(el) === 'Copied', 'announced');
      copies[1]!.click();
      await rendered(el, () => copied.length === 2, 'second copy');
      expect(copied).to.deep.equal(['0123456789', 'pay_ref_1']);
      await expect(el).to.be.accessible();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
      expect(Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard')).to.deep.equal(clipboard);
    }
  });

  it("otp: the step's text is the payer's language, not the provider's message", async () => {
    const french = (await (await fetch('/widget/i18n/fr.json')).json()) as Record<string, string>;
    const message = 'Enter the one-time code sent to your phone by SMS';
    const { el } = await paying(payment({ action: 'otp', message }), config({ locale: 'fr', messages: french }));
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    expect($(el, '.pay__text')!.textContent!.trim()).to.equal(french.otpText);
    expect(text(el)).not.to.contain(message);
  });

  it("pre-otp: the provider's USSD code is a tel: link with # escaped; the rest stays text", async () => {
    const message = 'Dial *144*8*1# <b>or</b> *126# then enter the code';
    const { el } = await paying(payment({ action: 'pre-otp', message }));
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    const links = $$<HTMLAnchorElement>(el, 'a.pay__ussd');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).to.deep.equal([
      ['*144*8*1#', 'tel:*144*8*1%23'],
      ['*126#', 'tel:*126%23'],
    ]);
    expect($(el, '.pay__text')!.textContent!.trim()).to.equal(message); // the template's own indentation aside
    expect($(el, '.pay__text b')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a network group with one option is not shown; its value is sent', async () => {
    const single: Method = {
      provider: 'mtn',
      label: 'MTN MoMo',
      inputs: [],
      networks: [{ name: 'MTN', value: 'MTN' }],
    };
    const { el, backend } = await paying(payment(), config({ methods: [single] }));
    void el;
    expect($$(el, '[name="method.network"]')).to.deep.equal([]);
    expect((backend.made('POST', 'payments')[0]!.body as CreatePayment).method).to.deep.equal({
      kind: 'direct',
      provider: 'mtn',
      network: 'MTN',
      phoneNumber: '0700000000',
      returnUrl: location.href,
    });
  });
});
