/**
 * The provider's answers to a charge, a confirm or a checkout, read as lifecycle steps:
 * `otp`, `pre-otp`, `redirect` and `bankTransfer` wait for the payer (status `pending`, action as named,
 * `bank-transfer` for the latter) until the step lapses; `processing` waits for the provider.
 */
import type { PaymentAction } from '../../widget/shared/contract.ts';
import type { DirectChargeResult } from '../provider/schemas.ts';
import type { PaymentObservation, PaymentPatch, StepObservation } from './lifecycle.ts';

const MINUTE_MS = 60_000;
/** How long the payer has for their step, by action (bank transfers use the provider's expiry). */
export const STEP_TTL_MS = {
  otp: 10 * MINUTE_MS,
  'pre-otp': 10 * MINUTE_MS,
  redirect: 30 * MINUTE_MS,
} as const;
/** A bank transfer whose instructions carry no expiry still stops counting against a link's limit. */
const BANK_TRANSFER_FALLBACK_TTL_MS = 24 * 60 * MINUTE_MS;

/** A direct-charge or confirm answer as a step (or, when already final, as a provider status). */
export function fromChargeResult(result: DirectChargeResult, now: number): PaymentObservation {
  const money = {
    fee: result.charge,
    total: result.totalAmount,
    provider_reference: result.providersReference ?? null,
  };
  const message = result.data?.message ?? result.statusDescription ?? null;
  if (result.status !== 'pending') {
    return {
      kind: 'provider',
      status: result.status,
      amount: result.amount,
      currency: null,
      message,
      fee: result.charge,
      total: result.totalAmount,
    };
  }
  switch (result.action) {
    case 'otp':
    case 'pre-otp':
      return step('pending', result.action, {
        ...money,
        message,
        expires_at: now + STEP_TTL_MS[result.action],
      });
    case 'redirect':
      return step('pending', 'redirect', {
        ...money,
        message,
        redirect_url: result.data?.link ?? null,
        expires_at: now + STEP_TTL_MS.redirect,
      });
    case 'bankTransfer': {
      const details = result.data?.bankTransfer;
      const expiresAt = details?.expiresAt
        ? Date.parse(details.expiresAt)
        : now + BANK_TRANSFER_FALLBACK_TTL_MS;
      const bankTransfer = details
        ? {
            bankName: details.bankName,
            accountNumber: details.accountNumber,
            accountName: details.accountName,
            expiresAt: new Date(expiresAt).toISOString(),
          }
        : null;
      return step('pending', 'bank-transfer', {
        ...money,
        message,
        bank_transfer: bankTransfer && JSON.stringify(bankTransfer),
        expires_at: expiresAt,
      });
    }
    case 'processing':
      return step('processing', 'processing', { ...money, message, expires_at: null });
  }
}

export function step(
  status: StepObservation['status'],
  action: PaymentAction,
  patch: PaymentPatch,
): StepObservation {
  return { kind: 'step', status, action, patch };
}

/** A hosted checkout was created: the payer goes to the provider's page. */
export function hostedCheckoutStep(url: string, now: number): StepObservation {
  return step('pending', 'redirect', { redirect_url: url, expires_at: now + STEP_TTL_MS.redirect });
}
