import { expect, oneEvent } from '@open-wc/testing';
import type { CreatePayment } from '../../widget/shared/contract.ts';
import { config, FakeBackend, ok, payment } from './fake-backend.ts';
import { mount, submit } from './helpers.ts';

/** Every property docs/embedding.md documents, with an attribute or without. */
const DOCUMENTED = [
  'link',
  'session',
  'api',
  'locale',
  'theme',
  'popup',
  'isolation',
  'customer',
  'returnUrl',
  'transport',
] as const;

/**
 * How React 19 and Vue pass a prop to a custom element: as a property when the element has one by that
 * name (`name in element`), else as an attribute, which for `returnUrl` is `returnurl`, read by nothing.
 */
function setAsAFrameworkDoes(el: HTMLElement, name: string, value: string) {
  if (name in el) (el as unknown as Record<string, unknown>)[name] = value;
  else el.setAttribute(name, value);
}

describe('<pay-checkout> properties, as frameworks set them', () => {
  it('has every documented property before any is set', () => {
    const fresh = document.createElement('pay-checkout');
    expect(DOCUMENTED.filter((name) => !(name in fresh))).to.deep.equal([]);
  });

  it('sends a returnUrl set as React 19 and Vue set it with the hosted payment it creates', async () => {
    const backend = new FakeBackend(config({ hosted: true }));
    backend.on('POST', 'payments', () =>
      ok(
        {
          payment: payment({ action: 'redirect', redirectUrl: 'https://provider.example/pay/1' }),
          token: 't',
        },
        201,
      ),
    );
    const { el } = await mount(backend);
    const cart = `${location.origin}/cart/c_1?step=pay`;
    setAsAFrameworkDoes(el, 'returnUrl', cart);
    expect(el.getAttribute('returnurl')).to.equal(null);
    el.shadowRoot!.querySelector<HTMLInputElement>('input[value="hosted"]')!.click();
    await el.updateComplete;
    submit(el).click();
    await oneEvent(el, 'pay-pending');
    const body = backend.made('POST', 'payments')[0]!.body as CreatePayment;
    expect(body.method).to.deep.equal({ kind: 'hosted', returnUrl: cart });
  });
});
