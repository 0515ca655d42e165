/**
 * The checkout cannot be shown: the link or session is not payable (nothing to do but read why), or
 * loading it failed (the reason, and a button to try again). The server's reason is English: in another
 * language the payer reads ours, that the payment service could not be reached.
 */
import { html, type TemplateResult } from 'lit';
import { theirs, type Messages } from '../i18n/index.ts';
import { button, screen, type StepView } from './parts.ts';

export const unavailableStep = (view: StepView): TemplateResult =>
  screen(view, 'error', view.messages.unavailableText);

export const errorStep = (view: StepView): TemplateResult =>
  screen(
    view,
    'error',
    theirs(view.messages, view.state.error?.message, view.messages.networkError),
    button(view.messages.retry, view.retry),
  );

/**
 * The widget's own code failed in this browser (a feature it lacks, a bug): instead of a button that would
 * do nothing, the checkout's pay page (`page`), which takes the payment with or without script; out of a
 * frame, if the checkout is in one. Only the messages: whatever failed may be in any other part.
 */
export const brokenStep = (messages: Messages, page: string): TemplateResult =>
  screen(
    { messages, state: { step: 'error' } } as StepView,
    'error',
    messages.brokenText,
    html`<a class="pay__button" part="submit" href=${page} target="_top">${messages.openPage}</a>`,
  );
