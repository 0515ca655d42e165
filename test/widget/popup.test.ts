/**
 * The provider's page in a popup (`popup` attribute, hosted checkout): it must not get a `window.opener`
 * back to the merchant's page (which it could read the origin of, or navigate: reverse tabnabbing),
 * while the checkout keeps the handle it sends the popup to the provider's page with.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { config, FakeBackend, ok, payment } from './fake-backend.ts';
import { $, mount, submit } from './helpers.ts';

describe('<pay-checkout popup>', () => {
  const opened: (Window | null)[] = [];
  const open = window.open;
  beforeEach(() => {
    window.open = (...args) => {
      const popup = open.apply(window, args);
      opened.push(popup);
      return popup;
    };
  });
  afterEach(() => {
    window.open = open;
    for (const popup of opened.splice(0)) popup?.close();
  });

  it("opens the provider's page with no window.opener, and still sends it there", async () => {
    // On this origin, so the test can read where the popup went.
    const provider = new URL('/test/widget/fake-backend.ts?provider-page', location.href).href;
    const backend = new FakeBackend(config({ hosted: true, methods: [] }));
    backend.on('POST', 'payments', () =>
      ok({ payment: payment({ action: 'redirect', redirectUrl: provider }), token: 'tok_1' }, 201),
    );
    const { el } = await mount(backend, { link: 'lnk_1', popup: '' });
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    expect(opened).to.have.length(1);
    const popup = opened[0]!;
    // Compared as a boolean: a failure would otherwise have chai print this whole window.
    expect(popup.opener === null, 'the provider page cannot reach the shop').to.equal(true);
    // The popup has the focus, and a page in the background gets no animation frames: wait on tasks.
    for (let turn = 0; turn < 100 && popup.location.href !== provider; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(popup.location.href, 'sent to the provider page').to.equal(provider);
    expect(popup.opener === null, 'nor once there').to.equal(true);
    expect($(el, 'a.pay__button')!.getAttribute('rel'), 'nor can the link that reopens it').to.equal(
      'noopener',
    );
  });

  it('goes to the provider page in this tab when the browser refuses the popup (in-app browsers)', async () => {
    window.open = () => null;
    const provider = 'https://provider.example/pay/1';
    const backend = new FakeBackend(config({ hosted: true, methods: [] }));
    backend.on('POST', 'payments', () =>
      ok({ payment: payment({ action: 'redirect', redirectUrl: provider }), token: 'tok_1' }, 201),
    );
    const { el } = await mount(backend, { link: 'lnk_1', popup: '' });
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    await el.updateComplete;
    expect(backend.navigated).to.deep.equal([provider]);
  });
});
