/**
 * What `<pay-checkout isolation="iframe">` (the host, frame-host.ts) and the checkout inside its frame
 * (frame.ts, on the backend's origin) say to each other with `postMessage`, each side checking the
 * other's origin and window (docs/widget.md#isolation-mode). Types only: nothing here ships.
 */
import type { Customer } from '../shared/contract.ts';

/** Host to frame, once the frame has loaded and again whenever the host's properties change. */
export interface InitMessage {
  type: 'pay:init';
  customer?: Customer;
  locale?: string;
  theme?: string;
  popup?: boolean;
  /** The host page, where a provider's page sends the payer back (with `?pay_reference=`). */
  returnUrl: string;
  /** The host's `--pay-*` properties as computed there; the frame keeps the well-formed ones. */
  style: Record<string, string>;
}

/** Frame to host. */
export type FrameMessage =
  /** One of the element's events, its detail redacted (redact.ts). */
  | { type: 'pay:event'; name: string; detail: unknown }
  /** The checkout's height in CSS pixels: the host sizes the frame to it, so it never scrolls. */
  | { type: 'pay:height'; height: number }
  /** Send the payer's window (the top one) to a provider's page, which must not run in a frame. */
  | { type: 'pay:navigate'; url: string };
