/**
 * The checkout as a pure state machine (no DOM, no timers, no network): the component feeds it what
 * happened and renders the state it returns. Steps follow the server's payment lifecycle,
 * plus the widget's own: loading the config, the form, submitting, unavailable and error-with-retry.
 */
import type { ApiError, CheckoutConfig, Payment } from '../contract/index.ts';

/**
 * The steps, as small numbers (the bundle compares numbers, not names), in an order that matters: idle
 * and loading first, the steps with a payment on its way from `Submitting` to `TimedOut`, those waiting
 * outside the widget from `Redirecting` to `Processing`, and the final ones last. The templates and
 * titles are arrays in this order.
 */
export const Step = {
  Idle: 0,
  Loading: 1,
  Unavailable: 2,
  Error: 3,
  Form: 4,
  Submitting: 5,
  Resuming: 6,
  Otp: 7,
  PreOtp: 8,
  Confirming: 9,
  Redirecting: 10,
  /** A payment resumed while it waits on the provider's page: the payer chooses to go back or start again. */
  Unfinished: 11,
  BankTransfer: 12,
  Processing: 13,
  TimedOut: 14,
  Success: 15,
  Failed: 16,
  Expired: 17,
} as const;
export type Step = (typeof Step)[keyof typeof Step];

export interface CheckoutState {
  readonly step: Step;
  readonly config?: CheckoutConfig;
  readonly payment?: Payment;
  /** The last answer that went wrong: shown on the form, the OTP step or the error screen. */
  readonly error?: ApiError;
  /** The payer came back from a cancelled hosted page. */
  readonly cancelled?: boolean;
  /**
   * Processing after the payer did their part (a code, or the provider's page): the wait is the
   * provider's confirmation, not an approval on the phone.
   */
  readonly confirming?: boolean;
}

export type CheckoutEvent =
  | { type: 'load' }
  | { type: 'loaded'; config: CheckoutConfig; resume?: boolean }
  | { type: 'load-failed'; error: ApiError }
  | { type: 'submit' }
  | { type: 'rejected'; error: ApiError }
  /** `returned`: read on the payer's way back from the provider's payment page. */
  | { type: 'payment'; payment: Payment; returned?: boolean }
  | { type: 'confirm' }
  | { type: 'give-up' }
  | { type: 'restart' };

/** Errors after which loading again cannot help: the link or session itself is not payable. */
const UNAVAILABLE = ['not_found', 'link_unavailable', 'session_paid'];

/** Where a payment's status and action put the payer (docs/payments.md#payment-lifecycle). */
export function stepOf(payment: Payment): Step {
  switch (payment.status) {
    case 'success':
      return Step.Success;
    case 'failed':
      return Step.Failed;
    case 'expired':
      return Step.Expired;
    case 'cancelled':
      return Step.Form;
    case 'processing':
      return Step.Processing;
  }
  switch (payment.action) {
    case 'otp':
      return Step.Otp;
    case 'pre-otp':
      return Step.PreOtp;
    case 'redirect':
      return Step.Redirecting;
    case 'bank-transfer':
      return Step.BankTransfer;
    default:
      return Step.Processing;
  }
}

/** Steps with a payment on its way, from submitting it to waiting past our patience: a newer answer may still arrive. */
const following = (step: Step) => step >= Step.Submitting && step <= Step.TimedOut;

export const isFinal = (step: Step): boolean => step >= Step.Success;

/** Steps before the payer did anything (idle, loading, resuming): leaving them never moves the focus. */
const waitingForPage = (step: Step) => step <= Step.Loading || step === Step.Resuming;
const busy = (step: Step) => step === Step.Submitting || step === Step.Confirming;

/**
 * Whether moving from `before` to `after` puts the focus on the new step's heading: focus follows the
 * payer's own progress, never the page load, and never leaves a refused form.
 */
export const movesFocus = (before: Step, after: CheckoutState): boolean =>
  !waitingForPage(before) && !(after.error && busy(before)) && !busy(after.step);

/** The next state; an event that does not apply to the current step leaves the state as it is. */
export function transition(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  const { step, config } = state;
  switch (event.type) {
    case 'load':
      return { step: Step.Loading };
    case 'loaded':
      if (step !== Step.Loading) return state;
      if (event.config.status !== 'active') return { step: Step.Unavailable, config: event.config };
      return { step: event.resume ? Step.Resuming : Step.Form, config: event.config };
    case 'load-failed':
      if (step === Step.Resuming) return { step: Step.Form, config };
      if (step !== Step.Loading) return state;
      return {
        step: UNAVAILABLE.includes(event.error.code) ? Step.Unavailable : Step.Error,
        error: event.error,
      };
    case 'submit':
      return step === Step.Form ? { step: Step.Submitting, config } : state;
    case 'rejected':
      if (step === Step.Submitting) {
        const unavailable = event.error.code === 'link_unavailable' || event.error.code === 'session_paid';
        return { step: unavailable ? Step.Unavailable : Step.Form, config, error: event.error };
      }
      if (step !== Step.Confirming) return state;
      // Locked out: the payment failed, for that reason, not the code step's prompt.
      if (event.error.code === 'otp_locked' || event.error.attemptsLeft === 0) {
        const payment = state.payment && {
          ...state.payment,
          message: event.error.message,
          failureCode: 'otp_locked' as const,
        };
        return { step: Step.Failed, config, payment, error: event.error };
      }
      return { ...state, step: state.payment ? stepOf(state.payment) : Step.Form, error: event.error };
    case 'payment': {
      if (!following(step)) return state;
      let next = stepOf(event.payment);
      // Back from the payment page, the payer waits here for its confirmation (the webhook may still be
      // on its way): sending them to the page again would loop.
      if (next === Step.Redirecting && (event.returned || step === Step.Processing)) next = Step.Processing;
      // Resumed (a reload, or back without the provider's return): never sent to the page unasked, which
      // would loop a payer who walked away from it back there.
      else if (next === Step.Redirecting && (step === Step.Resuming || step === Step.Unfinished))
        next = Step.Unfinished;
      if (next === Step.Form) return { step: next, config, cancelled: true };
      const confirming =
        state.confirming || step === Step.Confirming || step === Step.Redirecting || event.returned;
      return { step: next, config, payment: event.payment, ...(confirming && { confirming }) };
    }
    case 'confirm':
      return step === Step.Otp || step === Step.PreOtp
        ? { ...state, step: Step.Confirming, error: undefined }
        : state;
    case 'give-up':
      return step === Step.Processing ? { ...state, step: Step.TimedOut } : state;
    case 'restart':
      // From any step past the submission (one on its way, or a final one), back to the form.
      return config && step > Step.Submitting ? { step: Step.Form, config } : state;
  }
}
