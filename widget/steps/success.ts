/**
 * The receipt of a verified payment. It stays until the payer leaves: no timer takes the page away while
 * it is read; a link goes back to the merchant when the checkout names where.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { fill } from '../i18n/index.ts';
import { paidRows, safeUrl, screen, summary, type StepView } from './parts.ts';

export function successStep(view: StepView): TemplateResult {
  const { messages, config } = view;
  const back = safeUrl(config.redirectUrl);
  return screen(
    view,
    'success',
    nothing,
    html`${summary(view, [...paidRows(view), [messages.date, view.date(view.payment.paidAt)]])}
    ${
      back
        ? html`<a class="pay__button" part="submit" href=${back}
            >${fill(messages.returnTo, { merchant: config.title })}</a
          >`
        : nothing
    }`,
  );
}
