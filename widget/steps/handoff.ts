/**
 * "Pay on your phone": the QR code of a prefilled pay page for the phone (an image of the backend's own)
 * and its address as text, while the payment made there is followed; or why that cannot go on. Either
 * way the payer can go back to the form, answers kept. The image's text is the pay page's own for it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { button, screen, type StepView } from './parts.ts';
import { handoffProblem } from './titles.ts';

export function handoffStep(view: StepView): TemplateResult {
  const { messages } = view;
  const { handoff, error } = view.state;
  return screen(
    view,
    'wait',
    error ? handoffProblem(error, messages) : messages.payOnPhoneText,
    html`${
      handoff && !error
        ? html`<img class="pay__qr" src=${handoff.qrSvg} alt=${messages.payOnPhone} width="240" height="240" />
            <p class="pay__hint pay__url">${handoff.url}</p>`
        : nothing
    }${button(messages.back, () => view.restart(), true)}`,
  );
}
