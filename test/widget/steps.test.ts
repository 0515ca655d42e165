import { expect, oneEvent } from '@open-wc/testing';
import type { CreatePayment, Payment } from '../../widget/shared/contract.ts';
import type { PayCheckout } from '../../widget/element/pay-checkout.ts';
import { config, fail, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, click, control, errorOf, fill, heading, mount, rendered, submit, text } from './helpers.ts';

const processing = (extra: Partial<Payment> = {}) =>
  payment({ status: 'processing', action: 'processing', ...extra });
const success = (extra: Partial<Payment> = {}) =>
  payment({ status: 'success', action: 'none', paidAt: '2026-03-01T10:00:00Z', ...extra });

/** Mounts on a backend whose payment creation answers `first`, fills the phone and submits. */
async function paying(first: Payment, backend = new FakeBackend(), attributes?: Record<string, string>) {
  backend.on('POST', 'payments', () => ok({ payment: first, token: 'tok_1' }, 201));
  const mounted = await mount(backend, attributes);
  await fill(mounted.el, 'method.phoneNumber', '0700000000');
  submit(mounted.el).click();
  return mounted;
}

const focused = (el: PayCheckout) => el.shadowRoot!.activeElement;

/** A payment the provider's page must complete (a hosted checkout, or a direct charge answered so). */
const onProviderPage = () => payment({ action: 'redirect', redirectUrl: 'https://provider.example/pay/1' });

