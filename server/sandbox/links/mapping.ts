/**
 * Payment links as the provider shows them, with their status as of now: a link past its `expiresAt`
 * reads `expired`, and one whose `amountLimit` is reached reads `completed`.
 */
import type { SandboxPaymentLinkRow } from '../../store/schema.ts';
import type { SandboxContext } from '../context.ts';

const DAY_MS = 86_400_000;

/** A date-only expiry lasts to the end of that day, UTC (docs/payments.md#link-availability). */
export function expiryInstant(expiresAt: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(expiresAt) ? Date.parse(`${expiresAt}T00:00:00.000Z`) + DAY_MS : Date.parse(expiresAt);
}

function currentStatus(row: SandboxPaymentLinkRow, collected: number, now: number): string {
  if (row.status !== 'active') return row.status;
  if (row.expires_at && expiryInstant(row.expires_at) <= now) return 'expired';
  if (row.amount_limit && collected >= row.amount_limit) return 'completed';
  return 'active';
}

const orUndefined = <T>(value: T | null) => value ?? undefined;

export function toPaymentLink(context: SandboxContext, row: SandboxPaymentLinkRow, collected: number) {
  const status = currentStatus(row, collected, context.clock.now());
  const url = `${context.config.publicUrl}/links/${encodeURIComponent(row.id)}`;
  return {
    id: row.id,
    clientId: row.client_id,
    parentClientId: row.client_id,
    title: row.title,
    description: row.description,
    amount: orUndefined(row.amount),
    isAmountFixed: row.is_amount_fixed === 1,
    minimumAmount: orUndefined(row.minimum_amount),
    maximumAmount: orUndefined(row.maximum_amount),
    amountLimit: orUndefined(row.amount_limit),
    currency: row.currency,
    country: row.country,
    locale: orUndefined(row.locale),
    logo: orUndefined(row.logo),
    isAnonymousPaymentEnabled: row.is_anonymous_payment_enabled === 1,
    longURL: url,
    shortURL: url,
    redirectURL: orUndefined(row.redirect_url),
    customFields: JSON.parse(row.custom_fields) as unknown[],
    expiresAt: row.expires_at,
    isActive: row.is_active === 1 && status === 'active',
    status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
