import { expect, oneEvent } from '@open-wc/testing';
import type { CreatePayment, CustomField } from '../../widget/shared/contract.ts';
import { config, fail, FakeBackend, gate, ok, payment } from './fake-backend.ts';
import {
  $,
  $$,
  choose,
  click,
  control,
  errorOf,
  fill,
  heading,
  mount,
  rendered,
  submit,
  text,
} from './helpers.ts';

const ALL_TYPES: CustomField[] = [
  { name: 'company', label: 'Company', type: 'text', required: true },
  { name: 'notes', label: 'Notes', type: 'paragraph-text', required: true },
  { name: 'size', label: 'Size', type: 'dropdown', required: true, options: ['S', 'M', 'L'] },
  { name: 'guests', label: 'Guests', type: 'number', required: true },
  { name: 'day', label: 'Day', type: 'date', required: true },
  { name: 'receipt', label: 'Receipt', type: 'file-upload', required: true },
  { name: 'terms', label: 'I accept the terms', type: 'checkbox', required: true },
];

const created = (backend: FakeBackend) =>
  backend.made('POST', 'payments').map((request) => request.body as CreatePayment);

function accepting(backend: FakeBackend) {
  return backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok_1' }, 201));
}

async function pickFile(el: HTMLElement & { updateComplete: Promise<boolean> }, name: string, file: File) {
  const input = (el.shadowRoot!.querySelector(`[name="${name}"]`) as HTMLInputElement)!;
  const transfer = new DataTransfer();
  transfer.items.add(file);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

describe('<pay-checkout> form', () => {
  it('shows the link: title, description, logo, fixed amount, and fires pay-ready with the config', async () => {
    const checkout = config({ logo: 'https://example.com/logo.png' });
    const { el, events } = await mount(new FakeBackend(checkout));
    await expect(el).to.be.accessible();
    expect(heading(el)).to.equal('Awa Couture');
    expect(text(el)).to.contain('Two dresses');
    expect($<HTMLImageElement>(el, 'header img')!.src).to.equal('https://example.com/logo.png');
    expect($(el, '[part="amount"]')!.textContent).to.match(/15[\s\u202f,.]?000/);
    expect(submit(el).textContent).to.match(/Pay .*15[\s\u202f,.]?000/);
    expect(events.map((event) => event.type)).to.deep.equal(['pay-ready']);
    expect(events[0]!.detail).to.deep.equal({ config: checkout });
  });

  it('every custom field type, required: nothing is sent until each is answered, with our messages', async () => {
    const backend = accepting(new FakeBackend(config({ customFields: ALL_TYPES })));
    const { el } = await mount(backend);
    await expect(el).to.be.accessible();
    submit(el).click();
    await el.updateComplete;
    for (const field of ALL_TYPES) {
      const name = `fields.${field.name}`;
      expect(errorOf(el, name), name).to.equal('This field is required.');
      expect(control(el, name).getAttribute('aria-invalid')).to.equal('true');
    }
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'fields.company'));
    expect(created(backend)).to.have.length(0);
    await expect(el).to.be.accessible();

    await fill(el, 'fields.company', 'Awa SARL');
    expect(errorOf(el, 'fields.company'), 'fixed as you type').to.equal(undefined);
    await fill(el, 'fields.notes', 'Line one\nLine two');
    await fill(el, 'fields.size', 'M');
    await fill(el, 'fields.guests', '3');
    await fill(el, 'fields.day', '2026-03-01');
    await fill(el, 'fields.terms', true);
    await pickFile(el, 'fields.receipt', new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' }));
    await rendered(el, () => text(el).includes('Uploaded: receipt.pdf'), 'upload done');
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    expect(created(backend)).to.deep.equal([
      {
        link: 'lnk_1',
        customer: { phoneNumber: '0700000000' },
        fields: {
          company: 'Awa SARL',
          notes: 'Line one\nLine two',
          size: 'M',
          guests: 3,
          day: '2026-03-01',
          receipt: 'upl_receipt.pdf',
          terms: true,
        },
        method: { kind: 'direct', provider: 'mtn', phoneNumber: '0700000000', returnUrl: location.href },
      },
    ]);
  });

  it('every custom field type, optional: marked optional and left out when empty', async () => {
    const optional = ALL_TYPES.map((field) => ({ ...field, required: false }));
    const backend = accepting(new FakeBackend(config({ customFields: optional })));
    const { el } = await mount(backend);
    for (const field of optional) {
      expect($(el, `label[for="fields.${field.name}"]`)!.textContent).to.contain('(optional)');
      expect(control(el, `fields.${field.name}`).required).to.equal(false);
    }
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    expect(created(backend)[0]!.fields).to.deep.equal({ terms: false });
  });

  it('shows upload progress, then the uploaded file', async () => {
    const backend = accepting(new FakeBackend(config({ customFields: [ALL_TYPES[5]!] })));
    const held = gate<Response>();
    backend.on('POST', 'uploads', () => held.promise);
    const { el } = await mount(backend);
    await pickFile(el, 'fields.receipt', new File(['png'], 'photo.png', { type: 'image/png' }));
    await rendered(el, () => text(el).includes('Uploading… 50%'), 'progress');
    expect($<HTMLProgressElement>(el, 'progress')!.value).to.equal(0.5);
    submit(el).click();
    await el.updateComplete;
    expect(errorOf(el, 'fields.receipt')).to.equal('Wait for the upload to finish.');
    held.open(ok({ id: 'upl_9', name: 'photo.png', size: 3, type: 'image/png' }, 201));
    await rendered(el, () => text(el).includes('Uploaded: photo.png'), 'uploaded');
    expect($(el, 'progress')).to.equal(null);
  });

  it('payer name, email and phone are required when anonymous payments are off', async () => {
    const backend = accepting(new FakeBackend(config({ anonymous: false, hosted: true, methods: [] })));
    const { el } = await mount(backend);
    submit(el).click();
    await el.updateComplete;
    expect(errorOf(el, 'customer.name')).to.equal('This field is required.');
    expect(errorOf(el, 'customer.email')).to.equal('This field is required.');
    expect(errorOf(el, 'customer.phoneNumber')).to.equal('This field is required.');
    await fill(el, 'customer.email', 'not an email');
    expect(errorOf(el, 'customer.email')).to.equal('Enter a valid email address, like name@example.com.');
    await expect(el).to.be.accessible();
  });

  it('prefills the payer from the customer property', async () => {
    const backend = accepting(new FakeBackend(config({ anonymous: false })));
    const { el } = await mount(backend);
    el.customer = { name: 'Awa Diallo', email: 'awa@example.com', phoneNumber: '0700000000' };
    el.requestUpdate();
    await el.updateComplete;
    expect(control(el, 'customer.name').value).to.equal('Awa Diallo');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    expect(created(backend)[0]!.customer).to.deep.equal({
      name: 'Awa Diallo',
      email: 'awa@example.com',
      phoneNumber: '0700000000',
    });
  });

  describe('amount typed by the payer', () => {
    const payerAmount = (currency: string, exponent: number, amount = {}) =>
      accepting(
        new FakeBackend(config({ currency, currencyExponent: exponent, amount: { fixed: null, ...amount } })),
      );

    it('XOF (exponent 0): whole francs; decimals refused; bounds and remaining enforced', async () => {
      const { el, backend } = await mount(payerAmount('XOF', 0, { min: 500, max: 100000, remaining: 20000 }));
      expect(text(el)).to.match(/Between .*500.* and .*100[\s\u202f,.]000/);
      expect(text(el)).to.match(/20[\s\u202f,.]000.* left to collect/);
      await fill(el, 'method.phoneNumber', '0700000000');
      for (const [typed, message] of [
        ['1500.5', 'Enter an amount like 1,500.'],
        ['abc', 'Enter an amount like 1,500.'],
        ['499', 'The minimum is'],
        ['20001', 'The maximum is'],
      ] as const) {
        await fill(el, 'amount', typed);
        submit(el).click();
        await el.updateComplete;
        expect(errorOf(el, 'amount'), typed).to.contain(message);
      }
      expect(errorOf(el, 'amount')).to.match(/20[\s\u202f,.]000/);
      await fill(el, 'amount', '1 500');
      expect(submit(el).textContent).to.match(/Pay .*1[\s\u202f,.]500/);
      submit(el).click();
      await oneEvent(el, 'pay-otp-required');
      expect(created(backend)[0]!.amount).to.equal(1500);
    });

    it('NGN (exponent 2): kobo exactly, never through floats; a third decimal refused', async () => {
      const { el, backend } = await mount(payerAmount('NGN', 2, { min: 10 }));
      await fill(el, 'method.phoneNumber', '0700000000');
      await fill(el, 'amount', '1.234');
      submit(el).click();
      await el.updateComplete;
      expect(errorOf(el, 'amount')).to.equal('Enter an amount like 1,500.00.');
      await fill(el, 'amount', '0.09');
      submit(el).click();
      await el.updateComplete;
      expect(errorOf(el, 'amount')).to.contain('The minimum is');
      await fill(el, 'amount', '1,500.29');
      submit(el).click();
      await oneEvent(el, 'pay-otp-required');
      expect(created(backend)[0]!.amount).to.equal(150029);
    });
  });

  /** Fills the form and pays; the server refuses it with `status` and the error `code` saying `message`. */
  async function refusedWith(status: number, code: string, message: string, extra: object = {}) {
    const backend = new FakeBackend(config({ anonymous: false }));
    backend.on('POST', 'payments', () => fail(status, code, message, extra));
    const mounted = await mount(backend);
    await fill(mounted.el, 'customer.name', 'Awa');
    await fill(mounted.el, 'customer.email', 'awa@example.com');
    await fill(mounted.el, 'method.phoneNumber', '0700000000');
    submit(mounted.el).click();
    await oneEvent(mounted.el, 'pay-error');
    await mounted.el.updateComplete;
    return mounted;
  }

  /** The server refuses `fields` (a 400 `validation_failed` saying `message`). */
  const refusedOn = (fields: { path: string; message: string }[], message = 'Invalid input') =>
    refusedWith(400, 'validation_failed', message, { fields });

  it("shows the server's field errors under the matching inputs and focuses the first", async () => {
    const { el, events } = await refusedOn([{ path: 'customer.email', message: 'This address bounces.' }]);
    expect(errorOf(el, 'customer.email')).to.equal('This address bounces.');
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'customer.email'));
    expect(text(el)).to.contain('Please correct the highlighted fields.');
    expect(events.at(-1)!.detail).to.deep.include({ status: 400 });
    await expect(el).to.be.accessible();
  });

  it('a refusal of nothing the form shows (the page’s return URL) says so plainly, not "correct the fields"', async () => {
    const refusal = {
      path: 'method.returnUrl',
      message: 'must be on an origin this checkout is embedded on',
    };
    const { el, events } = await refusedOn([refusal], 'The request is not valid');
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.equal('Something went wrong');
    expect(text(el)).not.to.contain('highlighted');
    expect(el.shadowRoot!.querySelectorAll('[aria-invalid="true"]')).to.have.length(0);
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).to.equal(
      'Something went wrong',
    );
    // The merchant's developer still reads the server's own words in the event.
    expect(events.at(-1)!.detail).to.deep.include({
      error: { code: 'validation_failed', message: 'The request is not valid', fields: [refusal] },
    });
  });

  it('a second payment on a cart is refused in the payer’s words, with the form kept', async () => {
    const { el } = await refusedWith(
      409,
      'payment_in_progress',
      'A payment for this checkout is waiting for approval on your phone',
    );
    const expected =
      'A payment for this order is already under way. Approve or finish it first, or wait for it to end before paying again.';
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.equal(expected);
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).to.equal(expected);
    expect(control(el, 'customer.name').value).to.equal('Awa');
  });

  it('a second payment to a phone already prompted says so in the payer’s words, with the minutes left', async () => {
    const { el } = await refusedWith(
      409,
      'wallet_busy',
      'A payment from this number is already waiting on your phone: approve it, or wait 29 minutes',
      { retryAfter: 1_741 },
    );
    const expected =
      'A payment from this number is already waiting on your phone: approve it, or wait 30 min.';
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.equal(expected);
    expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).to.equal(expected);
    expect(control(el, 'customer.name').value).to.equal('Awa');
  });

  it('a refusal for too many charges to one phone reads as a rate limit, not the server’s English', async () => {
    const { el } = await refusedWith(
      429,
      'rate_limited',
      'Too many payment requests to this phone number; wait a few minutes',
    );
    expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.equal(
      'Too many attempts. Wait a few minutes, then try again.',
    );
  });

  it('method picker: providers with logos (http(s) and data:image only), networks, hosted checkout', async () => {
    const checkout = config({
      hosted: true,
      methods: [
        {
          provider: 'mtn',
          label: 'MTN MoMo',
          logo: 'javascript:alert(1)',
          networks: [
            { name: 'MTN Ghana', value: 'MTN', image: 'https://example.com/mtn.png' },
            { name: 'Vodafone', value: 'VOD', image: 'data:image/png;base64,iVBORw0KGgo=' },
          ],
          inputs: [
            {
              name: 'phoneNumber',
              label: 'Mobile money number',
              type: 'tel',
              required: true,
              pattern: '[0-9]{10}',
            },
          ],
        },
        { provider: 'wave', label: 'Wave', logo: 'https://example.com/wave.png', inputs: [] },
      ],
    });
    const backend = accepting(new FakeBackend(checkout));
    const { el } = await mount(backend);
    const labels = $$(el, '[part="method"] .pay__option > span:last-child').map((label) => label.textContent);
    expect(labels).to.deep.equal(['MTN MoMo', 'Wave', 'Secure payment page', 'MTN Ghana', 'Vodafone']);
    expect($$<HTMLImageElement>(el, '.pay__option img').map((img) => img.getAttribute('src'))).to.deep.equal([
      'https://example.com/wave.png',
      'https://example.com/mtn.png',
      'data:image/png;base64,iVBORw0KGgo=',
    ]);
    await expect(el).to.be.accessible();
    await fill(el, 'method.phoneNumber', '07 00');
    submit(el).click();
    await el.updateComplete;
    expect(errorOf(el, 'method.phoneNumber')).to.equal('Enter a valid phone number.');
    await choose(el, 'method.network', 'VOD');
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    expect(created(backend)[0]!.method).to.deep.equal({
      kind: 'direct',
      provider: 'mtn',
      network: 'VOD',
      phoneNumber: '0700000000',
      returnUrl: location.href,
    });
  });

  it('switching to the secure payment page keeps the phone number typed for the method', async () => {
    const backend = accepting(new FakeBackend(config({ anonymous: false, hosted: true })));
    const { el } = await mount(backend);
    await fill(el, 'customer.name', 'Awa');
    await fill(el, 'customer.email', 'awa@example.com');
    await fill(el, 'method.phoneNumber', '07 00 00 00 00');
    await choose(el, 'method.provider', 'hosted');
    expect(control(el, 'customer.phoneNumber').value).to.equal('07 00 00 00 00');
    const submitted = oneEvent(el, 'pay-submit');
    submit(el).click();
    await submitted;
    expect(created(backend)[0]!.customer).to.deep.equal({
      name: 'Awa',
      email: 'awa@example.com',
      phoneNumber: '0700000000',
    });
    expect(created(backend)[0]!.method).to.deep.equal({ kind: 'hosted', returnUrl: location.href });
  });

  it('while the config is on its way, the form is prepared out of sight: the payer sees only the loading state', async () => {
    const held = gate<Response>();
    const checkout = config({ amount: { fixed: null, min: 500 }, anonymous: false, hosted: true });
    const backend = new FakeBackend(checkout);
    backend.on('GET', 'links/lnk_1', () => held.promise);
    const { el, events } = await mount(backend, undefined, { ready: false });
    await new Promise((resolve) => requestIdleCallback(resolve)); // after the warm-up's own idle callback
    // No text at all: the config may still name the language (nothing on the page says otherwise).
    expect(text(el)).to.equal('');
    expect($(el, '.pay__loading[aria-busy="true"]')).not.to.equal(null);
    expect($(el, '.pay__skeleton')!.getAttribute('aria-hidden')).to.equal('true'); // a skeleton of the form
    expect($$(el, 'form, input, label')).to.deep.equal([]);
    expect(document.querySelectorAll('form, input, label, img')).to.have.length(0);
    expect(backend.requests.map((request) => request.path)).to.deep.equal(['links/lnk_1']);
    expect(events).to.deep.equal([]);
    held.open(ok(checkout));
    await oneEvent(el, 'pay-ready');
    await el.updateComplete;
    await expect(el).to.be.accessible();
    expect($$<HTMLInputElement>(el, 'input').map((input) => `${input.name}=${input.value}`)).to.deep.equal([
      'amount=',
      'customer.name=',
      'customer.email=',
      'method.provider=mtn',
      'method.provider=orange',
      'method.provider=hosted',
      'method.phoneNumber=',
    ]);
    expect($$<HTMLInputElement>(el, '[name="method.provider"]').map((radio) => radio.checked)).to.deep.equal([
      true,
      false,
      false,
    ]);
    expect($$(el, '.pay__label').map((label) => label.textContent)).to.deep.equal([
      'Amount (XOF)',
      'Full name',
      'Email',
      'Phone number',
    ]);
    expect(control(el, 'amount').getAttribute('aria-describedby')).to.equal('amount-hint');
  });

  it('a double click makes one payment, with an Idempotency-Key', async () => {
    const backend = new FakeBackend();
    const held = gate<Response>();
    backend.on('POST', 'payments', () => held.promise);
    const { el, events } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    submit(el).click();
    await el.updateComplete;
    submit(el).click();
    expect(submit(el).getAttribute('aria-disabled')).to.equal('true');
    expect(submit(el).textContent!.trim()).to.equal('Please wait…');
    held.open(ok({ payment: payment(), token: 'tok' }, 201));
    await oneEvent(el, 'pay-otp-required');
    expect(backend.made('POST', 'payments')).to.have.length(1);
    expect(backend.made('POST', 'payments')[0]!.headers['idempotency-key']).to.match(/^[0-9a-f]{32}$/);
    expect(events.filter((event) => event.type === 'pay-submit')).to.have.length(1);
  });

  it('the same answers after no answer reuse the Idempotency-Key; other answers get a new one', async () => {
    const backend = new FakeBackend();
    backend.on('POST', 'payments', () => Promise.reject(new TypeError('offline')));
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await el.updateComplete;
    expect(text(el)).to.contain('We could not reach the payment service');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    await fill(el, 'method.phoneNumber', '0700000001');
    submit(el).click();
    await oneEvent(el, 'pay-error');
    const keys = backend.made('POST', 'payments').map((request) => request.headers['idempotency-key']);
    expect(keys[0]).to.equal(keys[1]);
    expect(keys[2]).not.to.equal(keys[1]);
  });

  it('a payment request left unanswered is given up after 45 s as a network failure; Pay sends it again', async () => {
    const backend = new FakeBackend();
    const held = gate<Response>();
    backend.on('POST', 'payments', () => held.promise);
    const { el } = await mount(backend);
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await el.updateComplete;
    backend.advance(44_999);
    await el.updateComplete;
    expect(submit(el).textContent!.trim()).to.equal('Please wait…');
    backend.advance(1);
    const failed = await oneEvent(el, 'pay-error');
    expect(failed.detail).to.deep.include({ status: 0 });
    await el.updateComplete;
    expect(text(el)).to.contain('We could not reach the payment service');
    expect(submit(el).getAttribute('aria-disabled')).to.equal('false');
    backend.on('POST', 'payments', () => ok({ payment: payment(), token: 'tok' }, 201));
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    const keys = backend.made('POST', 'payments').map((request) => request.headers['idempotency-key']);
    expect(keys).to.have.length(2);
    expect(keys[1]).to.equal(keys[0]);
    expect(backend.pendingTimers, 'no timeout left behind').to.equal(0);
  });

  it('pay-submit is cancelable: then no payment is made', async () => {
    const backend = accepting(new FakeBackend());
    const { el } = await mount(backend);
    el.addEventListener('pay-submit', (event) => event.preventDefault(), { once: true });
    await fill(el, 'method.phoneNumber', '0700000000');
    const submitted = oneEvent(el, 'pay-submit');
    submit(el).click();
    const event = await submitted;
    expect(event.cancelable).to.equal(true);
    expect(event.detail.request.method).to.deep.equal({
      kind: 'direct',
      provider: 'mtn',
      phoneNumber: '0700000000',
      returnUrl: location.href,
    });
    await el.updateComplete;
    expect(backend.made('POST', 'payments')).to.have.length(0);
    expect(heading(el)).to.equal('Awa Couture');
  });

  it('merchant text stays inert text (XSS payloads in title, description, labels, options)', async () => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
    const checkout = config({
      title: payload,
      description: `${payload} & more`,
      logo: 'javascript:window.__pwned=1',
      customFields: [
        { name: 'a', label: payload, type: 'dropdown', required: false, options: [payload, '"><b>x</b>'] },
        { name: 'b', label: `${payload}!`, type: 'checkbox', required: false },
      ],
      methods: [
        { provider: 'x', label: payload, logo: 'data:image/svg+xml,<svg onload=alert(1)>', inputs: [] },
      ],
    });
    const { el } = await mount(new FakeBackend(checkout));
    expect(heading(el)).to.equal(payload);
    expect(text(el)).to.contain(`${payload} & more`);
    expect($$(el, 'img, script, b')).to.deep.equal([]);
    expect($$<HTMLOptionElement>(el, 'option').map((option) => option.value)).to.deep.equal([
      '',
      payload,
      '"><b>x</b>',
    ]);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(el.shadowRoot!.innerHTML).not.to.contain('style=');
  });

  it('a change of link at run time loads the new one and drops the old answer', async () => {
    const backend = new FakeBackend();
    const slow = gate<Response>();
    backend.on('GET', 'links/lnk_slow', () => slow.promise);
    backend.on('GET', 'links/lnk_2', () => ok(config({ id: 'lnk_2', title: 'Second shop' })));
    const { el } = await mount(backend);
    el.link = 'lnk_slow';
    await el.updateComplete;
    expect($(el, '.pay__loading')!.textContent!.trim()).to.equal(''); // the new link may be in another language
    expect($(el, '.pay__skeleton')).not.to.equal(null);
    el.link = 'lnk_2';
    await oneEvent(el, 'pay-ready');
    slow.open(ok(config({ id: 'lnk_slow', title: 'Stale shop' })));
    await slow.promise;
    await el.updateComplete;
    expect(heading(el)).to.equal('Second shop');
  });

  it('a session is loaded from /sessions', async () => {
    const checkout = config({ kind: 'session', id: 'ses_1', title: 'Cart #42' });
    const backend = accepting(new FakeBackend(checkout));
    const { el } = await mount(backend, { session: 'ses_1' });
    expect(heading(el)).to.equal('Cart #42');
    await fill(el, 'method.phoneNumber', '0700000000');
    submit(el).click();
    await oneEvent(el, 'pay-otp-required');
    expect(created(backend)[0]).to.include({ session: 'ses_1' });
    await click(el, 'Use another number');
    expect(heading(el)).to.equal('Cart #42');
  });
});