describe('<pay-checkout> steps', () => {
  it('OTP: wrong code, then the right one; processing; verified success with receipt', async () => {
    const backend = new FakeBackend();
    let tries = 0;
    backend.on('POST', 'payments/pay_ref_1/confirm', () =>
      ++tries === 1 ? fail(422, 'invalid_otp', 'Invalid OTP', { attemptsLeft: 4 }) : ok(processing()),
    );
    const otp = payment({ fee: 150, total: 15150, expiresAt: '2026-03-01T10:10:00Z' });
    const { el, events } = await paying(otp, backend);
    const required = await oneEvent(el, 'pay-otp-required');
    expect(required.detail.payment).to.deep.equal(otp);
    await el.updateComplete;
    expect(heading(el)).to.equal('Enter your code');
    expect(focused(el)).to.equal($(el, '.pay__heading'));
    const code = control(el, 'otp');
    expect([code.autocomplete, code.inputMode, code.required]).to.deep.equal([
      'one-time-code',
      'numeric',
      true,
    ]);
    expect(text(el)).to.match(/Tries left: 5 · Expires at \d\d:\d\d (UTC|GMT([+-]\d+)?)\b/);
    expect(text(el)).to.match(/Fee\D*150\s*Total\D*15[\s\u202f,.]150/);
    await expect(el).to.be.accessible();

    submit(el).click();
    await el.updateComplete;
    expect(errorOf(el, 'otp')).to.equal('This field is required.');
    await fill(el, 'otp', '111111');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect(errorOf(el, 'otp')).to.equal('Wrong code.');
    expect(text(el)).to.contain('Tries left: 4');
    expect(control(el, 'otp').value).to.equal('');
    expect(focused(el)).to.equal(control(el, 'otp'));
    await expect(el).to.be.accessible();

    await fill(el, 'otp', '123456');
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    const confirms = backend.made('POST', 'payments/pay_ref_1/confirm');
    expect(confirms.map((request) => request.body)).to.deep.equal([{ otp: '111111' }, { otp: '123456' }]);
    expect(confirms[1]!.headers['payment-token']).to.equal('tok_1');
    expect(heading(el)).to.equal('Confirming your payment');
    expect($(el, '.pay__live')!.textContent).to.equal('Confirming your payment');
    expect($(el, 'progress')).not.to.equal(null);
    await expect(el).to.be.accessible();

    await rendered(el, () => backend.streams.length === 1, 'stream opened');
    expect(backend.made('GET', 'payments/pay_ref_1/events')[0]!.headers['payment-token']).to.equal('tok_1');
    backend.push(success({ total: 15150 }), 2);
    const paid = await oneEvent(el, 'pay-success');
    expect(paid.detail.payment.status).to.equal('success');
    await el.updateComplete;
    expect(heading(el)).to.equal('Payment successful');
    expect(text(el))
      .to.contain('pay_ref_1')
      .and.match(/15[\s\u202f,.]150/);
    expect(backend.pendingTimers, 'no redirect, no polling left').to.equal(0);
    expect(sessionStorage.length).to.equal(0);
    await expect(el).to.be.accessible();
    expect(events.map((event) => event.type)).to.deep.equal([
      'pay-ready',
      'pay-submit',
      'pay-otp-required',
      'pay-error',
      'pay-pending',
      'pay-success',
    ]);
  });

  it('OTP sent while the network is down: the code stays, unflagged, and Confirm sends it again', async () => {
    const backend = new FakeBackend();
    let tries = 0;
    backend.on('POST', 'payments/pay_ref_1/confirm', () => {
      if (++tries === 1) throw new TypeError('Failed to fetch');
      return ok(processing());
    });
    const { el } = await paying(payment(), backend);
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    await fill(el, 'otp', '123456');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    const network = 'We could not reach the payment service. Check your connection and try again.';
    expect(control(el, 'otp').value).to.equal('123456');
    expect(control(el, 'otp').getAttribute('aria-invalid')).not.to.equal('true');
    expect(errorOf(el, 'otp')).to.equal(undefined);
    expect($(el, '[part="error"]')!.textContent).to.equal(network);
    expect($(el, '.pay__live')!.textContent).to.equal(network);
    expect(focused(el)).to.equal(control(el, 'otp'));
    await expect(el).to.be.accessible();

    submit(el).click();
    await oneEvent(el, 'pay-pending');
    // The server replays an answer it gave to the same code: sending it again is safe.
    expect(backend.made('POST', 'payments/pay_ref_1/confirm').map((request) => request.body)).to.deep.equal([
      { otp: '123456' },
      { otp: '123456' },
    ]);
  });

  it('a code sent after the payment expired: the payment is read again, and its expiry shows', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments/pay_ref_1/confirm', () =>
      fail(409, 'payment_not_awaiting_input', 'This payment is not waiting for a code'),
    );
    backend.on('GET', 'payments/pay_ref_1', () => ok(payment({ status: 'expired', action: 'none' })));
    const { el } = await paying(payment(), backend);
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    await fill(el, 'otp', '123456');
    submit(el).click();
    const failed = await oneEvent(el, 'pay-failed');
    expect(failed.detail.payment.status).to.equal('expired');
    await el.updateComplete;
    expect(heading(el)).to.equal('Payment expired');
    expect(backend.made('GET', 'payments/pay_ref_1')[0]!.headers['payment-token']).to.equal('tok_1');
  });

  it('OTP lockout fails the payment', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments/pay_ref_1/confirm', () => fail(422, 'otp_locked', 'Too many wrong codes'));
    const { el } = await paying(payment({ attemptsLeft: 1 }), backend);
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    await fill(el, 'otp', '000000');
    submit(el).click();
    const failed = await oneEvent(el, 'pay-failed');
    expect(failed.detail.payment.reference).to.equal('pay_ref_1');
    await el.updateComplete;
    expect(heading(el)).to.equal('Payment failed');
    await expect(el).to.be.accessible();
  });

  it('pre-otp: the provider instructions as text, then the customer code', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments/pay_ref_1/confirm', () => ok(processing()));
    const { el } = await paying(
      payment({ action: 'pre-otp', message: 'Dial *126# <b>then</b> pick 4' }),
      backend,
    );
    await oneEvent(el, 'pay-otp-required');
    await el.updateComplete;
    expect(heading(el)).to.equal('Get your code');
    expect(text(el)).to.contain('Dial *126# <b>then</b> pick 4');
    await expect(el).to.be.accessible();
    await fill(el, 'customerCode', '654321');
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    expect(backend.made('POST', 'payments/pay_ref_1/confirm')[0]!.body).to.deep.equal({
      customerCode: '654321',
    });
  });

  it('bank transfer: account details and expiry; paid through the event stream', async () => {
    const transfer = payment({
      action: 'bank-transfer',
      bankTransfer: {
        bankName: 'Wema Bank',
        accountNumber: '0123456789',
        accountName: 'Awa Couture',
        expiresAt: '2026-03-02T10:00:00Z',
      },
    });
    const { el, backend } = await paying(transfer);
    const pending = await oneEvent(el, 'pay-pending');
    expect(pending.detail.payment.action).to.equal('bank-transfer');
    await el.updateComplete;
    expect(heading(el)).to.equal('Pay by bank transfer');
    expect(text(el)).to.contain('Wema Bank').and.contain('0123456789').and.contain('Transfer before');
    await expect(el).to.be.accessible();
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.push(success());
    await oneEvent(el, 'pay-success');
  });

  it("success links the payment's receipt page in its language, in a new tab without an opener; none without one", async () => {
    const receiptUrl = 'https://pay.example/pay/receipt/pay_ref_1.AAAAAAAAAAAAAAAAAAAAAA';
    const { el } = await paying(success({ receiptUrl }));
    await oneEvent(el, 'pay-success');
    await el.updateComplete;
    const link = $(el, 'a.pay__receipt') as HTMLAnchorElement;
    expect([link.href, link.target, link.rel, link.textContent!.trim()]).to.deep.equal([
      `${receiptUrl}?lang=en`,
      '_blank',
      'noopener',
      'Receipt',
    ]);
    await expect(el).to.be.accessible();
    const plain = await paying(success());
    await oneEvent(plain.el, 'pay-success');
    await plain.el.updateComplete;
    expect(plain.el.shadowRoot!.querySelector('a.pay__receipt')).to.equal(null);
  });

  it('hosted checkout: returnUrl sent, page left for the provider, token kept for the return', async () => {
    const backend = new FakeBackend(config({ hosted: true }));
    backend.on('POST', 'payments', () => ok({ payment: onProviderPage(), token: 'tok_1' }, 201));
    const { el } = await mount(backend);
    el.shadowRoot!.querySelector<HTMLInputElement>('input[value="hosted"]')!.click();
    await el.updateComplete;
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    const body = backend.made('POST', 'payments')[0]!.body as { method: { kind: string; returnUrl: string } };
    expect(body.method).to.deep.equal({ kind: 'hosted', returnUrl: location.href });
    expect(backend.navigated).to.deep.equal(['https://provider.example/pay/1']);
    expect(JSON.parse(sessionStorage.getItem('pay-checkout:lnk_1')!)).to.deep.equal({
      reference: 'pay_ref_1',
      token: 'tok_1',
      answers: { 'method.provider': 'hosted' },
      config: config({ hosted: true }),
    });
    expect(heading(el)).to.equal('Continue on the payment page');
    await expect(el).to.be.accessible();
  });

  it('direct charge answered with the provider page: returnUrl sent without our pay_* params, page left for the provider', async () => {
    const original = location.href;
    // Back from an earlier payment's page: its markers must not ride along to the next one.
    history.replaceState(null, '', '?plan=premium&pay_reference=pay_other&pay_cancel=1');
    try {
      const { el, backend } = await paying(onProviderPage());
      await oneEvent(el, 'pay-pending');
      const body = backend.made('POST', 'payments')[0]!.body as CreatePayment;
      expect(body.method).to.deep.equal({
        kind: 'direct',
        provider: 'mtn',
        phoneNumber: '0700000000',
        returnUrl: `${location.origin}${location.pathname}?plan=premium`,
      });
      expect(backend.navigated).to.deep.equal(['https://provider.example/pay/1']);
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('back from the provider page of a direct charge cancelled there: the verified failure and a way to pay again', async () => {
    sessionStorage.setItem(
      'pay-checkout:lnk_1',
      JSON.stringify({ reference: 'pay_ref_1', token: 'tok_saved', provider: 'mtn' }),
    );
    const backend = new FakeBackend();
    backend.on('GET', 'payments/pay_ref_1', () =>
      ok(payment({ status: 'failed', action: 'none', failureCode: 'cancelled' })),
    );
    const original = location.href;
    history.replaceState(null, '', '?pay_reference=pay_ref_1');
    try {
      const { el } = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
      await oneEvent(el, 'pay-failed');
      await el.updateComplete;
      expect(heading(el)).to.equal('Payment failed');
      expect(text(el)).to.contain('Payment cancelled. You can try again.');
      // Not the cancel marker of a hosted page: nothing is cancelled, the payment is only read.
      expect(backend.made('POST', 'payments/pay_ref_1/cancel')).to.have.length(0);
      await click(el, 'Try again');
      expect(heading(el)).to.equal('Awa Couture');
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('hosted checkout in a popup: opened on the click, the page stays and follows the payment', async () => {
    const backend = new FakeBackend(config({ hosted: true, methods: [] }));
    backend.on('POST', 'payments', () =>
      ok(
        {
          payment: payment({ action: 'redirect', redirectUrl: 'http://127.0.0.1:9/provider' }),
          token: 'tok_1',
        },
        201,
      ),
    );
    const { el } = await mount(backend, { link: 'lnk_1', popup: '' });
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(backend.navigated).to.deep.equal([]);
    expect(heading(el)).to.equal('Continue on the payment page');
    expect($(el, 'a.pay__button')!.getAttribute('target'), 'the link reopens the same popup').to.equal(
      'pay-checkout',
    );
    window.open('', 'pay-checkout')?.close();
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.push(success());
    await oneEvent(el, 'pay-success');
  });

  it('a redirect URL that is not http(s) is neither followed nor linked', async () => {
    const { el, backend } = await paying(payment({ action: 'redirect', redirectUrl: 'javascript:alert(1)' }));
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(backend.navigated).to.deep.equal([]);
    expect($(el, 'a')).to.equal(null);
  });

  it('cancelled on the hosted page: back to the form, answers kept, pay-cancel', async () => {
    const { el, backend } = await paying(onProviderPage());
    await oneEvent(el, 'pay-pending');
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.push(payment({ status: 'cancelled', action: 'none' }));
    const cancel = await oneEvent(el, 'pay-cancel');
    expect(cancel.detail.payment.status).to.equal('cancelled');
    await el.updateComplete;
    expect(text(el)).to.contain('Payment cancelled. You can try again.');
    expect(control(el, 'method.phoneNumber').value).to.equal('0700000000');
    await expect(el).to.be.accessible();
  });

  it('processing: falls back to polling when the stream fails; calm give-up after 3 minutes keeps the reference', async () => {
    const backend = new FakeBackend();
    backend.on('GET', 'payments/pay_ref_1/events', () => fail(503, 'provider_unavailable'));
    let polls = 0;
    backend.on('GET', 'payments/pay_ref_1', () => (polls++, ok(processing())));
    const { el } = await paying(processing(), backend);
    await oneEvent(el, 'pay-pending');
    // Only the next poll and the give-up are pending: no request is still on its way (with its timeout).
    const polling = (after: number) => backend.dueIn.join() === `3000,${180_000 - after}`;
    await rendered(el, () => polling(0), 'poll and give-up timers');
    backend.advance(3000);
    await rendered(el, () => polls === 1 && polling(3000), 'first poll');
    backend.advance(3000);
    await rendered(el, () => polls === 2 && polling(6000), 'second poll');
    backend.advance(180_000 - 6000);
    await el.updateComplete;
    expect(heading(el)).to.equal('Still waiting for confirmation');
    expect(text(el)).to.contain('pay_ref_1');
    expect(backend.pendingTimers).to.equal(0);
    await expect(el).to.be.accessible();
    backend.on('GET', 'payments/pay_ref_1', () => ok(success()));
    await click(el, 'Check again');
    await oneEvent(el, 'pay-success');
  });

  it('processing: a stream silent for 35 s (a lost connection) gives way to polling; heartbeats keep it', async () => {
    const backend = new FakeBackend();
    let polls = 0;
    backend.on('GET', 'payments/pay_ref_1', () => (polls++, ok(success())));
    const { el } = await paying(processing(), backend);
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.advance(30_000);
    backend.streams[0]!.enqueue(new TextEncoder().encode(': heartbeat\n\n'));
    await rendered(el, () => backend.dueIn[0] === 35_000, 'silence counted again from the heartbeat');
    backend.advance(34_999);
    await el.updateComplete;
    expect(polls, 'the stream is still trusted').to.equal(0);
    backend.advance(1);
    await rendered(el, () => backend.dueIn[0] === 3000, 'a poll scheduled');
    backend.advance(3000);
    await oneEvent(el, 'pay-success');
    expect(polls).to.equal(1);
  });

  it('processing: back on the page (from the wallet app), the payment is read at once', async () => {
    const backend = new FakeBackend();
    backend.on('GET', 'payments/pay_ref_1', () => ok(success()));
    const { el } = await paying(processing(), backend);
    await rendered(el, () => backend.streams.length === 1, 'stream');
    expect(document.hidden).to.equal(false);
    document.dispatchEvent(new Event('visibilitychange'));
    await oneEvent(el, 'pay-success');
    expect(backend.made('GET', 'payments/pay_ref_1')[0]!.headers['payment-token']).to.equal('tok_1');
  });

  it('success with the link redirectUrl: the receipt stays, with a button back to the merchant', async () => {
    const backend = new FakeBackend(config({ redirectUrl: 'https://shop.example/thanks' }));
    const { el } = await paying(processing(), backend);
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.push(success());
    await oneEvent(el, 'pay-success');
    await el.updateComplete;
    expect(backend.pendingTimers, 'no countdown').to.equal(0);
    backend.advance(600_000);
    await el.updateComplete;
    expect(backend.navigated, 'the page never leaves by itself').to.deep.equal([]);
    expect(heading(el)).to.equal('Payment successful');
    const back = $<HTMLAnchorElement>(el, 'a.pay__button')!;
    expect([back.textContent!.trim(), back.href]).to.deep.equal([
      'Return to Awa Couture',
      'https://shop.example/thanks',
    ]);
    await expect(el).to.be.accessible();
  });

  it('failed: the reason; "try again" keeps the answers, "use another number" focuses the phone', async () => {
    const { el, backend } = await paying(processing());
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.push(payment({ status: 'failed', action: 'none', failureCode: 'insufficient_funds' }));
    const failed = await oneEvent(el, 'pay-failed');
    expect(failed.detail.payment.failureCode).to.equal('insufficient_funds');
    await el.updateComplete;
    expect(heading(el)).to.equal('Payment failed');
    expect(text(el)).to.contain('Your balance is too low.').and.contain('pay_ref_1');
    await expect(el).to.be.accessible();
    await click(el, 'Try again');
    expect(heading(el)).to.equal('Awa Couture');
    expect(control(el, 'method.phoneNumber').value).to.equal('0700000000');
    expect(focused(el)).to.equal($(el, '.pay__heading'));

    submit(el).click();
    await oneEvent(el, 'pay-pending');
    await rendered(el, () => backend.streams.length === 2, 'stream');
    backend.push(payment({ status: 'failed', action: 'none' }));
    await oneEvent(el, 'pay-failed');
    await el.updateComplete;
    await click(el, 'Use another number');
    expect(focused(el)).to.equal(control(el, 'method.phoneNumber'));
    const keys = backend.made('POST', 'payments').map((request) => request.headers['idempotency-key']);
    expect(keys).to.have.length(2);
    expect(keys[0]).not.to.equal(keys[1]);
  });

  it('expired: try again', async () => {
    const { el, backend } = await paying(
      payment({
        action: 'bank-transfer',
        bankTransfer: { bankName: 'B', accountNumber: '1', accountName: 'A' },
      }),
    );
    await rendered(el, () => backend.streams.length === 1, 'stream');
    backend.push(payment({ status: 'expired', action: 'none' }));
    await oneEvent(el, 'pay-failed');
    await el.updateComplete;
    expect(heading(el)).to.equal('Payment expired');
    await expect(el).to.be.accessible();
    await click(el, 'Try again');
    expect(heading(el)).to.equal('Awa Couture');
  });

  it('resumes a payment after a reload (token from sessionStorage), and after a return with ?pay_reference=', async () => {
    sessionStorage.setItem(
      'pay-checkout:lnk_1',
      JSON.stringify({ reference: 'pay_ref_1', token: 'tok_saved' }),
    );
    const backend = new FakeBackend();
    backend.on('GET', 'payments/pay_ref_1', () => ok(processing()));
    const { el } = await mount(backend, { link: 'lnk_1' }, { keepSaved: true });
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(heading(el)).to.equal('Approve on your phone');
    expect(backend.made('GET', 'payments/pay_ref_1')[0]!.headers['payment-token']).to.equal('tok_saved');
    expect(focused(el), 'a reload does not steal focus').to.equal(null);

    const original = location.href;
    history.replaceState(null, '', '?pay_reference=pay_other');
    try {
      const other = await mount(new FakeBackend(), { link: 'lnk_1' }, { keepSaved: true });
      expect(heading(other.el), 'another payment: the form').to.equal('Awa Couture');
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('back from the provider’s page with a failure, "Try again" shows the answers as the payer typed them', async () => {
    const checkout = config({ anonymous: false, hosted: true });
    const backend = new FakeBackend(checkout);
    backend.on('POST', 'payments', () => ok({ payment: onProviderPage(), token: 'tok_1' }, 201));
    const { el } = await mount(backend);
    await fill(el, 'customer.name', 'Awa Koné');
    await fill(el, 'customer.email', 'awa@example.com');
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await rendered(el, () => backend.navigated.length === 1, 'left for the provider’s page');
    el.remove();

    // This page again, as the provider sends the payer back to it: a new element, the form gone.
    const original = location.href;
    history.replaceState(null, '', '?pay_reference=pay_ref_1');
    try {
      const back = new FakeBackend(checkout);
      back.on('GET', 'payments/pay_ref_1', () => ok(payment({ status: 'failed', action: 'none' })));
      const returned = await mount(back, { link: 'lnk_1' }, { keepSaved: true });
      await oneEvent(returned.el, 'pay-failed');
      await returned.el.updateComplete;
      expect(sessionStorage.getItem('pay-checkout:lnk_1'), 'forgotten once final').to.equal(null);
      await click(returned.el, 'Try again');
      expect(heading(returned.el)).to.equal('Awa Couture');
      expect(
        ['customer.name', 'customer.email', 'method.phoneNumber'].map(
          (name) => control(returned.el, name).value,
        ),
      ).to.deep.equal(['Awa Koné', 'awa@example.com', '0700000000']);
    } finally {
      history.replaceState(null, '', original);
    }
  });

  it('an expired link is unavailable; a failed load offers a retry', async () => {
    const { el } = await mount(new FakeBackend(config({ status: 'expired' })), undefined, { ready: false });
    await rendered(el, () => heading(el) === 'This payment is not available', 'unavailable');
    await expect(el).to.be.accessible();

    const backend = new FakeBackend();
    let calls = 0;
    backend.on('GET', 'links/lnk_1', () =>
      ++calls === 1 ? fail(503, 'provider_unavailable', 'Provider down') : ok(config()),
    );
    const errored = oneEvent(document, 'pay-error');
    const second = await mount(backend, undefined, { ready: false });
    expect((await errored).detail).to.deep.equal({
      error: { code: 'provider_unavailable', message: 'Provider down' },
      status: 503,
    });
    await second.el.updateComplete;
    expect(heading(second.el)).to.equal('Something went wrong');
    await expect(second.el).to.be.accessible();
    await click(second.el, 'Try again');
    await oneEvent(second.el, 'pay-ready');
  });

  it('every event bubbles out of the shadow root, composed, with a frozen detail', async () => {
    const { el, events } = await paying(payment());
    await oneEvent(el, 'pay-otp-required');
    for (const event of events) {
      expect([event.type, event.bubbles, event.composed], event.type).to.deep.equal([event.type, true, true]);
      expect(Object.isFrozen(event.detail), event.type).to.equal(true);
    }
  });
});
