// A payment waiting on the provider's page, found again after a reload or a return without the
// provider's answer: the widget never sends the payer back there unasked.
import { expect, fixtureCleanup, oneEvent } from '@open-wc/testing';
import { config, fail, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, click, control, fill, heading, mount, rendered, submit, text } from './helpers.ts';

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

describe('an attempt whose answer was lost', () => {
  const KEPT = 'pay-checkout:lnk_1';
  const kept = () => JSON.parse(sessionStorage.getItem(KEPT) ?? 'null') as Record<string, unknown> | null;
  const lost = () => {
    throw new TypeError('Failed to fetch');
  };
  const network = 'We could not reach the payment service. Check your connection and try again.';

  /** Pays on a fresh tab whose creation the network loses; the error is on screen. */
  async function payAndLoseTheAnswer(backend: FakeBackend) {
    backend.on('POST', 'payments', lost);
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.equal(network);
    return backend.made('POST', 'payments')[0]!;
  }

  /** The page again (a reload): the element comes back on the same tab's storage. */
  async function reload(backend: FakeBackend, ready = true) {
    fixtureCleanup();
    return mount(backend, { link: 'lnk_1' }, { keepSaved: true, ready });
  }

  it('is kept in the tab before its request leaves: key, body, answers and when', async () => {
    const backend = new FakeBackend();
    let seen: Record<string, unknown> | null = null;
    backend.on('POST', 'payments', () => {
      seen = kept();
      return lost();
    });
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    const before = Date.now();
    submit(el).click();
    await oneEvent(el, 'pay-error');
    const sent = backend.made('POST', 'payments')[0]!;
    expect(seen).to.deep.equal(kept(), 'no answer: still kept as it was when the request left');
    const { key, body, at, answers } = seen! as { key: string; body: string; at: number; answers: object };
    expect([key, JSON.parse(body)]).to.deep.equal([sent.headers['idempotency-key'], sent.body]);
    expect(answers).to.deep.equal({ 'method.phoneNumber': '0700000000' });
    expect(at).to.be.within(before, Date.now());
  });

  it('a reload sends it again with the same key and lands on the code step of the payment it made', async () => {
    const backend = new FakeBackend();
    const first = await payAndLoseTheAnswer(backend);
    // The server made the payment: the replay is answered with it (and its token).
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_replayed' }, 201));
    backend.on('POST', 'payments/pay_ref_1/confirm', () =>
      ok(payment({ status: 'processing', action: 'processing' })),
    );

    const { el, events } = await reload(backend, false);
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    expect(heading(el)).to.equal('Enter your code');
    const [, again] = backend.made('POST', 'payments');
    expect(again!.headers['idempotency-key']).to.equal(first.headers['idempotency-key']);
    expect(again!.body).to.deep.equal(first.body);
    expect(backend.made('POST', 'payments')).to.have.length(2);
    expect(kept()).to.deep.include({ reference: 'pay_ref_1', token: 'tok_replayed' });
    expect(kept()).not.to.have.property('key');
    expect(el.shadowRoot!.activeElement, 'a reload does not steal focus').to.equal(null);
    expect(events.map((event) => event.type)).to.deep.equal(['pay-ready', 'pay-otp-required']);

    await fill(el, 'otp', '123456');
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    expect(backend.made('POST', 'payments/pay_ref_1/confirm')[0]!.headers['payment-token']).to.equal(
      'tok_replayed',
    );
  });

  it('a reload that still gets no answer shows the form as filled, whose Pay sends the same key', async () => {
    const backend = new FakeBackend();
    const first = await payAndLoseTheAnswer(backend);
    const { el } = await reload(backend, false);
    await oneEvent(el, 'pay-error');
    await rendered(el, () => !!control(el, 'method.phoneNumber'), 'the form');
    expect(control(el, 'method.phoneNumber').value).to.equal('0700000000');
    expect(kept()).to.have.property('key', first.headers['idempotency-key']);

    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    const keys = backend.made('POST', 'payments').map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size, keys.join()).to.equal(1);
    expect(keys).to.have.length(3);
  });

  it('an answer cut midway is no answer: the attempt is kept, and says the service could not be reached', async () => {
    const backend = new FakeBackend();
    backend.on(
      'POST',
      'payments',
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"statusCode":201,"data":{"payment":{"ref'));
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect($(el, '[part="error"]')!.textContent).to.equal(network);
    expect(kept()).to.have.property('key', backend.made('POST', 'payments')[0]!.headers['idempotency-key']);
  });

  it('a replay refused (the key conflicts or expired) leaves the form as filled and forgets the attempt', async () => {
    const backend = new FakeBackend();
    await payAndLoseTheAnswer(backend);
    backend.on('POST', 'payments', () => fail(422, 'idempotency_conflict'));
    const { el } = await reload(backend, false);
    await oneEvent(el, 'pay-error');
    await rendered(el, () => !!control(el, 'method.phoneNumber'), 'the form');
    expect(control(el, 'method.phoneNumber').value).to.equal('0700000000');
    expect(kept()).to.equal(null);

    // Pay again: a new attempt, with a key of its own.
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    const keys = backend.made('POST', 'payments').map((request) => request.headers['idempotency-key']);
    expect(keys[2]).not.to.equal(keys[0]);
  });

  it('an attempt older than half an hour is not sent again', async () => {
    sessionStorage.setItem(
      KEPT,
      JSON.stringify({ key: 'k'.repeat(32), body: '{}', at: Date.now() - 31 * 60_000, answers: {} }),
    );
    const backend = new FakeBackend();
    const { el } = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    expect(heading(el)).to.equal('Awa Couture');
    expect(backend.made('POST', 'payments')).to.deep.equal([]);
  });

  it('a definite answer replaces it: a payment with its token, or nothing after a refusal', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    expect(kept()).to.deep.equal({
      reference: 'pay_ref_1',
      token: 'tok_1',
      provider: 'mtn',
      answers: { 'method.phoneNumber': '0700000000' },
      config: config(),
    });

    const refused = new FakeBackend();
    refused.on('POST', 'payments', () => fail(422, 'validation_failed', 'Bad number'));
    const again = await mount(refused);
    await fill(again.el, 'method.phoneNumber', '0700000000');
    submit(again.el).click();
    await oneEvent(again.el, 'pay-error');
    expect(kept()).to.equal(null);
  });

  it('storage that throws does not stop Pay', async () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    const saved = {
      get: Storage.prototype.getItem,
      set: Storage.prototype.setItem,
      remove: Storage.prototype.removeItem,
    };
    Storage.prototype.getItem = Storage.prototype.setItem = Storage.prototype.removeItem = blocked;
    try {
      const backend = new FakeBackend();
      let tries = 0;
      backend.on('POST', 'payments', () =>
        ++tries === 1 ? lost() : ok({ payment: payment(), token: 'tok_1' }, 201),
      );
      const { el } = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
      await fill(el, 'method.phoneNumber', '0700000000');
      submit(el).click();
      await oneEvent(el, 'pay-error');
      await el.updateComplete;
      submit(el).click();
      await oneEvent(el, 'pay-otp-required');
      await el.updateComplete;
      expect(heading(el)).to.equal('Enter your code');
      const keys = backend.made('POST', 'payments').map((request) => request.headers['idempotency-key']);
      expect(keys[1]).to.equal(keys[0]);
    } finally {
      Object.assign(Storage.prototype, { getItem: saved.get, setItem: saved.set, removeItem: saved.remove });
    }
  });
});

