/**
 * The payment waits on the provider: an approval on the phone, or (after a code or the provider's page)
 * its confirmation. What is paid shows while it is followed.
 */
import { html, type TemplateResult } from 'lit';
import { paidRows, screen, summary, type StepView } from './parts.ts';
import { titleOf } from './titles.ts';

export const processingStep = (view: StepView): TemplateResult =>
  screen(
    view,
    'wait',
    view.state.confirming ? view.messages.confirmingText : view.messages.processingText,
    html`<progress class="pay__progress" aria-label=${titleOf(view.state, view.messages)}></progress>
      ${summary(view, paidRows(view))}`,
  );
