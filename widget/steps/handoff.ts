/**
 * "Pay on your phone": the QR code of a prefilled pay page for the phone (an image of the backend's own)
 * and its address as text, while the payment made there is followed; once the phone pays, what it pays
 * (the amount, the method) in place of the code, so the payer can tell it is theirs; or why that cannot
 * go on. Either way the payer can go back to the form, answers kept. The image's text is the pay page's
 * own for it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { HandedOffPayment } from '../controllers/handoff-follower.ts';
import { button, paidRows, screen, summary, type StepView } from './parts.ts';
import { handoffProblem } from './titles.ts';

export function handoffStep(view: StepView): TemplateResult {
  const { messages, config } = view;
  const { handoff, error } = view.state;
  const paying = view.state.payment as HandedOffPayment | undefined;
  return screen(
    view,
    'wait',
    error ? handoffProblem(error, messages) : paying ? nothing : messages.payOnPhoneText,
    html`${
      error || !handoff
        ? nothing
        : paying
          ? summary(view, [
              paidRows(view)[0]!,
              [
                messages.payWith,
                // The phone's page offers this checkout's methods; no provider: its hosted page.
                config.methods.find((method) => method.provider == paying.provider)?.label ?? messages.hosted,
              ],
            ])
          : html`<img
                class="pay__qr"
                src=${handoff.qrSvg}
                alt=${messages.payOnPhone}
                width="240"
                height="240"
              />
              <p class="pay__hint pay__url">${handoff.url}</p>`
    }${button(messages.back, () => view.restart(), true)}`,
  );
}
