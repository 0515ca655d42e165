/**
 * What each step is called and what the live region says on it. A screen reader hears a refused form or
 * code only through the live region's text changing: focus may already be on the field that is wrong.
 */
import { Step, type CheckoutState } from '../checkout-machine.ts';
import type { ApiError, Payment } from '../contract/index.ts';
import { fill, type Messages } from '../i18n/index.ts';

/** The step's heading, which the live region also says. */
export function titleOf({ step, payment, config }: CheckoutState, messages: Messages): string {
  const titles: Partial<Record<Step, string>> = {
    [Step.Loading]: messages.loading,
    [Step.Resuming]: messages.loading,
    [Step.Unavailable]: messages.unavailable,
    [Step.Error]: messages.error,
    [Step.Form]: config?.title,
    [Step.Submitting]: messages.wait,
    [Step.Otp]: messages.otpTitle,
    [Step.PreOtp]: messages.preOtpTitle,
    [Step.Confirming]: payment?.action === 'otp' ? messages.otpTitle : messages.preOtpTitle,
    [Step.Redirecting]: messages.redirectTitle,
    [Step.Unfinished]: messages.unfinishedTitle,
    [Step.BankTransfer]: messages.bankTitle,
    [Step.Processing]: messages.processingTitle,
    [Step.TimedOut]: messages.timedOutTitle,
    [Step.Success]: messages.successTitle,
    [Step.Failed]: messages.failedTitle,
    [Step.Expired]: messages.expiredTitle,
  };
  return titles[step] ?? '';
}

/** A refused form's message: the server's, or, when it named fields (shown under each), one for all. */
export const formError = (error: ApiError, messages: Messages): string =>
  error.fields?.length ? messages.fixErrors : error.message;

/** What is wrong with the code the payer typed, if anything: our own check, else the server's answer. */
export function codeError(
  payment: Payment,
  error: ApiError | undefined,
  errors: Record<string, string>,
  messages: Messages,
): string | undefined {
  return (
    errors[payment.action === 'otp' ? 'otp' : 'customerCode'] ??
    (error && (error.code === 'invalid_otp' ? messages.wrongCode : error.message))
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
  if (step === Step.Form) {
    if (cancelled) return messages.cancelled;
    if (error) return formError(error, messages);
    return Object.keys(errors).length ? messages.fixErrors : '';
  }
  const problem = (step === Step.Otp || step === Step.PreOtp) && codeError(payment!, error, errors, messages);
  if (!problem) return copied ? messages.copied : titleOf(state, messages);
  const left = error?.attemptsLeft;
  return left === undefined ? problem : `${problem} ${fill(messages.triesLeft, { n: left })}`;
}
