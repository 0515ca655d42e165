/** No verdict after a long wait: calm, the reference kept, and a button to ask again. */
import { html, type TemplateResult } from 'lit';
import { button, referenceRow, screen, summary, type StepView } from './parts.ts';

export const timedOutStep = (view: StepView): TemplateResult =>
  screen(
    view,
    'wait',
    view.messages.timedOutText,
    html`${summary(view, [referenceRow(view)])}${button(view.messages.checkAgain, () => view.ask())}`,
  );
