/** POST /payments/v1/checkouts: a payment the payer completes on the sandbox's hosted page. */
import type { CheckoutCreateRequest } from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { validationError } from '../errors.ts';
import { catalogueMarkets } from '../providers.ts';
import { SCENARIOS } from './scenarios.ts';
import { insertTransaction, linkIdFromMetadata } from './transactions.ts';

export async function createHostedCheckout(context: SandboxContext, request: CheckoutCreateRequest) {
  const served = catalogueMarkets().some((m) => m.country === request.country && m.currency === request.currency);
  if (!served) throw validationError(`No provider collects ${request.currency} in ${request.country}`);
  return insertTransaction(context, {
    ...(request.reference ? { reference: request.reference } : {}),
    kind: 'checkout',
    payment_link_id: await linkIdFromMetadata(context, request.metadata),
    currency: request.currency,
    country: request.country,
    amount: request.amount,
    customer: JSON.stringify(request.user),
    status: 'pending',
    action: 'redirect',
    scenario: SCENARIOS.hosted,
    status_description: 'Awaiting the payer on the hosted checkout page',
    webhook_url: request.webhook ?? null,
    redirect_url: request.redirectURL ?? null,
    cancel_url: request.cancelURL ?? null,
    metadata: request.metadata ? JSON.stringify(request.metadata) : null,
  });
}
