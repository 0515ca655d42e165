import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Api, ApiFailure } from '../internal/api.ts';
import { courseOf, type Step, type CheckoutEvent, type CheckoutState } from './checkout-machine.ts';
import type { Payment } from '../shared/contract.ts';
import type { Transport } from '../internal/transport.ts';
import { handedOffPayment } from './handoff-follower.ts';

/** After this long in processing the checkout stops waiting, and says so calmly with the reference. */
const GIVE_UP_MS = 180_000;
const POLL_MS = 3_000;
/** Steps where the payment moves on outside the widget (provider's page, bank, phone), so it is followed. */
export const waiting = (step: Step): boolean => courseOf(step) === 'away';

/** The element it follows the payment for: its state, and its transport, whose clock runs every delay. */
export interface FollowerHost extends ReactiveControllerHost {
  readonly _state: CheckoutState;
  readonly transport: Transport;
  readonly isConnected: boolean;
}

/**
 * Follows the payment while the host's step waits on it: by its event stream, and by polling when the
 * stream fails or ends early; on entering processing it gives up after `GIVE_UP_MS`. It reads the host's
 * state after each update, so it starts and stops with the steps. Everything stops when the host leaves
 * the page, and starts again (the give-up too) when it comes back while the step still waits. A reactive
 * controller made by a function (a class would weigh more in the bundle for the same behaviour).
 *
 * `token`: the payment's token, which every request about it carries. `send`: where what it learns goes,
 * the payment's newer state or that it gave up.
 */
export function followPayment(
  host: FollowerHost,
  api: () => Api,
  token: () => string,
  send: (event: CheckoutEvent) => void,
): ReactiveController {
  let watching: AbortController | undefined;
  const timers = new Set<number>();
  /** The host's step at its last update. */
  let last: Step | undefined;

  const after = (ms: number, callback: () => void) => {
    const id = host.transport.setTimeout(() => {
      timers.delete(id);
      callback();
    }, ms);
    timers.add(id);
  };

  const stop = () => {
    watching?.abort();
    watching = undefined;
    for (const id of timers) host.transport.clearTimeout(id);
    timers.clear();
  };

  /** Follows the payment, or the handoff to the phone (polled: it has no event stream). */
  const watch = ({ payment, handoff }: CheckoutState) => {
    const { signal } = (watching = new AbortController());
    const update = (next?: Payment) => signal.aborted || !next || send({ type: 'payment', payment: next });
    const read = () =>
      (handoff ? handedOffPayment(api(), handoff, signal) : api().payment(payment!.reference, token(), signal)).then(
        update,
        // An expired handoff (or one never made) is not found: said once, and no more asked for.
        (failure: ApiFailure) => {
          if (handoff && failure.status === 404) {
            stop();
            send({ type: 'rejected', error: failure.error });
          }
        },
      );
    const poll = () => signal.aborted || after(POLL_MS, () => read().then(poll));
    // Back on the page (from the wallet app where the payer approved, say): read at once, since the
    // stream may have been lost while the page was away.
    document.addEventListener('visibilitychange', () => document.hidden || read(), { signal });
    if (handoff) poll();
    else api().follow(payment!.reference, token(), signal, update).then(poll, poll);
  };

  const hostUpdated = () => {
    const state = host._state;
    const { step, payment, handoff, error } = state;
    if (step === last && watching) return;
    last = step;
    const followed = step === 'handoff' ? handoff && !error : payment;
    if (!waiting(step) || !followed || !host.isConnected) return stop();
    if (!watching) watch(state);
    if (step === 'processing') after(GIVE_UP_MS, () => send({ type: 'give-up' }));
  };

  const controller = { hostConnected: hostUpdated, hostDisconnected: stop, hostUpdated };
  host.addController(controller);
  return controller;
}
