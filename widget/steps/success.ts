/**
 * The receipt of a verified payment. It stays until the payer leaves: no timer takes the page away while
 * it is read; a link opens the server's receipt page (to keep, print or forward) in a new tab, and another
 * goes back to the merchant when the checkout names where.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { fill } from '../i18n/index.ts';
import { paidRows, safeUrl, screen, summary, type StepView } from './parts.ts';

export function successStep(view: StepView): TemplateResult {
  const { messages, config } = view;
  const back = safeUrl(config.redirectUrl);
  // In the checkout's own language: the reader's browser, which the receipt would go by, may differ.
  const { receiptUrl } = view.payment;
  const receipt = safeUrl(receiptUrl && `${receiptUrl}?lang=${view.locale}`);
  return screen(
    view,
    'success',
    nothing,
    html`${summary(view, [...paidRows(view), [messages.date, view.date(view.payment.paidAt)]])}
    ${
      receipt
        ? html`<p class="pay__text">
            <a class="pay__receipt" href=${receipt} target="_blank" rel="noopener">${messages.receipt}</a>
          </p>`
        : nothing
    }
    ${
      back
        ? html`<a class="pay__button" part="submit" href=${back}
            >${fill(messages.returnTo, { merchant: config.title })}</a
          >`
        : nothing
    }`,
  );
}
