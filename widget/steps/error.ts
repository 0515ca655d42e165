/**
 * The checkout cannot be shown: the link or session is not payable (nothing to do but read why), or
 * loading it failed (the reason, and a button to try again).
 */
import type { TemplateResult } from 'lit';
import { button, screen, type StepView } from './parts.ts';

export const unavailableStep = (view: StepView): TemplateResult =>
  screen(view, 'error', view.messages.unavailableText);

export const errorStep = (view: StepView): TemplateResult =>
  screen(view, 'error', view.state.error?.message, button(view.messages.retry, view.retry));
