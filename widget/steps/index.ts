/** The template of each step, like `fields/` has one per field type. */
import { nothing, type TemplateResult } from 'lit';
import type { Step } from '../controllers/checkout-machine.ts';
import { bankTransferStep } from './bank-transfer.ts';
import { codeStep } from './code.ts';
import { errorStep, unavailableStep } from './error.ts';
export { brokenStep } from './error.ts';
import { expiredStep, failedStep } from './failed.ts';
import { formStep } from './form.ts';
import { handoffStep } from './handoff.ts';
import { loadingSkeleton } from './loading.ts';
import type { StepView } from './parts.ts';
import { processingStep } from './processing.ts';
import { redirectingStep } from './redirecting.ts';
import { successStep } from './success.ts';
import { timedOutStep } from './timed-out.ts';
import { unfinishedStep } from './unfinished.ts';

export { formStep, prerenderForm, SAMPLE_CONFIG } from './form.ts';
export { loadingSkeleton } from './loading.ts';
export type { StepView } from './parts.ts';

/** The template of each step. */
export const stepTemplates: Record<Step, (view: StepView) => TemplateResult | typeof nothing> = {
  idle: () => nothing,
  loading: loadingSkeleton,
  unavailable: unavailableStep,
  error: errorStep,
  form: formStep,
  submitting: formStep,
  resuming: loadingSkeleton,
  otp: codeStep,
  preOtp: codeStep,
  confirming: codeStep,
  redirecting: redirectingStep,
  unfinished: unfinishedStep,
  bankTransfer: bankTransferStep,
  processing: processingStep,
  timedOut: timedOutStep,
  success: successStep,
  failed: failedStep,
  expired: expiredStep,
  handoff: handoffStep,
};
