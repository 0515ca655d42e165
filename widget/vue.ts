/**
 * `pay-checkout/vue`: the package's entry (at run time the same file, dist/index.js), with `<pay-checkout>`
 * typed in Vue's templates: `GlobalComponents`, which vue-tsc and Vue's editor tooling read, lists its
 * documented properties and its events (`@pay-success` is the prop `onPaySuccess`), so a misspelt prop or
 * a listener for the wrong event fails type-checking. Only this entry names Vue's types: an app without
 * Vue imports `pay-checkout` and never meets them. The shape is the one Vue's guide gives for custom
 * elements: the element's own type, with `$props` and `$emit` for the template checker.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { PayEventName } from './element/event-names.ts';
import type { PayCheckoutProps } from './element/jsx.ts';
import type { PayCheckout } from './element/pay-checkout.ts';

export * from './index.ts';

/** `pay-success` as Vue names its listener prop: `PaySuccess` (after `on`). */
type Pascal<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Capitalize<Head>}${Pascal<Tail>}`
  : Capitalize<Name>;

type PayEventListeners = {
  [Name in PayEventName]: (event: GlobalEventHandlersEventMap[Name]) => void;
};

/** `@pay-success="(event) => event.detail.payment"` in a template, and so on for each event. */
type PayEventProps = {
  [Name in PayEventName as `on${Pascal<Name>}`]?: PayEventListeners[Name];
};

/** `<pay-checkout>` as Vue's template checker sees a component: the element, its props and its events. */
export type PayCheckoutVueComponent = new () => PayCheckout & {
  /** For the template checker only: set properties on the element itself, not on `$props`. */
  $props: HTMLAttributes & PayCheckoutProps & PayEventProps & PublicProps;
  /** For the template checker only: the element fires its events itself. */
  $emit: EmitFn<PayEventListeners>;
};

declare module 'vue' {
  interface GlobalComponents {
    'pay-checkout': PayCheckoutVueComponent;
  }
}
