/**
 * The `pay-*` event a change of step announces to the merchant's page, if any (at most one per change).
 * The others follow no step: `pay-ready` waits for the form to be on screen, `pay-submit` and `pay-error`
 * come with the payer's action and a failed request; the element fires those itself.
 */
import type { CheckoutEvent, CheckoutState, Step } from './checkout-machine.ts';
import {
  PayCancelEvent,
  PayFailedEvent,
  PayOtpRequiredEvent,
  PayPendingEvent,
  PaySuccessEvent,
} from '../element/events.ts';
import { waiting } from './payment-follower.ts';

/** What moving from step `before` to `state` (on `event`) announces. */
export function announcement(before: Step, state: CheckoutState, event: CheckoutEvent): Event | undefined {
  const { step, payment } = state;
  // Back on the form from the provider's page, cancelled there.
  if (!payment)
    return state.cancelled && event.type === 'payment' ? new PayCancelEvent(event.payment) : undefined;
  if (waiting(step)) return new PayPendingEvent(payment);
  if (step === 'success') return new PaySuccessEvent(payment);
  if (step === 'failed' || step === 'expired') return new PayFailedEvent(payment);
  // A wrong code keeps the payer on the code step: the code was asked for already.
  if ((step === 'otp' || step === 'preOtp') && before !== 'confirming')
    return new PayOtpRequiredEvent(payment);
}
