// Compile-time test that the widget's steps are names every table of them must cover (checked by tsc in
// vitest's typecheck mode and by `npm run typecheck`): each `@ts-expect-error` line must fail to compile,
// or tsc reports the directive as unused. Nothing here runs.
import { describe, expectTypeOf, it } from 'vitest';
import type { Step } from '../../widget/controllers/checkout-machine.ts';
import { stepTemplates } from '../../widget/steps/index.ts';

describe('a table of steps must name every step', () => {
  it('a map missing a step does not compile', () => {
    // @ts-expect-error 'expired' is missing from this Record<Step, ...>
    const missing: Record<Step, string> = {
      idle: '',
      loading: '',
      unavailable: '',
      error: '',
      form: '',
      submitting: '',
      resuming: '',
      otp: '',
      preOtp: '',
      confirming: '',
      redirecting: '',
      unfinished: '',
      bankTransfer: '',
      processing: '',
      timedOut: '',
      success: '',
      failed: '',
    };
    void missing;
  });

  it('a table by position, as the steps once were, does not compile', () => {
    // @ts-expect-error an array has no key per step
    const byPosition: Record<Step, string> = ['', '', ''];
    void byPosition;
  });

  it('a misspelt or numbered step does not compile', () => {
    // @ts-expect-error 'fom' is no step
    const misspelt: Step = 'fom';
    // @ts-expect-error a position is no step
    const numbered: Step = 4;
    void [misspelt, numbered];
  });

  it('the templates are keyed by every step', () => {
    expectTypeOf(stepTemplates).toHaveProperty('expired');
    expectTypeOf<keyof typeof stepTemplates>().toEqualTypeOf<Step>();
  });
});
