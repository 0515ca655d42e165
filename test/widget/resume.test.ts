// A payment waiting on the provider's page, found again after a reload or a return without the
// provider's answer: the widget never sends the payer back there unasked.
import { expect, fixtureCleanup, oneEvent } from '@open-wc/testing';
import { config, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, click, heading, mount, submit, text } from './helpers.ts';

const onPage = payment({ action: 'redirect', redirectUrl: 'https://provider.example/pay/1', total: 15_150 });

function saved(provider?: string) {
  sessionStorage.setItem(
    'pay-checkout:lnk_1',
    JSON.stringify({ reference: 'pay_ref_1', token: 'tok_saved', provider }),
  );
}

describe('<pay-checkout> resuming a payment on the provider page', () => {
  it('offers to continue there or start again; starting again cancels it and forgets it', async () => {
    saved('mtn');
    const backend = new FakeBackend();
    backend.on('GET', 'payments/pay_ref_1', () => ok(onPage));
    backend.on('POST', 'payments/pay_ref_1/cancel', () =>
      ok(payment({ status: 'cancelled', action: 'none' })),
    );
    const { el, events } = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(heading(el)).to.equal('Finish your payment');
    expect(backend.navigated, 'nothing navigates by itself').to.deep.equal([]);
    const page = $<HTMLAnchorElement>(el, 'a.pay__button')!;
    expect([page.textContent!.trim(), page.href, page.target]).to.deep.equal([
      'Continue to MTN MoMo',
      'https://provider.example/pay/1',
      '_self',
    ]);
    expect(text(el))
      .to.contain('pay_ref_1')
      .and.match(/15,150/);
    expect(el.shadowRoot!.activeElement, 'a reload does not steal focus').to.equal(null);
    await expect(el).to.be.accessible();

    await click(el, 'Start again');
    await oneEvent(el, 'pay-cancel');
    await el.updateComplete;
    expect(backend.made('POST', 'payments/pay_ref_1/cancel')[0]!.headers['payment-token']).to.equal(
      'tok_saved',
    );
    expect(heading(el)).to.equal('Awa Couture');
    expect(text(el)).to.contain('Payment cancelled. You can try again.');
    expect(sessionStorage.getItem('pay-checkout:lnk_1')).to.equal(null);
    expect(events.map((event) => event.type)).to.deep.equal(['pay-ready', 'pay-pending', 'pay-cancel']);
  });

  it('a hosted payment (no method of this checkout) offers the payment page by its generic name', async () => {
    saved();
    const backend = new FakeBackend();
    backend.on('GET', 'payments/pay_ref_1', () => ok(onPage));
    const { el } = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect($(el, 'a.pay__button')!.textContent!.trim()).to.equal('Open the payment page');
    expect(backend.navigated).to.deep.equal([]);
  });
});

describe('two checkouts of one link on a page', () => {
  it('each keeps its own payment: back from the provider page, only the one the payer used resumes', async () => {
    sessionStorage.clear();
    const backend = new FakeBackend(config({ hosted: true, methods: [] }));
    backend.on('POST', 'payments', () => ok({ payment: onPage, token: 'tok_2' }, 201));
    backend.on('GET', `payments/${onPage.reference}`, () => ok(onPage));
    await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    const used = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    submit(used.el).click();
    await oneEvent(used.el, 'pay-pending');
    expect(backend.navigated).to.deep.equal(['https://provider.example/pay/1']);

    // The page comes back (a reload, or the way back from the provider's page): both elements again.
    fixtureCleanup();
    const other = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    const again = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    await oneEvent(again.el, 'pay-pending');
    await again.el.updateComplete;
    expect(heading(again.el)).to.equal('Finish your payment');
    expect(heading(other.el), 'the other checkout shows its own empty form').to.equal('Awa Couture');
    expect(sessionStorage.getItem('pay-checkout:lnk_1')).to.equal(null);
  });
});
