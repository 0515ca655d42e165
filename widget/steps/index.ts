/** The template of each step, like `fields/` has one per field type. */
import { nothing, type TemplateResult } from 'lit';
import { Step } from '../checkout-machine.ts';
import { bankTransferStep } from './bank-transfer.ts';
import { codeStep } from './code.ts';
import { errorStep, unavailableStep } from './error.ts';
import { expiredStep, failedStep } from './failed.ts';
import { formStep } from './form.ts';
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

/** Each step's template. */
export function stepTemplate(step: Step): (view: StepView) => TemplateResult | typeof nothing {
  switch (step) {
    case Step.Idle:
      return () => nothing;
    case Step.Loading:
    case Step.Resuming:
      return loadingSkeleton;
    case Step.Unavailable:
      return unavailableStep;
    case Step.Error:
      return errorStep;
    case Step.Form:
    case Step.Submitting:
      return formStep;
    case Step.Otp:
    case Step.PreOtp:
    case Step.Confirming:
      return codeStep;
    case Step.Redirecting:
      return redirectingStep;
    case Step.Unfinished:
      return unfinishedStep;
    case Step.BankTransfer:
      return bankTransferStep;
    case Step.Processing:
      return processingStep;
    case Step.TimedOut:
      return timedOutStep;
    case Step.Success:
      return successStep;
    case Step.Failed:
      return failedStep;
    case Step.Expired:
      return expiredStep;
    default: {
      const _exhaustive: never = step;
      return _exhaustive;
    }
  }
}
