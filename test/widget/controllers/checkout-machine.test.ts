import { expect } from '@open-wc/testing';
import {
  Step,
  isFinal,
  stepOf,
  transition,
  type CheckoutState,
} from '../../../widget/controllers/checkout-machine.ts';
import type { ApiError, PaymentAction, PaymentStatus } from '../../../widget/shared/contract.ts';
import { config, payment } from '../fake-backend.ts';

const checkout = config();
const error = (code: ApiError['code'], extra: Partial<ApiError> = {}): ApiError => ({
  code,
  message: code,
  ...extra,
});
const at = (step: CheckoutState['step'], extra: Partial<CheckoutState> = {}): CheckoutState => ({
  step,
  config: checkout,
  ...extra,
});

describe('checkout machine', () => {
  describe('stepOf', () => {
    const table: [PaymentStatus, PaymentAction, CheckoutState['step']][] = [
      ['pending', 'otp', Step.Otp],
      ['pending', 'pre-otp', Step.PreOtp],
      ['pending', 'redirect', Step.Redirecting],
      ['pending', 'bank-transfer', Step.BankTransfer],
      ['processing', 'processing', Step.Processing],
      ['pending', 'processing', Step.Processing],
      ['success', 'none', Step.Success],
      ['failed', 'none', Step.Failed],
      ['cancelled', 'none', Step.Form],
      ['expired', 'none', Step.Expired],
    ];
    for (const [status, action, step] of table) {
      it(`${status} + ${action} -> ${step}`, () => {
        expect(stepOf(payment({ status, action }))).to.equal(step);
      });
    }
  });

  it('isFinal holds for success, failed and expired only', () => {
    expect(Object.values(Step).filter(isFinal)).to.deep.equal([Step.Success, Step.Failed, Step.Expired]);
  });

  describe('loading', () => {
    it('load starts loading from any step and drops what was there', () => {
      for (const step of Object.values(Step))
        expect(transition(at(step), { type: 'load' })).to.deep.equal({ step: Step.Loading });
    });
    it('loaded shows the form, or resumes a saved payment', () => {
      expect(transition({ step: Step.Loading }, { type: 'loaded', config: checkout })).to.deep.equal(
        at(Step.Form),
      );
      expect(
        transition({ step: Step.Loading }, { type: 'loaded', config: checkout, resume: true }),
      ).to.deep.equal(at(Step.Resuming));
    });
    it('loaded with a link that is not active is unavailable', () => {
      const inactive = config({ status: 'expired' });
      expect(transition({ step: Step.Loading }, { type: 'loaded', config: inactive })).to.deep.equal({
        step: Step.Unavailable,
        config: inactive,
      });
    });
    it('a late loaded outside loading is ignored', () => {
      const form = at(Step.Form);
      expect(transition(form, { type: 'loaded', config: config({ id: 'other' }) })).to.equal(form);
    });
    it('load-failed: unavailable for not_found, link_unavailable and session_paid; else error with retry', () => {
      for (const code of ['not_found', 'link_unavailable', 'session_paid'] as const) {
        expect(transition({ step: Step.Loading }, { type: 'load-failed', error: error(code) }).step).to.equal(
          Step.Unavailable,
        );
      }
      const failed = transition(
        { step: Step.Loading },
        { type: 'load-failed', error: error('provider_unavailable') },
      );
      expect(failed).to.deep.equal({ step: Step.Error, error: error('provider_unavailable') });
      expect(transition(failed, { type: 'load' }).step).to.equal(Step.Loading);
    });
    it('a resume that fails falls back to the form', () => {
      expect(transition(at(Step.Resuming), { type: 'load-failed', error: error('not_found') })).to.deep.equal(
        at(Step.Form),
      );
    });
    it('load-failed elsewhere is ignored', () => {
      const otp = at(Step.Otp, { payment: payment() });
      expect(transition(otp, { type: 'load-failed', error: error('internal') })).to.equal(otp);
    });
  });

  describe('submitting', () => {
    it('submit from the form locks it; a second submit is ignored', () => {
      const submitting = transition(at(Step.Form, { error: error('validation_failed') }), { type: 'submit' });
      expect(submitting).to.deep.equal(at(Step.Submitting));
      expect(transition(submitting, { type: 'submit' })).to.equal(submitting);
    });
    it('submit outside the form is ignored', () => {
      const loading: CheckoutState = { step: Step.Loading };
      expect(transition(loading, { type: 'submit' })).to.equal(loading);
    });
    it('rejected goes back to the form with the error', () => {
      expect(
        transition(at(Step.Submitting), { type: 'rejected', error: error('validation_failed') }),
      ).to.deep.equal(at(Step.Form, { error: error('validation_failed') }));
    });
    it('rejected because the link or session cannot be paid any more is unavailable', () => {
      expect(
        transition(at(Step.Submitting), { type: 'rejected', error: error('session_paid') }).step,
      ).to.equal(Step.Unavailable);
    });
    it('rejected outside submitting or confirming is ignored', () => {
      const form = at(Step.Form);
      expect(transition(form, { type: 'rejected', error: error('internal') })).to.equal(form);
    });
    it('a payment answer moves to its step', () => {
      const created = payment();
      expect(transition(at(Step.Submitting), { type: 'payment', payment: created })).to.deep.equal(
        at(Step.Otp, { payment: created }),
      );
    });
    it('a payment answer on the form is ignored (an old answer)', () => {
      const form = at(Step.Form);
      expect(transition(form, { type: 'payment', payment: payment() })).to.equal(form);
    });
  });

  describe('confirming a code', () => {
    const otp = at(Step.Otp, { payment: payment() });
    it('confirm from otp and pre-otp; not elsewhere', () => {
      expect(transition(otp, { type: 'confirm' }).step).to.equal(Step.Confirming);
      expect(
        transition(at(Step.PreOtp, { payment: payment({ action: 'pre-otp' }) }), { type: 'confirm' }).step,
      ).to.equal(Step.Confirming);
      const processing = at(Step.Processing, { payment: payment() });
      expect(transition(processing, { type: 'confirm' })).to.equal(processing);
    });
    it('a wrong code goes back to the code step with tries left', () => {
      const confirming = transition(otp, { type: 'confirm' });
      const wrong = error('invalid_otp', { attemptsLeft: 3 });
      expect(transition(confirming, { type: 'rejected', error: wrong })).to.deep.equal({
        ...otp,
        error: wrong,
      });
    });
    it('a locked code fails the payment', () => {
      const confirming = transition(otp, { type: 'confirm' });
      const locked = transition(confirming, { type: 'rejected', error: error('otp_locked') });
      expect(locked.step).to.equal(Step.Failed);
      // The failure screen explains the lockout (its code), not the code step's prompt.
      expect(locked.payment).to.deep.equal({
        ...payment(),
        message: 'otp_locked',
        failureCode: 'otp_locked',
      });
    });
    it('an accepted code moves on to processing', () => {
      const confirming = transition(otp, { type: 'confirm' });
      const next = transition(confirming, {
        type: 'payment',
        payment: payment({ status: 'processing', action: 'processing' }),
      });
      expect(next.step).to.equal(Step.Processing);
      expect(next.confirming, 'the payer did their part: the provider confirms').to.equal(true);
    });
  });

  describe('waiting for the payment', () => {
    const processing = at(Step.Processing, {
      payment: payment({ status: 'processing', action: 'processing' }),
    });
    it('a payment processing from its start waits on an approval on the phone', () => {
      const approving = payment({ status: 'processing', action: 'processing' });
      expect(transition(at(Step.Submitting), { type: 'payment', payment: approving })).to.deep.equal(
        at(Step.Processing, { payment: approving }),
      );
    });
    it('processing -> success, failed', () => {
      expect(
        transition(processing, { type: 'payment', payment: payment({ status: 'success', action: 'none' }) })
          .step,
      ).to.equal(Step.Success);
      expect(
        transition(processing, { type: 'payment', payment: payment({ status: 'failed', action: 'none' }) })
          .step,
      ).to.equal(Step.Failed);
    });
    it('redirecting -> cancelled goes back to the form, flagged', () => {
      const redirecting = at(Step.Redirecting, { payment: payment({ action: 'redirect' }) });
      expect(
        transition(redirecting, {
          type: 'payment',
          payment: payment({ status: 'cancelled', action: 'none' }),
        }),
      ).to.deep.equal(at(Step.Form, { cancelled: true }));
    });
    it('back from the payment page, a payment still waiting on it is followed here, never redirected again', () => {
      const waiting = payment({ action: 'redirect' });
      // A reload, or back without the provider's return: the payer chooses to go back there or start
      // again, and a later read that still says "redirect" leaves them that choice.
      const unfinished = transition(at(Step.Resuming), { type: 'payment', payment: waiting });
      expect(unfinished).to.deep.equal(at(Step.Unfinished, { payment: waiting }));
      expect(transition(unfinished, { type: 'payment', payment: waiting })).to.deep.equal(unfinished);
      expect(
        transition(unfinished, {
          type: 'payment',
          payment: payment({ status: 'cancelled', action: 'none' }),
        }),
      ).to.deep.equal(at(Step.Form, { cancelled: true }));
      expect(transition(unfinished, { type: 'restart' })).to.deep.equal(at(Step.Form));
      // Back with `pay_reference` before the provider's confirmation came in: wait for it, as its
      // confirmation (not an approval on the phone).
      expect(
        transition(at(Step.Resuming), { type: 'payment', payment: waiting, returned: true }),
      ).to.deep.equal(at(Step.Processing, { payment: waiting, confirming: true }));
      // A later read that still says "redirect" keeps waiting.
      const processing = at(Step.Processing, { payment: waiting, confirming: true });
      expect(transition(processing, { type: 'payment', payment: waiting })).to.deep.equal(processing);
      expect(
        transition(processing, { type: 'payment', payment: payment({ status: 'success', action: 'none' }) })
          .step,
      ).to.equal(Step.Success);
    });
    it('bank transfer -> expired', () => {
      const bank = at(Step.BankTransfer, { payment: payment({ action: 'bank-transfer' }) });
      expect(
        transition(bank, { type: 'payment', payment: payment({ status: 'expired', action: 'none' }) }).step,
      ).to.equal(Step.Expired);
    });
    it('give-up after processing too long keeps the payment; a later answer still lands', () => {
      const timedOut = transition(processing, { type: 'give-up' });
      expect(timedOut).to.deep.equal({ ...processing, step: Step.TimedOut });
      expect(
        transition(timedOut, { type: 'payment', payment: payment({ status: 'success', action: 'none' }) })
          .step,
      ).to.equal(Step.Success);
    });
    it('give-up outside processing is ignored', () => {
      const otp = at(Step.Otp, { payment: payment() });
      expect(transition(otp, { type: 'give-up' })).to.equal(otp);
    });
    it('a resumed payment lands on its step', () => {
      expect(
        transition(at(Step.Resuming), { type: 'payment', payment: payment({ action: 'bank-transfer' }) })
          .step,
      ).to.equal(Step.BankTransfer);
    });
    it('an answer after a final status is ignored', () => {
      const success = at(Step.Success, { payment: payment({ status: 'success', action: 'none' }) });
      expect(
        transition(success, { type: 'payment', payment: payment({ status: 'failed', action: 'none' }) }),
      ).to.equal(success);
    });
  });

  describe('restart (try again, use another number)', () => {
    for (const step of [
      Step.Failed,
      Step.Expired,
      Step.Success,
      Step.Otp,
      Step.PreOtp,
      Step.TimedOut,
      Step.Processing,
    ]) {
      it(`${step} -> form, keeping the config`, () => {
        expect(transition(at(step, { payment: payment() }), { type: 'restart' })).to.deep.equal(
          at(Step.Form),
        );
      });
    }
    it('restart while submitting or loading is ignored', () => {
      const submitting = at(Step.Submitting);
      expect(transition(submitting, { type: 'restart' })).to.equal(submitting);
      const loading: CheckoutState = { step: Step.Loading };
      expect(transition(loading, { type: 'restart' })).to.equal(loading);
    });
  });
});
