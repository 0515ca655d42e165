import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { FakeBackend, config, fail, ok, payment } from './fake-backend.ts';
import { $, click, fill, heading, mount, rendered, text } from './helpers.ts';

const HANDOFF = {
  id: 'hof_1',
  followToken: 'follow-secret',
  url: 'https://pay.example/pay/h/hof_1',
  qrSvg: 'https://pay.example/pay/qr/h/hof_1.svg',
  expiresAt: '2026-01-01T00:15:00.000Z',
};
const phoneButton = (el: HTMLElement) => $(el as never, '.pay__phone')!;
const shown = (node: HTMLElement) => getComputedStyle(node).display !== 'none';

function handingOff(checkout = config()) {
  return new FakeBackend(checkout).on('POST', 'handoffs', () => ok(HANDOFF, 201));
}

/** The summary's rows as [term, value], spaces as a reader would hear them. */
const summaryRows = (el: HTMLElement) =>
  [...el.shadowRoot!.querySelectorAll('.pay__summary div')].map((row) =>
    [...row.children].map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim()),
  );
/** An XOF amount as the widget writes it in English (its own formatting, not a copy of it). */
const money = (minor: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'XOF' }).format(minor).replace(/\s+/g, ' ');

/** A screen `width` px wide. */
const screen = (width: number) => setViewport({ width, height: 768 });

