/**
 * The isolation page's own script (GET /embed, after the widget's classic script): it renders
 * `<pay-checkout>` in the frame, once the host's `init` message has come from an allowed origin, and
 * relays what the host may know: the events (redacted), the checkout's height, and a provider's page
 * the top window must open. Built on its own (`pay-checkout-frame.js`), outside the widget's bundle.
 * See docs/widget.md#isolation-mode.
 */
import type { Customer } from '../shared/contract.ts';
import { PAY_EVENTS } from '../element/event-names.ts';
import type * as Widget from '../index.ts';
import type { PayCheckout as Checkout } from '../element/pay-checkout.ts';
import type { FrameMessage, InitMessage } from './messages.ts';
import { pageConfigFetch } from './page-config.ts';
import { redact } from './redact.ts';
import { THEME_PROPERTIES, themeValue } from './theme.ts';

declare global {
  /** The widget's classic script's namespace (vite.config.ts, `name`). */
  var PayCheckout: typeof Widget;
}

const LOCALE = /^[A-Za-z]{2,3}(?:-[A-Za-z\d]{1,8})*$/;

/** The origins that may frame this page (the server's ALLOWED_ORIGINS, in the page's meta). */
const allowed = (document.querySelector<HTMLMetaElement>('meta[name="pay-checkout-origins"]')?.content ?? '')
  .split(' ')
  .filter(Boolean);
const { kind, id } = document.body.dataset;

/**
 * The checkout's config as the server read it for this page: read now, while the page is as the server
 * wrote it, and answered to the checkout's first read of its config.
 */
const configFetch = pageConfigFetch(kind, id, (url, init) => PayCheckout.browserTransport.fetch(url, init));

/** The host's origin, fixed by its first `init`: every message goes there, and only there. */
let hostOrigin: string | undefined;
let checkout: Checkout | undefined;

function post(message: FrameMessage) {
  if (hostOrigin) parent.postMessage(message, hostOrigin);
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function customerOf(value: unknown): Customer | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { name, email, phoneNumber } = value as Record<string, unknown>;
  return { name: text(name), email: text(email), phoneNumber: text(phoneNumber) };
}

/** The page the payer comes back to from a provider's page: the host's, on the host's origin only. */
function returnPage(value: unknown): string | undefined {
  try {
    const url = new URL(text(value) ?? '');
    return url.origin === hostOrigin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function create(): Checkout {
  const element = document.createElement('pay-checkout');
  // The provider's page must not run inside this frame: the host sends its own window there.
  const network = PayCheckout.browserTransport;
  element.transport = {
    ...network,
    fetch: configFetch,
    navigate: (url) => post({ type: 'pay:navigate', url }),
  };
  for (const name of PAY_EVENTS)
    element.addEventListener(name, (event) =>
      post({ type: 'pay:event', name, detail: redact((event as CustomEvent).detail) }),
    );
  // The checkout's links (the provider's page, the merchant's page after a success) would open inside
  // this frame: the host's window goes there instead, as for the checkout's own redirect. A link to the
  // popup (a named target) is left be.
  element.addEventListener('click', (event) => {
    const link = event.composedPath().find((node) => node instanceof HTMLAnchorElement);
    if (!link || (link.target && link.target !== '_self') || !/^https?:/.test(link.href)) return;
    event.preventDefault();
    post({ type: 'pay:navigate', url: link.href });
  });
  new ResizeObserver(() =>
    post({ type: 'pay:height', height: Math.ceil(element.getBoundingClientRect().height) }),
  ).observe(element);
  element.setAttribute(kind === 'session' ? 'session' : 'link', id ?? '');
  return element;
}

function apply(init: Partial<InitMessage>) {
  const element = (checkout ??= create());
  element.customer = customerOf(init.customer);
  const locale = text(init.locale);
  element.locale = locale && LOCALE.test(locale) ? locale : undefined;
  element.theme = init.theme === 'dark' || init.theme === 'light' ? init.theme : undefined;
  element.popup = init.popup === true;
  element.returnUrl = returnPage(init.returnUrl);
  for (const name of THEME_PROPERTIES) {
    const value = themeValue(name, init.style?.[name]);
    if (value) element.style.setProperty(name, value);
    else element.style.removeProperty(name);
  }
  if (!element.isConnected) document.body.append(element);
}

// No scrollbar ever: the host sizes the frame to the checkout. Set through the CSSOM, which the page's
// policy allows (it forbids inline styles).
document.documentElement.style.overflow = 'hidden';
document.body.style.margin = '0';

addEventListener('message', (event: MessageEvent<Partial<InitMessage> | null>) => {
  if (event.source !== parent || parent === window || event.data?.type !== 'pay:init') return;
  const from = event.origin;
  if (hostOrigin ? from !== hostOrigin : !allowed.includes(from) && !allowed.includes('*')) return;
  hostOrigin = from;
  apply(event.data);
});
