/**
 * A failed or expired payment: why, its reference, and the ways to try again: with the same answers, or
 * (after a failure) with another number, its field focused. Why is our own text for the failure's code,
 * else our generic one: the provider's reason is written for merchants, and stays theirs.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { button, referenceRow, screen, summary, type StepView } from './parts.ts';

const ended = (view: StepView, expired: boolean): TemplateResult => {
  const { messages, restart, payment } = view;
  const code = payment.failureCode;
  return screen(
    view,
    'error',
    expired
      ? messages.expiredText
      : (code && messages[code]) || messages.failedText,
    html`${summary(view, [referenceRow(view)])}${button(messages.retry, () => restart())}
    ${expired ? nothing : button(messages.otherNumber, () => restart('method.phoneNumber'), true)}`,
  );
};

export const failedStep = (view: StepView) => ended(view, false);
export const expiredStep = (view: StepView) => ended(view, true);
