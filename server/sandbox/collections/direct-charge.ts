/** POST /payments/v1/payments/direct-charge: the first step of a mobile-money charge. */
import type { DirectChargeRequest } from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { SandboxError, validationError } from '../errors.ts';
import { newAccountNumber } from '../ids.ts';
import { findProvider } from '../providers.ts';
import { scheduledOutcome } from './outcomes.ts';
import { outcomeOf, SANDBOX_CUSTOMER_CODE, SANDBOX_OTP, SCENARIOS, scenarioForPhone, type Scenario } from './scenarios.ts';
import { insertTransaction, linkIdFromMetadata } from './transactions.ts';

export async function createDirectCharge(context: SandboxContext, request: DirectChargeRequest, signal: AbortSignal) {
  const provider = findProvider(request.provider);
  if (!provider || provider.channel !== 'mobile-money') {
    throw validationError(`provider: no mobile-money provider named "${request.provider}"`);
  }
  if (request.currency && request.currency !== provider.currency) {
    throw validationError(`currency: ${provider.slug} charges in ${provider.currency}`);
  }
  if (request.country && request.country !== provider.country) {
    throw validationError(`country: ${provider.slug} operates in ${provider.country}`);
  }
  const network = request.customerInput.network;
  if (network && !provider.networks.some((known) => known.value === network)) {
    throw validationError(`customerInput.network: ${provider.slug} has no network "${network}"`);
  }

  const phoneNumber = request.customerInput.phoneNumber;
  const scenario = scenarioForPhone(phoneNumber);
  if (scenario === SCENARIOS.errorOnce) {
    // Fails once per reference (or per phone without one), so the caller's safe retry then succeeds.
    const key = request.reference ?? `phone:${phoneNumber}`;
    if (!context.failedOnce.has(key)) {
      context.failedOnce.add(key);
      throw new SandboxError(500, 'ProviderError', 'The mobile-money operator did not answer (sandbox 05)');
    }
  }

  const row = await insertTransaction(context, {
    ...(request.reference ? { reference: request.reference } : {}),
    kind: 'direct',
    payment_link_id: await linkIdFromMetadata(context, request.metadata),
    provider: provider.slug,
    network: network ?? provider.networks[0]?.value ?? null,
    channel: provider.channel,
    currency: provider.currency,
    country: provider.country,
    amount: request.amount,
    customer: JSON.stringify({ phoneNumber }),
    scenario,
    webhook_url: request.webhook ?? null,
    redirect_url: request.redirectURL ?? null,
    metadata: request.metadata ? JSON.stringify(request.metadata) : null,
    narration: request.narration ?? null,
    ...firstStep(context, scenario),
  });

  if (scenario === SCENARIOS.hang) {
    // The charge exists; the caller just never hears back in time (or gives up and aborts).
    await context.clock.sleep(context.config.hangMs, signal).catch(() => undefined);
  }
  return row;
}

/** Status, action and instructions of a new charge, per scenario. */
function firstStep(context: SandboxContext, scenario: Scenario) {
  switch (scenario) {
    case SCENARIOS.noOtp:
    case SCENARIOS.stuck:
    case SCENARIOS.insufficientFunds:
      return {
        ...scheduledOutcome(context, outcomeOf(scenario)),
        status_description: 'Approve the payment on your phone',
      };
    case SCENARIOS.preOtp:
      return {
        status: 'pending',
        action: 'pre-otp',
        status_description: `Dial *144*8*1# on your phone to get a customer code, then enter it (sandbox: ${SANDBOX_CUSTOMER_CODE})`,
      };
    case SCENARIOS.redirect:
      return {
        status: 'pending',
        action: 'redirect',
        status_description: "Continue on the provider's page to authorise the payment",
      };
    case SCENARIOS.bankTransfer:
      return {
        status: 'pending',
        action: 'bankTransfer',
        status_description: 'Transfer the total to the account below before it expires',
        bank_transfer: JSON.stringify({
          bankName: 'Sandbox Bank',
          accountNumber: newAccountNumber(),
          accountName: 'PAY SANDBOX COLLECTIONS',
          expiresAt: new Date(context.clock.now() + context.config.bankTransferTtlMs).toISOString(),
        }),
      };
    default:
      return {
        status: 'pending',
        action: 'otp',
        status_description: `Enter the one-time code sent to your phone by SMS (sandbox: ${SANDBOX_OTP})`,
      };
  }
}
