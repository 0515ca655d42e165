/** The provider's payment page opened (or this tab goes there): a link to it, while the payment is followed. */
import { html, type TemplateResult } from 'lit';
import { pageLink, screen, type StepView } from './parts.ts';

export const redirectingStep = (view: StepView): TemplateResult =>
  screen(
    view,
    'wait',
    view.messages.redirectText,
    html`<progress class="pay__progress" aria-label=${view.messages.redirectTitle}></progress>
      ${pageLink(view, view.messages.openPage)}`,
  );
