/**
 * How a stored disbursement looks from outside: the API object (answers, list items, verify) and the
 * `data` of its `disbursement.status` webhook. Both carry the service's `reference` and the merchant's
 * `externalReference` (docs/sandbox.md#provider-api).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, SandboxDisbursementRow } from '../../store/schema.ts';
import type { SandboxContext } from '../context.ts';
import { findProvider, providerLogoUrl } from '../providers.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export const DISBURSEMENT_WEBHOOK_EVENT = 'disbursement.status';

/** Epoch milliseconds to the epoch seconds the webhook's `completedAt` carries. */
const epochSeconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));

/** The fields the API object and the webhook share. */
function commonFields(context: SandboxContext, row: SandboxDisbursementRow) {
  return {
    clientId: context.config.clientId,
    status: row.status,
    statusDescription: row.status_description,
    reference: row.reference,
    externalReference: row.external_reference,
    providersReference: row.providers_reference,
    amount: row.amount,
    charge: row.charge,
    currency: row.currency,
    country: row.country,
    provider: row.provider,
    providerLabel: findProvider(row.provider)?.label ?? row.provider,
    providerLogo: providerLogoUrl(context.config.publicUrl, row.provider),
    channel: row.channel,
    transferRecipientId: row.transfer_recipient_id,
    transferRecipientLabel: row.transfer_recipient_label,
    // The webhook schema types narration as a string, so an absent one is sent as empty.
    narration: row.narration ?? '',
    completedAt: epochSeconds(row.completed_at),
  };
}

/** The provider's Disbursement resource, plus `narration`, `createdAt` and `completedAt`. */
export function toDisbursement(context: SandboxContext, row: SandboxDisbursementRow) {
  return {
    id: row.id,
    ...commonFields(context, row),
    integrationId: integrationIdOf(row.provider),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** `data` of a `disbursement.status` webhook; `timestamp` is when the reported status was reached. */
export function toWebhookData(context: SandboxContext, row: SandboxDisbursementRow, at: number) {
  return { type: 'disbursement', ...commonFields(context, row), timestamp: new Date(at).toISOString() };
}

/** The sandbox has one integration per provider; its id is stable so reconciliation can group by it. */
const integrationIdOf = (provider: string) => `int_sandbox_${provider}`;

/** A disbursement by the service's reference or, failing that, the merchant's (verify accepts either). */
export async function findDisbursement(db: Executor, reference: string) {
  const rows = await db
    .selectFrom('sandbox_disbursements')
    .selectAll()
    .where((eb) => eb.or([eb('reference', '=', reference), eb('external_reference', '=', reference)]))
    .execute();
  return rows.find((row) => row.reference === reference) ?? rows[0];
}
