/**
 * What each step is called and what the live region says on it. A screen reader hears a refused form or
 * code only through the live region's text changing: focus may already be on the field that is wrong.
 */
import type { CheckoutState, Step } from '../controllers/checkout-machine.ts';
import type { ApiError, Payment } from '../shared/contract.ts';
import { fill, type Messages } from '../i18n/index.ts';

/** The message each step is headed by (the form's and the code check's come from elsewhere). */
const TITLES: Record<Step, keyof Messages | undefined> = {
  idle: undefined,
  loading: 'loading',
  unavailable: 'unavailable',
  error: 'error',
  form: undefined, // the config's title
  submitting: 'wait',
  resuming: 'loading',
  otp: 'otpTitle',
  preOtp: 'preOtpTitle',
  confirming: undefined, // the title of the code it confirms
  redirecting: 'redirectTitle',
  unfinished: 'unfinishedTitle',
  bankTransfer: 'bankTitle',
  processing: 'processingTitle',
  timedOut: 'timedOutTitle',
  success: 'successTitle',
  failed: 'failedTitle',
  expired: 'expiredTitle',
  handoff: 'handoffWaiting', // until it cannot go on: then "Pay on your phone"
};

/** The step's heading, which the live region also says. */
export function titleOf(state: CheckoutState, messages: Messages): string {
  const { step, payment, config, confirming } = state;
  if (step === 'form') return config?.title ?? '';
  if (step === 'handoff' && state.error) return messages.payOnPhone;
  if (step === 'processing' && confirming) return messages.confirmingTitle;
  const title =
    step === 'confirming' ? (payment?.action === 'otp' ? 'otpTitle' : 'preOtpTitle') : TITLES[step];
  return title ? messages[title] : '';
}

/**
 * A refused form's message: the server's, or, when it named fields (shown under each), one for all; a
 * second payment on a cart or to a phone already prompted, and a rate limit, are refused in the payer's
 * language (with the minutes the waiting payment may still be approved).
 */
export const formError = (error: ApiError, messages: Messages): string =>
  error.fields?.length
    ? messages.fixErrors
    : error.code === 'payment_in_progress' || error.code === 'rate_limited' || error.code === 'wallet_busy'
      ? fill(messages[error.code], { n: Math.ceil((error.retryAfter ?? 60) / 60) })
      : error.message;

/** Why the handoff to the phone cannot go on: it expired (not found any more), or could not be made. */
export const handoffProblem = (error: ApiError, messages: Messages): string =>
  error.code === 'not_found' ? messages.handoffExpired : formError(error, messages);

/** The server refused the code itself (not the network or the provider failing): type another. */
export const refusesCode = (error: ApiError) =>
  error.code === 'invalid_otp' || error.code === 'validation_failed';

/**
 * What is wrong with the code the payer typed, if anything: our own check, else the server's refusal of
 * it. Any other failure (no network, the provider down) is not the code's, and is shown beside it.
 */
export function codeError(
  payment: Payment,
  error: ApiError | undefined,
  errors: Record<string, string>,
  messages: Messages,
): string | undefined {
  return (
    errors[payment.action === 'otp' ? 'otp' : 'customerCode'] ??
    (error && refusesCode(error)
      ? error.code === 'invalid_otp'
        ? messages.wrongCode
        : error.message
      : undefined)
  );
}

/**
 * What the live region says: the step, or what just went wrong on it. `errors`: the form's own checks;
 * `copied`: a value was just copied.
 */
export function statusOf(
  state: CheckoutState,
  messages: Messages,
  errors: Record<string, string>,
  copied: boolean,
): string {
  const { step, error, cancelled, payment } = state;
  if (step === 'form') {
    if (cancelled) return messages.cancelled;
    if (error) return formError(error, messages);
    return Object.keys(errors).length ? messages.fixErrors : '';
  }
  const problem =
    ((step === 'otp' || step === 'preOtp') &&
      (codeError(payment!, error, errors, messages) ?? error?.message)) ||
    (step === 'handoff' && error && handoffProblem(error, messages));
  if (!problem) return copied ? messages.copied : titleOf(state, messages);
  const left = error?.attemptsLeft;
  return left === undefined ? problem : `${problem} ${fill(messages.triesLeft, { n: left })}`;
}
