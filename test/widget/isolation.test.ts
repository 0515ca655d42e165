// `<pay-checkout isolation="iframe">`, the host side (widget/isolation/frame-host.ts): one frame of the
// backend's /embed page, messages to the backend's origin only, and only the frame's own messages from
// that origin read; and what the frame lets out (redact.ts) and takes in (theme.ts).
import { expect, oneEvent } from '@open-wc/testing';
import type { InitMessage } from '../../widget/isolation/messages.ts';
import { redact } from '../../widget/isolation/redact.ts';
import { themeValue } from '../../widget/isolation/theme.ts';
import { FakeBackend } from './fake-backend.ts';
import { mount } from './helpers.ts';

/** The test page's own origin stands for the backend's: its /embed answers a plain 404 page. */
const api = location.origin;

async function framed(backend = new FakeBackend()) {
  const { el } = await mount(backend, { link: 'lnk_1', isolation: 'iframe', api }, { ready: false });
  const frame = el.shadowRoot!.querySelector('iframe')!;
  if (
    frame.contentDocument?.readyState !== 'complete' ||
    frame.contentWindow!.location.href === 'about:blank'
  )
    await new Promise((loaded) => frame.addEventListener('load', loaded, { once: true }));
  return { el, frame, backend };
}

/** A message as the browser would deliver it from `source` at `origin`. */
const deliver = (data: unknown, origin: string, source: Window | null) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }));

describe('<pay-checkout isolation="iframe">', () => {
  it('renders one frame of /embed for its checkout, and reads nothing from the API itself', async () => {
    history.replaceState(null, '', '?pay_reference=pay_back_1&pay_cancel=1&utm_source=news');
    try {
      const { el, frame, backend } = await framed();
      expect(el.shadowRoot!.children.length).to.equal(1);
      // Back from a provider's page, the reference (and the cancel) go on to the checkout in the frame.
      expect(frame.src).to.equal(`${api}/embed?link=lnk_1&pay_reference=pay_back_1&pay_cancel=1`);
      expect([frame.title, frame.height, frame.allow]).to.deep.equal(['Checkout', '860', 'clipboard-write']);
      expect(backend.requests).to.deep.equal([]);
    } finally {
      history.replaceState(null, '', location.pathname);
    }
  });

  it('passes its properties and well-formed --pay-* values in, to the backend’s origin only', async () => {
    const { el, frame, backend } = await framed();
    const posted: [InitMessage, string][] = [];
    frame.contentWindow!.postMessage = ((message: InitMessage, origin: string) =>
      posted.push([message, origin])) as Window['postMessage'];
    el.customer = { name: 'Awa Koné', phoneNumber: '+2250700000000' };
    el.locale = 'fr';
    el.theme = 'dark';
    el.popup = true;
    el.style.setProperty('--pay-color-primary', '#0b6e4f');
    await el.updateComplete;
    const [message, origin] = posted.at(-1)!;
    expect(origin).to.equal(api);
    expect(message).to.deep.include({
      type: 'pay:init',
      customer: { name: 'Awa Koné', phoneNumber: '+2250700000000' },
      locale: 'fr',
      theme: 'dark',
      popup: true,
      returnUrl: location.href,
    });
    expect(message.style['--pay-color-primary']).to.equal('#0b6e4f');
    expect(Object.keys(message.style)).to.have.length(12);
    // The language is the frame's business: this page fetches no messages for it.
    expect(backend.requests).to.deep.equal([]);
  });

  it('re-fires the frame’s events on itself, and ignores another origin or another window', async () => {
    const { el, frame } = await framed();
    const fired: Event[] = [];
    el.addEventListener('pay-success', (event) => fired.push(event));
    const success = { type: 'pay:event', name: 'pay-success', detail: { payment: { reference: 'pay_1' } } };
    deliver(success, 'https://evil.example', frame.contentWindow);
    deliver(success, api, window);
    deliver(success, api, null);
    expect(fired).to.deep.equal([]);

    const heard = oneEvent(document, 'pay-success');
    deliver(success, api, frame.contentWindow);
    const event = (await heard) as CustomEvent;
    expect(event.detail).to.deep.equal({ payment: { reference: 'pay_1' } });
    expect([event.target, event.bubbles, event.composed, Object.isFrozen(event.detail)]).to.deep.equal([
      el,
      true,
      true,
      true,
    ]);
    expect(fired).to.have.length(1);
  });

  it('follows the frame’s height, and sends this window only to an http(s) page the frame names', async () => {
    const { frame, backend } = await framed();
    deliver({ type: 'pay:height', height: 812 }, 'https://evil.example', frame.contentWindow);
    expect(frame.height).to.equal('860');
    deliver({ type: 'pay:height', height: 812 }, api, frame.contentWindow);
    expect(frame.height).to.equal('812');

    deliver(
      { type: 'pay:navigate', url: 'https://provider.example/pay/1' },
      'https://evil.example',
      frame.contentWindow,
    );
    deliver({ type: 'pay:navigate', url: 'javascript:alert(1)' }, api, frame.contentWindow);
    deliver({ type: 'pay:navigate', url: 'https://provider.example/pay/1' }, api, frame.contentWindow);
    expect(backend.navigated).to.deep.equal(['https://provider.example/pay/1']);
  });

  it('stops listening when it leaves the page', async () => {
    const { el, frame } = await framed();
    const fired: Event[] = [];
    el.addEventListener('pay-ready', (event) => fired.push(event));
    const source = frame.contentWindow;
    el.remove();
    deliver({ type: 'pay:event', name: 'pay-ready', detail: {} }, api, source);
    expect(fired).to.deep.equal([]);
  });
});

