/**
 * The checkout cannot be shown: the link or session is not payable (nothing to do but read why), or
 * loading it failed (the reason, and a button to try again). The server's reason is English: in another
 * language the payer reads ours, that the payment service could not be reached.
 */
import type { TemplateResult } from 'lit';
import { theirs } from '../i18n/index.ts';
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
