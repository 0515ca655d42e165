/**
 * `<pay-checkout isolation="iframe">`: instead of the checkout, the element holds one frame of the
 * backend's `/embed` page, where the payer types their number and code out of reach of this page's
 * scripts (docs/widget.md#isolation-mode). It passes the element's properties in (`init`), and
 * re-fires the frame's events on the element, sizes the frame to its content, and sends this window to
 * a provider's page when the checkout asks. Messages go to the backend's origin only, and only those
 * from that origin and that frame are read. Part of the widget's bundle: kept as small as it can be.
 */
import type { ReactiveControllerHost } from 'lit';
import type { Customer } from '../shared/contract.ts';
import type { Transport } from '../internal/transport.ts';
import type { FrameMessage, InitMessage } from './messages.ts';
import { THEME_PROPERTIES } from './theme.ts';

/** The element, as the frame needs it. */
export interface FrameHost extends ReactiveControllerHost, HTMLElement {
  customer?: Customer;
  locale?: string;
  theme?: string;
  popup: boolean;
  readonly transport: Transport;
}

/** The loading skeleton's height (widget/steps/loading.ts, about 860 px), kept until the frame says its own. */
const SKELETON_HEIGHT = '860';

/**
 * Makes the frame for `host`; `frame(api, kind, id)` then answers one showing checkout `id` (a `link` or
 * a `session`) from the backend at `api`. Back from a provider's page, this page's `pay_reference` (and
 * `pay_cancel`) go on to the frame, whose checkout resumes with them.
 */
export function isolate(host: FrameHost): (api: string, kind: string, id: string) => HTMLIFrameElement {
  let frame: HTMLIFrameElement | undefined;
  let origin = '';
  // Until its page is in, the frame's window is still about:blank, of this page's origin: a message sent
  // there is refused, with an error in the merchant's console.
  let loaded = false;
  const init = () =>
    loaded &&
    frame?.contentWindow?.postMessage(
      {
        type: 'pay:init',
        customer: host.customer,
        locale: host.locale,
        theme: host.theme,
        popup: host.popup,
        returnUrl: location.href,
        style: Object.fromEntries(
          THEME_PROPERTIES.map((name) => [name, getComputedStyle(host).getPropertyValue(name)]),
        ),
      } satisfies InitMessage,
      origin,
    );
  const receive = ({ origin: from, source, data }: MessageEvent<FrameMessage>) => {
    if (from !== origin || !frame || source !== frame.contentWindow) return;
    if (data.type === 'pay:height') frame.height = String(data.height);
    if (data.type === 'pay:navigate' && /^https?:/.test(data.url)) host.transport.navigate(data.url);
    if (data.type === 'pay:event' && data.name.startsWith('pay-'))
      host.dispatchEvent(
        new CustomEvent(data.name, { detail: Object.freeze(data.detail), bubbles: true, composed: true }),
      );
  };
  host.addController({
    hostConnected: () => addEventListener('message', receive),
    hostDisconnected: () => removeEventListener('message', receive),
    // Properties changed after the frame loaded reach it as well.
    hostUpdated: init,
  });
  return (api, kind, id) => {
    const url = new URL(api.replace(/\/$/, '') + '/embed');
    const query = new URLSearchParams(location.search);
    url.searchParams.set(kind, id);
    for (const key of ['pay_reference', 'pay_cancel']) {
      const value = query.get(key);
      if (value) url.searchParams.set(key, value);
    }
    origin = url.origin;
    loaded = false;
    frame = document.createElement('iframe');
    frame.src = url.href;
    frame.title = 'Checkout';
    frame.height = SKELETON_HEIGHT;
    frame.allow = 'clipboard-write';
    // Through the CSSOM, which a page's policy without 'unsafe-inline' allows. The same colour scheme as
    // the frame's own page, else the browser paints the frame opaque around the card.
    frame.style.cssText = 'display:block;width:100%;border:0;color-scheme:normal';
    frame.onload = () => {
      loaded = true;
      init();
    };
    return frame;
  };
}
