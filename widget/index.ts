/**
 * The `pay-checkout` package: defines `<pay-checkout>` when a registry exists (importing it on a server
 * does nothing but export), and re-exports the class, its events and the API's types.
 */
import { PayCheckout } from './pay-checkout.ts';

export { PayCheckout } from './pay-checkout.ts';
export * from './events.ts';
export { browserTransport, type Transport } from './transport.ts';
export type * from './contract/index.ts';

if (typeof customElements !== 'undefined' && !customElements.get('pay-checkout')) {
  customElements.define('pay-checkout', PayCheckout);
}

declare global {
  interface HTMLElementTagNameMap {
    'pay-checkout': PayCheckout;
  }
}
