// The checkout's side of the iframe mode (widget/isolation/frame.ts), in a frame of this test page: it
// renders nothing until an `init` comes from its parent at an allowed origin, then answers that origin
// only, and applies only well-formed values.
import { expect } from '@open-wc/testing';
import type { PayCheckout } from '../../widget/index.ts';

const SHOP = 'https://shop.example';

/** A frame laid out as GET /embed lays it out, running the widget and the frame script. */
async function embedFrame(): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!doctype html><meta name="pay-checkout-origins" content="https://other.example ${SHOP}">
<body data-kind="link" data-id="lnk_1"><script type="module">
import * as widget from '/widget/index.ts';
window.PayCheckout = widget;
await import('/widget/isolation/frame.ts');
parent.dispatchEvent(new Event('embed-started'));
</script></body>`;
  const started = new Promise((done) => window.addEventListener('embed-started', done, { once: true }));
  document.body.append(frame);
  await started;
  return frame;
}

const checkoutIn = (frame: HTMLIFrameElement) =>
  frame.contentDocument!.querySelector<PayCheckout>('pay-checkout');

/** An `init` as the browser would deliver it to the frame, from this page at `origin`. */
const init = (frame: HTMLIFrameElement, origin: string, data: object) =>
  frame.contentWindow!.dispatchEvent(
    new MessageEvent('message', {
      origin,
      source: window,
      data: { type: 'pay:init', returnUrl: '', style: {}, ...data },
    }),
  );

describe('the frame script', () => {
  let frame: HTMLIFrameElement;
  type Posted = { type: string; name?: string };
  let posted: [Posted, string][];
  /** Told the name of each event the frame relays. */
  let relayed: (name: string) => void;
  const ownPost = window.postMessage;
  beforeEach(async () => {
    posted = [];
    relayed = () => undefined;
    // The frame's `parent.postMessage`: this window's own, seen from a frame on the same origin here.
    window.postMessage = ((message: Posted, origin: string) => {
      posted.push([message, origin]);
      if (message.name) relayed(message.name);
    }) as Window['postMessage'];
    frame = await embedFrame();
  });
  afterEach(() => {
    window.postMessage = ownPost;
    frame.remove();
  });

  it('renders nothing for an origin that may not frame it, nor for a message from another window', () => {
    init(frame, 'https://evil.example', { locale: 'fr' });
    frame.contentWindow!.dispatchEvent(
      new MessageEvent('message', { origin: SHOP, source: frame.contentWindow, data: { type: 'pay:init' } }),
    );
    expect(frame.contentDocument!.querySelectorAll('pay-checkout').length).to.equal(0);
    expect(posted).to.deep.equal([]);
  });

  it('renders the checkout on an allowed origin’s init, with its well-formed values', () => {
    init(frame, SHOP, {
      customer: { name: 'Awa', phoneNumber: '+2250700000000', extra: 'dropped' },
      locale: 'fr-CI',
      theme: 'dark',
      popup: true,
      returnUrl: `${SHOP}/cart?step=pay`,
      style: {
        '--pay-color-primary': '#0b6e4f',
        '--pay-radius': 'url(https://evil.example/)',
        '--other': 'red',
      },
    });
    const checkout = checkoutIn(frame)!;
    expect(checkout.getAttribute('link')).to.equal('lnk_1');
    expect(checkout.customer).to.deep.equal({ name: 'Awa', email: undefined, phoneNumber: '+2250700000000' });
    expect([checkout.locale, checkout.theme, checkout.popup, checkout.returnUrl]).to.deep.equal([
      'fr-CI',
      'dark',
      true,
      `${SHOP}/cart?step=pay`,
    ]);
    expect(checkout.getAttribute('style')).to.equal('--pay-color-primary: #0b6e4f;');
  });

  it('sends the host’s window, not the frame, to a page the checkout links to; a popup’s link is left be', () => {
    init(frame, SHOP, {});
    const root = checkoutIn(frame)!.shadowRoot!;
    const link = (href: string, target = '') => {
      const anchor = frame.contentDocument!.createElement('a');
      Object.assign(anchor, { href, target, textContent: href });
      root.append(anchor);
      return anchor;
    };
    const clicked = (anchor: HTMLAnchorElement) => {
      const click = new MouseEvent('click', { bubbles: true, composed: true, cancelable: true });
      anchor.dispatchEvent(click);
      return click.defaultPrevented;
    };
    expect(clicked(link(`${SHOP}/thanks`))).to.equal(true);
    expect(clicked(link('https://provider.example/pay/1', '_self'))).to.equal(true);
    const popup = link('https://provider.example/pay/2', 'pay-checkout');
    popup.addEventListener('click', (event) => event.preventDefault()); // no real popup in a test
    clicked(popup);
    expect(posted.filter(([message]) => message.type === 'pay:navigate')).to.deep.equal([
      [{ type: 'pay:navigate', url: `${SHOP}/thanks` }, SHOP],
      [{ type: 'pay:navigate', url: 'https://provider.example/pay/1' }, SHOP],
    ]);
  });

  it('refuses a return page on another origin, and a malformed locale or theme', () => {
    init(frame, SHOP, { returnUrl: 'https://evil.example/phish', locale: '../../x', theme: 'neon' });
    const checkout = checkoutIn(frame)!;
    expect([checkout.returnUrl, checkout.locale, checkout.theme]).to.deep.equal([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('answers the first allowed origin only, and never with target *', async () => {
    // The checkout's config request fails here (no backend): its pay-error goes to the shop, and only there.
    const error = new Promise<void>((done) => (relayed = (name) => name === 'pay-error' && done()));
    init(frame, SHOP, { locale: 'fr' });
    init(frame, 'https://other.example', { locale: 'sw' });
    const checkout = checkoutIn(frame)!;
    expect(checkout.locale).to.equal('fr');
    await error;
    expect(posted.length).to.be.greaterThan(0);
    expect(posted.every(([, origin]) => origin === SHOP)).to.equal(true);
  });
});
