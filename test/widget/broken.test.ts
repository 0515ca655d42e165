// The widget in a browser that lacks what Pay needs, or whose code fails: it never says it is ready
// when it cannot take the payment (its self-check), and any failure of its own (a handler that throws or
// rejects, a template that throws) ends in the pay page's link, announced as `pay-error`, never in a
// button that does nothing. The failures are injected as an older engine would have them.
import { expect } from '@open-wc/testing';
import { config, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, fill, heading, mount, rendered, submit, text } from './helpers.ts';
import type { PayCheckout } from '../../widget/element/pay-checkout.ts';

const NativeRegExp = RegExp;
const NativeNumberFormat = Intl.NumberFormat;
const nativeRandom = crypto.getRandomValues;

/** As Chrome before 50 (and every engine with the `v` flag mistake): a RegExp flag it does not know throws. */
function withoutUnicodeRegExps() {
  globalThis.RegExp = new Proxy(NativeRegExp, {
    construct(target, [source, flags]: [string, string?]) {
      if (flags?.includes('u'))
        throw new SyntaxError(`Invalid flags supplied to RegExp constructor '${flags}'`);
      return new target(source, flags);
    },
  });
}

/** As an engine with ICU data trimmed: a currency format it cannot make throws. */
function withoutCurrencyFormats() {
  Intl.NumberFormat = new Proxy(NativeNumberFormat, {
    construct(target, [locale, options]: [string, Intl.NumberFormatOptions?]) {
      if (options?.style === 'currency') throw new RangeError('Unsupported currency style');
      return new target(locale, options);
    },
  }) as typeof Intl.NumberFormat;
}

afterEach(() => {
  globalThis.RegExp = NativeRegExp;
  Intl.NumberFormat = NativeNumberFormat;
  crypto.getRandomValues = nativeRandom;
});

const types = (events: Event[]) => events.map((event) => event.type);
const details = (events: Event[], type: string) =>
  events.filter((event) => event.type === type).map((event) => (event as CustomEvent).detail);
const payPageLink = (el: PayCheckout) => $<HTMLAnchorElement>(el, 'a.pay__button');

function accepting(backend: FakeBackend) {
  return backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
}

/** The screen a failed widget shows: what happened, and the pay page's link (in the widget's language), out of any frame. */
function expectPayPageOffered(el: PayCheckout, href: string) {
  expect(heading(el)).to.equal('Something went wrong');
  expect(text(el)).to.contain('This checkout does not work in this browser.');
  const link = payPageLink(el)!;
  expect(link.textContent?.trim()).to.equal('Open the payment page');
  expect(link.href).to.equal(href);
  expect(link.target).to.equal('_top');
  expect(submit(el)).to.equal(null);
}

describe('<pay-checkout> when it cannot take the payment', () => {
  it('a RegExp without the u flag: no pay-ready, pay-error internal with no answer, the pay page’s link', async () => {
    withoutUnicodeRegExps();
    const backend = accepting(new FakeBackend());
    const { el, events } = await mount(
      backend,
      { link: 'lnk_1', api: 'https://pay.example.com/' },
      { ready: false },
    );
    await rendered(el, () => !!payPageLink(el), 'the pay page’s link');
    expectPayPageOffered(el, 'https://pay.example.com/pay/lnk_1?lang=en');
    expect(types(events)).to.deep.equal(['pay-error']);
    const [{ error, status }] = details(events, 'pay-error');
    expect(status).to.equal(0);
    expect(error.code).to.equal('internal');
    expect(error.message).to.contain("Invalid flags supplied to RegExp constructor 'u'");
    // The page kept its focus: a failure found while loading takes nothing from the page.
    expect(el.shadowRoot!.activeElement).to.equal(null);
    expect(backend.made('POST', 'payments')).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('an Intl without currency formats: the form never shows as ready; a session’s pay page instead', async () => {
    withoutCurrencyFormats();
    const checkout = config({ kind: 'session', id: 'cs_1', currency: 'GHS', currencyExponent: 2 });
    const { el, events } = await mount(new FakeBackend(checkout), { session: 'cs_1' }, { ready: false });
    await rendered(el, () => !!payPageLink(el), 'the pay page’s link');
    expectPayPageOffered(el, new URL('/pay/session/cs_1?lang=en', location.href).href);
    expect(types(events)).to.deep.equal(['pay-error']);
    expect(details(events, 'pay-error')[0].error.message).to.contain('Unsupported currency style');
  });

  it('Pay throws (the phone rule cannot compile): the pay page’s link, focused, and nothing sent', async () => {
    const backend = accepting(new FakeBackend());
    const { el, events } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    withoutUnicodeRegExps();
    submit(el).click();
    await rendered(el, () => !!payPageLink(el), 'the pay page’s link');
    expectPayPageOffered(el, new URL('/pay/lnk_1?lang=en', location.href).href);
    expect(el.shadowRoot!.activeElement).to.equal($(el, '.pay__heading'));
    expect(types(events)).to.deep.equal(['pay-ready', 'pay-error']);
    expect(details(events, 'pay-error')[0]).to.deep.include({ status: 0 });
    expect(backend.made('POST', 'payments')).to.have.length(0);
    // What the payer typed is still the widget's, for the pay page's own form (see the pay page's script).
    expect(el.answer({})).to.deep.equal({ 'method.phoneNumber': '0700000000' });
  });

  it('a handler that rejects (no random key at Pay): the pay page’s link, not "Please wait…" for ever', async () => {
    const backend = accepting(new FakeBackend());
    const { el, events } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    crypto.getRandomValues = () => {
      throw new DOMException('The operation is not supported', 'NotSupportedError');
    };
    submit(el).click();
    await rendered(el, () => !!payPageLink(el), 'the pay page’s link');
    expectPayPageOffered(el, new URL('/pay/lnk_1?lang=en', location.href).href);
    expect(types(events)).to.deep.equal(['pay-ready', 'pay-submit', 'pay-error']);
    expect(details(events, 'pay-error')[0].error.message).to.contain('not supported');
    expect(backend.made('POST', 'payments')).to.have.length(0);
  });

  it('pay-ready only once what Pay runs has run: the request it builds and a key of its own', async () => {
    const backend = accepting(new FakeBackend());
    let drawn = 0;
    crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T) => {
      drawn++;
      return nativeRandom.call(crypto, array as unknown as Uint8Array<ArrayBuffer>) as unknown as T;
    };
    const { events } = await mount(backend);
    expect(types(events)).to.deep.equal(['pay-ready']);
    expect(drawn).to.equal(1);
    expect(backend.requests.map((request) => request.path)).to.deep.equal(['links/lnk_1']);
  });
});
