/**
 * A payment that waits on the provider's page, found again on the merchant's page (a reload, or the
 * payer came back without finishing there). Nothing navigates by itself: the payer goes back to the page
 * or starts again.
 */
import { html, type TemplateResult } from 'lit';
import { fill } from '../i18n/index.ts';
import { button, pageLink, paidRows, screen, summary, type StepView } from './parts.ts';

export function unfinishedStep(view: StepView): TemplateResult {
  const { messages, method } = view;
  return screen(
    view,
    'wait',
    messages.unfinishedText,
    html`${summary(view, paidRows(view))}
    ${pageLink(view, method ? fill(messages.continueTo, { provider: method.label }) : messages.openPage)}
    ${button(messages.startAgain, () => view.ask(true), true)}`,
  );
}
