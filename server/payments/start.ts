/**
 * Creating a payment, the provider half: the direct charge or the hosted checkout, under the reference
 * already stored. A call that timed out (or that a retry found already taken) may have gone through, so
 * it is resolved through verify and never sent again under a new reference; any other failure means the
 * provider took nothing, and the payment is marked failed.
 */
import { ProviderError, ProviderRequestError } from '../provider/errors.ts';
import type { PaymentRow } from '../store/schema.ts';
import type { Admitted } from './create.ts';
import type { PaymentObservation } from './lifecycle.ts';
import { fromChargeResult, hostedCheckoutStep, step, STEP_TTL_MS } from './provider-answers.ts';
import { applyObservation } from './repository.ts';
import { hostedReturnUrls, type ReturnOrigins } from './return-url.ts';
import { verifyPayment, type VerifyContext } from './verify.ts';

export interface StartContext extends VerifyContext {
  /** Our webhook endpoint, given to the provider with every payment. */
  webhookUrl: string;
  returnOrigins: ReturnOrigins;
}

export async function startAtProvider(context: StartContext, admitted: Admitted): Promise<PaymentRow> {
  const { row } = admitted;
  let observation: PaymentObservation;
  try {
    observation = await callProvider(context, admitted);
  } catch (error) {
    if (
      error instanceof ProviderError &&
      (error.errorCode === 'Timeout' || error.errorCode === 'DuplicateReference')
    ) {
      context.logger.warn(
        { reference: row.reference, errorCode: error.errorCode },
        'payment start unresolved; asking verify',
      );
      return resolveThroughVerify(context, row);
    }
    if (error instanceof ProviderError || error instanceof ProviderRequestError) {
      // Answered with an error, or refused before sending: nothing was charged.
      context.logger.warn({ reference: row.reference, err: error }, 'provider refused the payment');
      await applyObservation(context, row.reference, {
        kind: 'local',
        status: 'failed',
        message: 'The payment provider refused the payment',
      });
    }
    throw error;
  }
  return (await applyObservation(context, row.reference, observation))?.row ?? row;
}

async function callProvider(
  context: StartContext,
  { row, payer, config }: Admitted,
): Promise<PaymentObservation> {
  const now = () => context.clock.now();
  const metadata = config.kind === 'link' ? { paymentLinkId: config.id } : { sessionId: config.id };
  if (payer.method.kind === 'direct') {
    const { provider, network, phoneNumber, returnUrl } = payer.method;
    // Only a charge the provider answers with its own page uses it; no cancelURL exists for a direct
    // charge, so a cancel there comes back here too, and verify tells it apart.
    const redirectURL = returnUrl && hostedReturnUrls(new URL(returnUrl), row.reference).redirectURL;
    const result = await context.provider.directCharge({
      provider,
      amount: row.amount,
      currency: row.currency,
      country: row.country,
      reference: row.reference,
      customerInput: { phoneNumber, ...(network ? { network } : {}) },
      webhook: context.webhookUrl,
      metadata,
      ...(redirectURL ? { redirectURL } : {}),
    });
    return fromChargeResult(result, now());
  }
  const { redirectURL, cancelURL } = hostedReturnUrls(new URL(payer.method.returnUrl), row.reference);
  const created = await context.provider.createCheckout({
    country: row.country,
    currency: row.currency,
    amount: row.amount,
    user: payer.customer,
    reference: row.reference,
    redirectURL,
    cancelURL,
    webhook: context.webhookUrl,
    metadata,
  });
  return hostedCheckoutStep(created.url, now());
}

/**
 * The provider's answer to the charge for `row` was lost (a timeout, or the request that sent it died):
 * verify says what it became, and the payment is set to match.
 */
export async function resolveThroughVerify(context: VerifyContext, row: PaymentRow): Promise<PaymentRow> {
  const outcome = await verifyPayment(context, row.reference, { force: true });
  let observation: PaymentObservation | null = null;
  if (outcome.found === false) {
    observation = {
      kind: 'local',
      status: 'failed',
      message:
        'The payment provider did not answer in time and has no record of this payment; nothing was charged. Try again.',
    };
  } else if (outcome.found === null) {
    // Neither the charge nor verify answered: it may still go through, so it is not failed. The
    // reconciler settles it; the payer follows it as processing.
    observation = step('processing', 'processing', {
      message: 'Waiting for the payment provider to confirm this payment',
    });
  } else if (outcome.verified.status === 'pending') {
    const money = { fee: outcome.verified.charge ?? null, total: outcome.verified.totalAmount ?? null };
    observation =
      row.method === 'hosted'
        ? // The checkout exists, but its page address was in the answer we lost: nobody can pay it.
          {
            kind: 'local',
            status: 'failed',
            message: 'The payment page could not be opened in time; nothing was charged. Try again.',
          }
        : // Verify does not say which step a pending charge waits for; a mobile-money charge's first step is
          // the code sent by SMS (a wrong guess fails harmlessly at confirm and lapses in 10 minutes).
          step('pending', 'otp', {
            ...money,
            message: 'Enter the code sent to your phone',
            expires_at: context.clock.now() + STEP_TTL_MS.otp,
          });
  }
  // A final verify status was applied by verifyPayment already.
  const applied = observation
    ? await applyObservation(context, row.reference, observation)
    : outcome.found === true
      ? outcome.applied
      : null;
  return applied?.row ?? row;
}
