/**
 * The events `<pay-checkout>` fires: `Event` subclasses that bubble out of the shadow root, with a frozen
 * typed `detail`, so a merchant's `addEventListener('pay-success', ...)` is typed too.
 */
import type { ApiError, CheckoutConfig, CreatePayment, Payment } from '../shared/contract.ts';

abstract class PayEvent<T extends object> extends Event {
  readonly detail: Readonly<T>;
  constructor(type: string, detail: T, cancelable = false) {
    super(type, { bubbles: true, composed: true, cancelable });
    this.detail = Object.freeze(detail);
  }
}

interface PaymentDetail {
  readonly payment: Payment;
}

/** The form (or a resumed payment) is on screen, in its language: not before its messages are in. */
export class PayReadyEvent extends PayEvent<{ readonly config: CheckoutConfig }> {
  constructor(config: CheckoutConfig) {
    super('pay-ready', { config });
  }
}

/** The payer submitted a valid form; `preventDefault()` stops the payment from being created. */
export class PaySubmitEvent extends PayEvent<{ readonly request: CreatePayment }> {
  constructor(request: CreatePayment) {
    super('pay-submit', { request }, true);
  }
}

/** The provider asks for a code (`otp`) or for the payer to fetch one first (`pre-otp`). */
export class PayOtpRequiredEvent extends PayEvent<PaymentDetail> {
  constructor(payment: Payment) {
    super('pay-otp-required', { payment });
  }
}

/** The payment waits on something outside the widget: the phone, a hosted page, a bank transfer. */
export class PayPendingEvent extends PayEvent<PaymentDetail> {
  constructor(payment: Payment) {
    super('pay-pending', { payment });
  }
}

/** The backend verified the payment as paid. */
export class PaySuccessEvent extends PayEvent<PaymentDetail> {
  constructor(payment: Payment) {
    super('pay-success', { payment });
  }
}

/** The payment failed or expired; the payer may try again. */
export class PayFailedEvent extends PayEvent<PaymentDetail> {
  constructor(payment: Payment) {
    super('pay-failed', { payment });
  }
}

/** The payer cancelled on the hosted page and is back on the form. */
export class PayCancelEvent extends PayEvent<PaymentDetail> {
  constructor(payment: Payment) {
    super('pay-cancel', { payment });
  }
}

/** The checkout could not be loaded, or a request failed; `status` is 0 without an answer. */
export class PayErrorEvent extends PayEvent<{ readonly error: ApiError; readonly status: number }> {
  constructor(error: ApiError, status: number) {
    super('pay-error', { error, status });
  }
}

// On every element's, the document's and the window's map (each extends this one): the events bubble and
// are composed, so a merchant's `document.addEventListener('pay-success', ...)` is typed too.
declare global {
  interface GlobalEventHandlersEventMap {
    'pay-ready': PayReadyEvent;
    'pay-submit': PaySubmitEvent;
    'pay-otp-required': PayOtpRequiredEvent;
    'pay-pending': PayPendingEvent;
    'pay-success': PaySuccessEvent;
    'pay-failed': PayFailedEvent;
    'pay-cancel': PayCancelEvent;
    'pay-error': PayErrorEvent;
  }
}