describe('a cart (session) paid on the provider page', () => {
  it('back from the page, shows the payment the session was paid with, not "not available"', async () => {
    sessionStorage.clear();
    const session = config({ kind: 'session', id: 'cs_1', hosted: true, methods: [] });
    const backend = new FakeBackend(session);
    backend.on('POST', 'payments', () => ok({ payment: onPage, token: 'tok_2' }, 201));
    const first = await mount(backend, { session: 'cs_1' }, { keepSaved: true });
    submit(first.el).click();
    await oneEvent(first.el, 'pay-pending');
    expect(backend.navigated).to.deep.equal(['https://provider.example/pay/1']);

    // Paid there: the session now answers 409, and the provider sends the payer back with our reference.
    backend.on('GET', 'sessions/cs_1', () =>
      fail(409, 'session_paid', 'This checkout session is already paid'),
    );
    const paid = payment({
      status: 'success',
      action: 'none',
      paidAt: '2026-03-01T10:00:00Z',
      total: 15_150,
    });
    backend.on('GET', 'payments/pay_ref_1', () => ok(paid));
    const original = location.href;
    history.replaceState(null, '', '?pay_reference=pay_ref_1');
    try {
      fixtureCleanup();
      const back = await mount(backend, { session: 'cs_1' }, { keepSaved: true, ready: false });
      // Before, the 409 was the end of it: a pay-error and "This payment is not available".
      const outcome = await Promise.race([oneEvent(back.el, 'pay-success'), oneEvent(back.el, 'pay-error')]);
      await back.el.updateComplete;
      expect([outcome.type, heading(back.el)]).to.deep.equal(['pay-success', 'Payment successful']);
      expect(outcome.detail.payment).to.deep.equal(paid);
      expect(backend.made('GET', 'payments/pay_ref_1')[0]!.headers['payment-token']).to.equal('tok_2');
      expect(back.events.map((event) => event.type)).to.deep.equal(['pay-ready', 'pay-success']);

      // Reloaded after the success, with or without the reference: still the paid cart, never "not available".
      for (const query of ['?pay_reference=pay_ref_1', '?']) {
        history.replaceState(null, '', query);
        fixtureCleanup();
        const again = await mount(backend, { session: 'cs_1' }, { keepSaved: true, ready: false });
        const shown = await Promise.race([oneEvent(again.el, 'pay-success'), oneEvent(again.el, 'pay-error')]);
        await again.el.updateComplete;
        expect([query, shown.type, heading(again.el)]).to.deep.equal([query, 'pay-success', 'Payment successful']);
      }
    } finally {
      history.replaceState(null, '', original);
    }
  });
});
