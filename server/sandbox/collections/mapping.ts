/** Transaction rows as the provider API shows them: direct-charge results, verify answers, list items. */
import type { SandboxTransactionRow } from '../../store/schema.ts';
import type { SandboxContext } from '../context.ts';
import { findProvider, providerLogoUrl } from '../providers.ts';

/** The provider reports `pending` until a transaction is final; `processing` is our internal nuance. */
const publicStatus = (status: string) => (status === 'processing' ? 'pending' : status);

const epochSeconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

export function hostedPageUrl(context: SandboxContext, row: Pick<SandboxTransactionRow, 'checkout_id'>) {
  return `${context.config.publicUrl}/checkout/${encodeURIComponent(row.checkout_id)}`;
}

export function toDirectChargeResult(context: SandboxContext, row: SandboxTransactionRow) {
  const data: Record<string, unknown> = { message: row.status_description };
  if (row.action === 'redirect') data.link = hostedPageUrl(context, row);
  if (row.bank_transfer) data.bankTransfer = JSON.parse(row.bank_transfer);
  return {
    reference: row.reference,
    status: publicStatus(row.status),
    sessionId: row.session_id,
    provider: row.provider ?? undefined,
    providersReference: row.providers_reference,
    amount: row.amount,
    charge: row.charge,
    totalAmount: row.total_amount,
    action: row.action,
    statusDescription: row.status_description,
    data,
  };
}

export function toVerifyResult(row: SandboxTransactionRow) {
  const provider = row.provider ? findProvider(row.provider) : undefined;
  return {
    reference: row.reference,
    status: publicStatus(row.status),
    amount: row.amount,
    charge: row.charge,
    totalAmount: row.total_amount,
    currency: row.currency,
    provider: row.provider ?? undefined,
    providerLabel: provider?.label,
    channel: row.channel ?? undefined,
    providersReference: row.providers_reference,
    paidAt: epochSeconds(row.paid_at),
    statusDescription: row.status_description,
  };
}

export function toCollectionTransaction(context: SandboxContext, row: SandboxTransactionRow, balance: number) {
  const provider = row.provider ? findProvider(row.provider) : undefined;
  const feeLabel = (amount: number) => `${amount} ${row.currency}`;
  return {
    checkoutId: row.checkout_id,
    clientId: row.client_id,
    provider: provider?.label ?? null,
    providerLogo: provider ? providerLogoUrl(context.config.publicUrl, provider.slug) : null,
    channel: row.channel,
    reference: row.reference,
    providersReference: row.providers_reference,
    currency: row.currency,
    amount: row.amount,
    user: JSON.parse(row.customer),
    merchantFee: 0,
    customerFee: row.charge,
    merchantFeeLabel: feeLabel(0),
    customerFeeLabel: feeLabel(row.charge),
    charge: row.charge,
    paidAt: epochSeconds(row.paid_at),
    status: publicStatus(row.status),
    availableBalance: balance,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The `data` of a `payment.completed` / `payment.failed` webhook. */
export function toCollectionWebhookData(row: SandboxTransactionRow) {
  return {
    reference: row.reference,
    amount: row.amount,
    currency: row.currency,
    provider: row.provider,
    channel: row.channel,
    status: row.status,
    charge: row.charge,
    user: JSON.parse(row.customer),
    paidAt: epochSeconds(row.paid_at),
  };
}
