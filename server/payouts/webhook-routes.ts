/**
 * `POST /webhooks/disbursements` (docs/payments.md#provider-webhooks): the provider's `disbursement.status`
 * webhooks feeding the payout ledger. Same rules as the payment webhooks: the signature is checked over
 * the raw bytes (client secret, or the previous one during a rotation); a verified webhook is stored in
 * `provider_webhooks` before the 200, deduplicated by `deliveryId`, else `reference:status`. It is keyed
 * on OUR reference (the provider's `externalReference`) and applied forward only; a webhook for a payout
 * we do not know is stored and acknowledged.
 */
import { z } from 'zod';
import type { AppDeps } from '../env.ts';
import { withLogger } from '../logger.ts';
import { applyPayoutObservation, findPayout } from './repository.ts';
import type { PayoutContext } from './verify.ts';
import { DisbursementWebhookSchema } from '../provider/schemas.ts';
import { EMPTIED_BODY } from '../retention/webhooks.ts';
import type { PayoutRow } from '../store/schema.ts';
import { webhookApp } from '../provider/webhook-app.ts';

/** `deliveryId` optional, as for collections: `reference:status` deduplicates well enough. */
const ReceivedDisbursementWebhookSchema = DisbursementWebhookSchema.extend({
  deliveryId: z.string().min(1).max(200).optional(),
});
type ReceivedDisbursementWebhook = z.infer<typeof ReceivedDisbursementWebhookSchema>;

export type DisbursementIngestOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown_payout' | 'mismatch';

/** Our reference for a webhook: `externalReference`, else the payout holding the provider's reference. */
async function ourReference(context: PayoutContext, webhook: ReceivedDisbursementWebhook) {
  const { externalReference, reference } = webhook.data;
  if (externalReference) return externalReference;
  const row = await context.db
    .selectFrom('payouts')
    .select('reference')
    .where('provider_reference', '=', reference)
    .executeTakeFirst();
  return row?.reference ?? reference;
}

async function ingestDisbursementWebhook(
  context: PayoutContext,
  rawBody: string,
  webhook: ReceivedDisbursementWebhook,
): Promise<DisbursementIngestOutcome> {
  const { data } = webhook;
  const reference = await ourReference(context, webhook);
  const dedupKey = webhook.deliveryId ?? `${reference}:${data.status}`;
  const inserted = await context.db
    .insertInto('provider_webhooks')
    .values({
      dedup_key: dedupKey,
      event: webhook.event,
      reference,
      status: data.status,
      body: rawBody,
      received_at: context.clock.now(),
      processed_at: null,
    })
    .onConflict((conflict) => conflict.column('dedup_key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
    const stored = await context.db
      .selectFrom('provider_webhooks')
      .select('processed_at')
      .where('dedup_key', '=', dedupKey)
      .executeTakeFirst();
    if (stored?.processed_at != null) {
      context.logger.info({ dedupKey, reference }, 'disbursement webhook: duplicate delivery ignored');
      return 'duplicate';
    }
  }

  const { outcome, purged } = await apply(context, reference, webhook);
  // A late delivery for a payout whose recipient was purged (RETENTION_DAYS) keeps no name either.
  await context.db
    .updateTable('provider_webhooks')
    .set({ processed_at: context.clock.now(), ...(purged ? { body: EMPTIED_BODY } : {}) })
    .where('dedup_key', '=', dedupKey)
    .execute();
  return outcome;
}

async function apply(
  context: PayoutContext,
  reference: string,
  webhook: ReceivedDisbursementWebhook,
): Promise<{ outcome: DisbursementIngestOutcome; purged: boolean }> {
  const row = await findPayout(context.db, reference);
  const outcome = await applyTo(context, reference, row, webhook);
  return { outcome, purged: row?.purged_at != null };
}

async function applyTo(
  context: PayoutContext,
  reference: string,
  row: PayoutRow | undefined,
  { data }: ReceivedDisbursementWebhook,
): Promise<DisbursementIngestOutcome> {
  if (!row) {
    context.logger.warn(
      { reference, providerReference: data.reference },
      'disbursement webhook for a payout we do not know; stored',
    );
    return 'unknown_payout';
  }
  if (row.amount !== data.amount || row.currency !== data.currency) {
    context.logger.error(
      {
        reference,
        ours: { amount: row.amount, currency: row.currency },
        webhook: { amount: data.amount, currency: data.currency },
      },
      'disbursement webhook: amount or currency differs from the ledger; not applied',
    );
    return 'mismatch';
  }
  const applied = await applyPayoutObservation(
    context,
    reference,
    {
      status: data.status,
      statusDescription: data.statusDescription,
      providerReference: data.reference,
      label: data.transferRecipientLabel,
      completedAt: data.completedAt == null ? null : data.completedAt * 1000,
    },
    context.clock.now(),
  );
  if (applied?.conflicting) {
    context.logger.error(
      { reference, ...applied.conflicting },
      'disbursement webhook: conflicting final status; keeping the stored one',
    );
  }
  return applied?.changed ? 'applied' : 'unchanged';
}

/** Mount at /webhooks/disbursements. */
export function disbursementWebhookRoutes(deps: Pick<AppDeps, 'config'>, payouts: PayoutContext) {
  return webhookApp(deps, {
    operationId: 'disbursementsWebhook',
    summary: "The provider's disbursement webhook",
    kind: 'disbursement',
    schema: ReceivedDisbursementWebhookSchema.meta({ id: 'DisbursementWebhook' }),
    ingest: (text, event, logger) => ingestDisbursementWebhook(withLogger(payouts, logger), text, event),
  });
}