describe('pay on your phone', () => {
  beforeEach(() => screen(1024));
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('is offered on a wide screen with a mouse only', async () => {
    await screen(360);
    const { el } = await mount(handingOff());
    expect(shown(phoneButton(el)), 'a phone').to.equal(false);
    await screen(1024);
    // Headless Chromium here reports no mouse (Playwright's does: the end-to-end test clicks it there).
    const desktop = matchMedia('(min-width: 48rem) and (hover: hover)').matches;
    expect(shown(phoneButton(el)), 'a wide screen').to.equal(desktop);
    expect(phoneButton(el).tagName, 'keyboard reachable').to.equal('BUTTON');
    expect(phoneButton(el).textContent!.trim()).to.equal('Pay on your phone');
  });

  it('sends the answers so far, without the method or files', async () => {
    const checkout = config({
      amount: { fixed: null, min: 100 },
      customFields: [
        { name: 'size', label: 'Size', type: 'text', required: true },
        { name: 'photo', label: 'Photo', type: 'file-upload', required: false },
      ],
    });
    const backend = handingOff(checkout);
    const { el } = await mount(backend);
    await fill(el, 'amount', '2500');
    await fill(el, 'fields.size', 'M');
    await fill(el, 'customer.email', 'awa@example.com');
    await click(el, 'Pay on your phone');
    await rendered(el, () => !!$(el, '.pay__qr'), 'the QR code');
    expect(backend.made('POST', 'handoffs').map((request) => request.body)).to.deep.equal([
      // The checkout's language travels with it: the phone's page opens in it.
      { link: 'lnk_1', lang: 'en', amount: 2500, customer: { email: 'awa@example.com' }, fields: { size: 'M' } },
    ]);
    expect($(el, '.pay__qr')!.getAttribute('src')).to.equal(HANDOFF.qrSvg);
    expect(text(el)).to.contain(HANDOFF.url);
    expect(heading(el)).to.equal('Waiting for the payment on your phone');
    expect($(el, '.pay__live')!.textContent).to.equal('Waiting for the payment on your phone');
    expect(el.shadowRoot!.activeElement).to.equal($(el, '.pay__heading'));
    await click(el, 'Back');
    expect((el.shadowRoot!.querySelector('[name="fields.size"]') as HTMLInputElement).value).to.equal('M');
  });

  it('follows the handoff on the injected clock to the payment made on the phone, announced once', async () => {
    const backend = handingOff();
    let answer = ok({ id: 'hof_1', expiresAt: HANDOFF.expiresAt });
    backend.on('GET', 'handoffs/hof_1', () => answer.clone());
    const { el, events } = await mount(backend);
    await click(el, 'Pay on your phone');
    await rendered(el, () => backend.dueIn.includes(3000), 'the first poll scheduled');
    backend.advance(3000);
    await rendered(el, () => backend.made('GET', 'handoffs/hof_1').length === 1, 'first poll');
    expect(backend.made('GET', 'handoffs/hof_1')[0]!.headers['handoff-token']).to.equal('follow-secret');
    // Paid on the phone, still pending: the desktop says what is paid (amount, method) in place of the code.
    answer = ok({
      id: 'hof_1',
      expiresAt: HANDOFF.expiresAt,
      payment: payment({ action: 'processing', amount: 15000, fee: 150, total: 15150 }),
      provider: 'orange',
    });
    await rendered(el, () => backend.dueIn.includes(3000), 'the second poll scheduled');
    backend.advance(3000);
    await rendered(el, () => backend.made('GET', 'handoffs/hof_1').length === 2, 'second poll');
    expect(heading(el)).to.equal('Waiting for the payment on your phone');
    await rendered(el, () => !!$(el, '.pay__summary'), 'what is paid');
    expect(summaryRows(el)).to.deep.equal([
      ['Amount', money(15150)],
      ['Pay with', 'Orange Money'],
    ]);
    expect($(el, '.pay__qr'), 'the code, replaced').to.equal(null);
    answer = ok({ id: 'hof_1', expiresAt: HANDOFF.expiresAt, payment: payment({ status: 'success', action: 'none' }) });
    await rendered(el, () => backend.dueIn.includes(3000), 'the third poll scheduled');
    backend.advance(3000);
    await rendered(el, () => heading(el) === 'Payment successful', 'success');
    expect(events.filter((event) => event.type === 'pay-success')).to.have.length(1);
    expect(backend.dueIn, 'nothing followed any more').to.deep.equal([]);
  });

  it('names the hosted page as the method of a payment made there, and shows the code again after a cancel', async () => {
    const backend = handingOff();
    let answer = ok({ id: 'hof_1', expiresAt: HANDOFF.expiresAt, payment: payment({ action: 'redirect' }) });
    backend.on('GET', 'handoffs/hof_1', () => answer.clone());
    const { el } = await mount(backend);
    await click(el, 'Pay on your phone');
    await rendered(el, () => backend.dueIn.includes(3000), 'the first poll scheduled');
    backend.advance(3000);
    await rendered(el, () => !!$(el, '.pay__summary'), 'what is paid');
    expect(summaryRows(el)).to.deep.equal([
      ['Amount', money(15000)],
      ['Pay with', 'Secure payment page'],
    ]);
    answer = ok({ id: 'hof_1', expiresAt: HANDOFF.expiresAt, payment: payment({ status: 'cancelled', action: 'none' }) });
    await rendered(el, () => backend.dueIn.includes(3000), 'the second poll scheduled');
    backend.advance(3000);
    await rendered(el, () => !!$(el, '.pay__qr'), 'the code again');
    expect($(el, '.pay__summary')).to.equal(null);
  });

  it('says an expired handoff has expired, with the way back to the form', async () => {
    const backend = handingOff();
    backend.on('GET', 'handoffs/hof_1', () => fail(404, 'not_found'));
    const { el } = await mount(backend);
    await click(el, 'Pay on your phone');
    await rendered(el, () => backend.dueIn.includes(3000), 'the first poll scheduled');
    backend.advance(3000);
    await rendered(el, () => text(el).includes('This code has expired'), 'expiry');
    expect($(el, '.pay__qr')).to.equal(null);
    expect(heading(el)).to.equal('Pay on your phone');
    expect(backend.dueIn, 'no more polls').to.deep.equal([]);
    await click(el, 'Back');
    expect($(el, 'form')).to.not.equal(null);
  });
});
