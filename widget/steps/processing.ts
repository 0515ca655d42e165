/** The payment waits on the provider (an approval on the phone): what is paid, while it is followed. */
import { html, type TemplateResult } from 'lit';
import { paidRows, screen, summary, type StepView } from './parts.ts';

export const processingStep = (view: StepView): TemplateResult =>
  screen(
    view,
    'wait',
    view.messages.processingText,
    html`<progress class="pay__progress" aria-label=${view.messages.processingTitle}></progress>
      ${summary(view, paidRows(view))}`,
  );