describe('what leaves the frame (redact)', () => {
  it('drops phone numbers, codes and tokens, and masks digit runs in provider texts', () => {
    expect(
      redact({
        request: {
          link: 'lnk_1',
          customer: { name: 'Awa', email: 'awa@example.com', phoneNumber: '+2250700000000' },
          fields: { company: 'Acme' },
          method: {
            kind: 'direct',
            provider: 'mtn',
            phoneNumber: '+2250700000000',
            returnUrl: 'https://shop.example/',
          },
        },
      }),
    ).to.deep.equal({
      request: {
        link: 'lnk_1',
        customer: { name: 'Awa', email: 'awa@example.com' },
        fields: { company: 'Acme' },
        method: { kind: 'direct', provider: 'mtn', returnUrl: 'https://shop.example/' },
      },
    });
    expect(
      redact({
        payment: {
          reference: 'pay_1',
          amount: 15_000,
          message: 'Enter the code 123456 sent to +225 07 00 00 00 00',
        },
        token: 'tok_1',
        otp: '123456',
        customerCode: '654321',
      }),
    ).to.deep.equal({
      payment: { reference: 'pay_1', amount: 15_000, message: 'Enter the code ••• sent to •••' },
    });
    // Short numbers (a USSD code's parts, a count) stay readable.
    expect(redact({ error: { message: 'Dial *144*8*1#; 4 tries left' } })).to.deep.equal({
      error: { message: 'Dial *144*8*1#; 4 tries left' },
    });
  });

  it('passes a config as it is, its labels included', () => {
    const config = {
      id: 'lnk_1',
      messages: { customerCode: 'Customer code', phone: 'Phone number' },
      methods: [],
    };
    expect(redact({ config })).to.deep.equal({ config });
  });
});

describe('what the frame takes in (themeValue)', () => {
  it('keeps colours, lengths and font families', () => {
    expect(
      [
        ['--pay-color-primary', ' #0b6e4f '],
        ['--pay-color-text', 'rgb(27 30 39 / 90%)'],
        ['--pay-color-border', 'transparent'],
        ['--pay-radius', '12px'],
        ['--pay-spacing', '1.25rem'],
        ['--pay-font', '"Inter", system-ui, sans-serif'],
      ].map(([name, value]) => themeValue(name!, value)),
    ).to.deep.equal([
      '#0b6e4f',
      'rgb(27 30 39 / 90%)',
      'transparent',
      '12px',
      '1.25rem',
      '"Inter", system-ui, sans-serif',
    ]);
  });

  it('drops anything that could load a resource or reach past its property', () => {
    expect(
      [
        ['--pay-color-background', 'url(https://evil.example/x.png)'],
        ['--pay-color-primary', 'red; background: url(https://evil.example/)'],
        ['--pay-radius', '4px} body{display:none'],
        ['--pay-font', 'x; src: url(https://evil.example/font)'],
        ['--pay-font', 'Inter{'],
        ['--pay-spacing', 'calc(100vh)'],
        ['--pay-radius', 42],
      ].map(([name, value]) => themeValue(name as string, value)),
    ).to.deep.equal([undefined, undefined, undefined, undefined, undefined, undefined, undefined]);
  });
});
