/**
 * The checkout as a pure state machine (no DOM, no timers, no network): the component feeds it what
 * happened and renders the state it returns. Steps follow the server's payment lifecycle,
 * plus the widget's own: loading the config, the form, submitting, unavailable and error-with-retry.
 */
import type { ApiError, CheckoutConfig, Payment } from '../shared/contract.ts';
import type { Handoff } from '../internal/api.ts';

/**
 * The steps, by name: every table of them is a `Record<Step, ...>` (the templates, the titles, `COURSE`),
 * so adding one is a compile error wherever it is not yet handled. The widget's code writes the names as
 * literals, which the compiler checks against `Step`: read as `Step.Form`, the minifier kept each name
 * in a variable of its own, which weighed more. The object lists them for tests and readers.
 */
export const Step = {
  Idle: 'idle',
  Loading: 'loading',
  Unavailable: 'unavailable',
  Error: 'error',
  Form: 'form',
  Submitting: 'submitting',
  Resuming: 'resuming',
  Otp: 'otp',
  PreOtp: 'preOtp',
  Confirming: 'confirming',
  Redirecting: 'redirecting',
  /** A payment resumed while it waits on the provider's page: the payer chooses to go back or start again. */
  Unfinished: 'unfinished',
  BankTransfer: 'bankTransfer',
  Processing: 'processing',
  TimedOut: 'timedOut',
  Success: 'success',
  Failed: 'failed',
  Expired: 'expired',
  /** "Pay on your phone": the QR code of a pay page for the phone, until the payment made there is final. */
  Handoff: 'handoff',
} as const;
export type Step = (typeof Step)[keyof typeof Step];

/**
 * Where a step stands in the payment's course: `start` before the payer did anything (idle, loading),
 * `open` with no payment on its way (the form, or the checkout could not load), `sent` while it is
 * created, `resume` while a saved one is read again, `here` on a payment that waits on the payer in the
 * widget (a code, or past our patience), `away` on one that moves on outside the widget (the provider's
 * page, a bank, the phone: it is followed), `end` once it is final.
 */
type Course = 'start' | 'open' | 'sent' | 'resume' | 'here' | 'away' | 'end';
const COURSE: Record<Step, Course> = {
  idle: 'start',
  loading: 'start',
  unavailable: 'open',
  error: 'open',
  form: 'open',
  submitting: 'sent',
  resuming: 'resume',
  otp: 'here',
  preOtp: 'here',
  confirming: 'here',
  redirecting: 'away',
  unfinished: 'away',
  bankTransfer: 'away',
  processing: 'away',
  timedOut: 'here',
  success: 'end',
  failed: 'end',
  expired: 'end',
  handoff: 'away',
};
export const courseOf = (step: Step): Course => COURSE[step];

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
  /** The handoff to the phone the handoff step shows and follows, once created. */
  readonly handoff?: Handoff;
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
  | { type: 'restart' }
  /** The payer hands the checkout to their phone; `handoff`: it was created. */
  | { type: 'hand-off' }
  | { type: 'handoff'; handoff: Handoff };

/** Errors after which loading again cannot help: the link or session itself is not payable. */
const UNAVAILABLE = ['not_found', 'link_unavailable', 'session_paid'];

/** Where a payment's status and action put the payer (docs/payments.md#payment-lifecycle). */
export function stepOf(payment: Payment): Step {
  switch (payment.status) {
    case 'success':
      return 'success';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    case 'cancelled':
      return 'form';
    case 'processing':
      return 'processing';
  }
  switch (payment.action) {
    case 'otp':
      return 'otp';
    case 'pre-otp':
      return 'preOtp';
    case 'redirect':
      return 'redirecting';
    case 'bank-transfer':
      return 'bankTransfer';
    default:
      return 'processing';
  }
}

/** Steps with a payment on its way, from submitting it to waiting past our patience: a newer answer may still arrive. */
const following = (step: Step) => ['sent', 'resume', 'here', 'away'].includes(COURSE[step]);

export const isFinal = (step: Step): boolean => COURSE[step] === 'end';

/** Steps before the payer did anything (idle, loading, resuming): leaving them never moves the focus. */
const waitingForPage = (step: Step) => ['start', 'resume'].includes(COURSE[step]);
const busy = (step: Step) => step === 'submitting' || step === 'confirming';

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
      return { step: 'loading' };
    case 'loaded':
      if (step !== 'loading') return state;
      if (event.config.status !== 'active') return { step: 'unavailable', config: event.config };
      return { step: event.resume ? 'resuming' : 'form', config: event.config };
    case 'load-failed':
      if (step === 'resuming') return { step: 'form', config };
      if (step !== 'loading') return state;
      return {
        step: UNAVAILABLE.includes(event.error.code) ? 'unavailable' : 'error',
        error: event.error,
      };
    case 'submit':
      return step === 'form' ? { step: 'submitting', config } : state;
    case 'rejected':
      // The handoff could not be created, or expired: said on its step, whose way back is the form.
      if (step === 'handoff') return { ...state, error: event.error };
      if (step === 'submitting') {
        const unavailable = event.error.code === 'link_unavailable' || event.error.code === 'session_paid';
        return { step: unavailable ? 'unavailable' : 'form', config, error: event.error };
      }
      if (step !== 'confirming') return state;
      // Locked out: the payment failed, for that reason, not the code step's prompt.
      if (event.error.code === 'otp_locked' || event.error.attemptsLeft === 0) {
        const payment = state.payment && {
          ...state.payment,
          message: event.error.message,
          failureCode: 'otp_locked' as const,
        };
        return { step: 'failed', config, payment, error: event.error };
      }
      return { ...state, step: state.payment ? stepOf(state.payment) : 'form', error: event.error };
    case 'payment': {
      if (!following(step)) return state;
      let next = stepOf(event.payment);
      // The phone's payment shows once final: until then the desktop says what it pays (or, if the
      // payer cancels there and may try again, shows the QR code again).
      if (step === 'handoff' && !isFinal(next))
        return { ...state, payment: next == 'form' ? undefined : event.payment };
      // Back from the payment page, the payer waits here for its confirmation (the webhook may still be
      // on its way): sending them to the page again would loop.
      if (next === 'redirecting' && (event.returned || step === 'processing')) next = 'processing';
      // Resumed (a reload, or back without the provider's return): never sent to the page unasked, which
      // would loop a payer who walked away from it back there.
      else if (next === 'redirecting' && (step === 'resuming' || step === 'unfinished'))
        next = 'unfinished';
      if (next === 'form') return { step: next, config, cancelled: true };
      const confirming =
        state.confirming || step === 'confirming' || step === 'redirecting' || event.returned;
      return { step: next, config, payment: event.payment, ...(confirming && { confirming }) };
    }
    case 'confirm':
      return step === 'otp' || step === 'preOtp'
        ? { ...state, step: 'confirming', error: undefined }
        : state;
    case 'give-up':
      return step === 'processing' ? { ...state, step: 'timedOut' } : state;
    case 'hand-off':
      return step === 'form' ? { step: 'handoff', config } : state;
    case 'handoff':
      return step === 'handoff' ? { ...state, handoff: event.handoff } : state;
    case 'restart':
      // From any step past the submission (one on its way, or a final one), back to the form.
      return config && !['start', 'open', 'sent'].includes(COURSE[step]) ? { step: 'form', config } : state;
  }
}
