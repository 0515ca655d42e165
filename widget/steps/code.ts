/**
 * The provider asks for a code: one sent by SMS (OTP), or a customer code the payer gets by dialling the
 * provider's USSD code (pre-OTP). The amount, the fee and the total are shown before the payer confirms.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { textField } from '../fields/index.ts';
import { fill, theirs } from '../i18n/index.ts';
import { USSD, withDialLinks } from '../internal/ussd.ts';
import { button, screen, summary, type StepView } from './parts.ts';
import { codeError } from './titles.ts';

export function codeStep(view: StepView): TemplateResult {
  const { messages, money, payment, form, state } = view;
  const busy = state.step === 'confirming';
  const otp = payment.action === 'otp';
  const left = state.error?.attemptsLeft ?? payment.attemptsLeft;
  const hint = [
    left !== undefined && fill(messages.triesLeft, { n: left }),
    payment.expiresAt && fill(messages.expires, { time: view.date(payment.expiresAt, true) }),
  ]
    .filter(Boolean)
    .join(' · ');
  // A customer code needs the provider's instructions (which number to dial): in English, theirs as they
  // are; in another language, ours around the code they name.
  const ussd = payment.message?.match(USSD)?.[0];
  const instructions = theirs(messages, payment.message, ussd ? fill(messages.preOtpText, { ussd }) : '');
  const props = form.props(
    otp ? 'otp' : 'customerCode',
    otp ? messages.code : messages.customerCode,
    true,
    hint || undefined,
  );
  props.error = codeError(payment, state.error, form.errors, messages);
  return screen(
    view,
    'wait',
    // A code by SMS needs no instructions of the provider's: ours say it all, in the payer's language.
    otp ? messages.otpText : withDialLinks(instructions),
    html`${summary(view, [
        [messages.amount, money(payment.amount, payment)],
        [messages.fee, payment.fee === undefined ? undefined : money(payment.fee, payment)],
        [messages.total, payment.total === undefined ? undefined : money(payment.total, payment)],
      ])}
      <form
        class="pay__form"
        part="form otp"
        novalidate
        aria-busy=${busy}
        @submit=${view.confirm}
        @input=${form.onInput}
      >
        ${textField(props, otp ? { autocomplete: 'one-time-code', inputmode: 'numeric', pattern: '[0-9]*', maxlength: 12 } : {})}
        ${state.error && !props.error ? html`<p class="pay__alert" part="error">${state.error.message}</p>` : nothing}
        <button class="pay__button" part="submit" type="submit" aria-disabled=${busy}>
          ${busy ? messages.wait : messages.confirm}
        </button>
      </form>
      ${button(messages.otherNumber, () => view.restart('method.phoneNumber'), true)}`,
  );
}
