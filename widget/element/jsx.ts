/**
 * `<pay-checkout>` in React's JSX (React 19: `React.JSX`), shipped with the package's types so a
 * merchant's `tsc` or `next build` knows the tag without a declaration of their own. React 19 sets a prop
 * the element has as a property, and listens for an event under `on` + its name (`onpay-success`).
 * Types only: nothing here reaches a bundle. It names nothing of React's own (`HTMLAttributes`, `Ref`): an
 * app without React's types still compiles it, where an import of theirs would fail without skipLibCheck.
 */
import type { PayEventName } from './event-names.ts';
import type { PayCheckout } from './pay-checkout.ts';

/** The documented properties (each also settable as a prop), all optional in markup. */
export type PayCheckoutProps = Partial<
  Pick<
    PayCheckout,
    | 'link'
    | 'session'
    | 'api'
    | 'locale'
    | 'theme'
    | 'popup'
    | 'isolation'
    | 'customer'
    | 'returnUrl'
    | 'transport'
  >
>;

/** `onpay-success={(event) => event.detail.payment}`, and so on for each event. */
type PayEventProps = {
  [Name in PayEventName as `on${Name}`]?: (event: GlobalEventHandlersEventMap[Name]) => void;
};

/** What React takes on any element, written out structurally so that React's types are not needed. */
interface ElementProps {
  id?: string;
  className?: string;
  slot?: string;
  hidden?: boolean;
  style?: object;
  children?: unknown;
  ref?: { current: PayCheckout | null } | ((element: PayCheckout | null) => void | (() => void)) | null;
}

/** `<pay-checkout>`'s props in JSX: its properties and its events (`onpay-success`). */
export type PayCheckoutJsxProps = ElementProps & PayCheckoutProps & PayEventProps;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React 19 keeps its JSX types in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'pay-checkout': PayCheckoutJsxProps;
    }
  }
}
