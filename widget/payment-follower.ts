import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Api } from './api.ts';
import { Step, type CheckoutEvent, type CheckoutState } from './checkout-machine.ts';
import type { Payment } from './contract/index.ts';
import type { Transport } from './transport.ts';

/** After this long in processing the checkout stops waiting, and says so calmly with the reference. */
const GIVE_UP_MS = 180_000;
const POLL_MS = 3_000;
/**
 * Steps where the payment moves on outside the widget (provider's page, bank, phone), so it is followed:
 * `Redirecting` to `Processing`, contiguous in `Step`.
 */
export const waiting = (step: Step): boolean => step >= Step.Redirecting && step <= Step.Processing;

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
 * the page, and starts again (the give-up too) when it comes back while the step still waits.
 */
export class PaymentFollower implements ReactiveController {
  readonly #host: FollowerHost;
  readonly #api: () => Api;
  /** The payment's token, which every request about it carries. */
  readonly #token: () => string;
  /** Where what it learns goes: the payment's newer state, or that it gave up. */
  readonly #send: (event: CheckoutEvent) => void;
  #watching?: AbortController;
  #timers = new Set<number>();
  /** The host's step at its last update. */
  #step?: Step;

  constructor(host: FollowerHost, api: () => Api, token: () => string, send: (event: CheckoutEvent) => void) {
    this.#host = host;
    this.#api = api;
    this.#token = token;
    this.#send = send;
    host.addController(this);
  }

  hostConnected() {
    this.hostUpdated();
  }

  hostDisconnected() {
    this.#stop();
  }

  hostUpdated() {
    const { step, payment } = this.#host._state;
    if (step === this.#step && this.#watching) return;
    this.#step = step;
    if (!waiting(step) || !payment || !this.#host.isConnected) return this.#stop();
    if (!this.#watching) this.#watch(payment);
    if (step === Step.Processing) this.#after(GIVE_UP_MS, () => this.#send({ type: 'give-up' }));
  }

  #after(ms: number, callback: () => void) {
    const id = this.#host.transport.setTimeout(() => {
      this.#timers.delete(id);
      callback();
    }, ms);
    this.#timers.add(id);
  }

  #stop() {
    this.#watching?.abort();
    this.#watching = undefined;
    for (const id of this.#timers) this.#host.transport.clearTimeout(id);
    this.#timers.clear();
  }

  #watch(payment: Payment) {
    const { signal } = (this.#watching = new AbortController());
    const update = (next: Payment) => signal.aborted || this.#send({ type: 'payment', payment: next });
    const poll = () =>
      signal.aborted ||
      this.#after(POLL_MS, () =>
        this.#api()
          .payment(payment.reference, this.#token(), signal)
          .then(update, () => undefined)
          .then(poll),
      );
    this.#api().follow(payment.reference, this.#token(), signal, update).then(poll, poll);
  }
}
