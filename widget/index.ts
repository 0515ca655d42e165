/**
 * The `pay-checkout` package: defines `<pay-checkout>` when the browser can run it (importing it on a
 * server does nothing but export; a browser that lacks what it needs keeps the element's fallback
 * content), and re-exports the class, its events and the API's types.
 */
import { PayCheckout } from './element/pay-checkout.ts';
import { canRun } from './internal/support.ts';

export { PayCheckout } from './element/pay-checkout.ts';
export * from './element/events.ts';
export { browserTransport, type Transport } from './internal/transport.ts';
export type * from './shared/contract.ts';
// Re-exported (for other JSX dialects' declarations) so that jsx.ts's augmentation of React's JSX ships too.
export type { PayCheckoutJsxProps } from './element/jsx.ts';

if (canRun() && !customElements.get('pay-checkout')) {
  customElements.define('pay-checkout', PayCheckout);
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
