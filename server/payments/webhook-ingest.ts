/**
 * Receiving a verified collection webhook: store it first, deduplicated by
 * `deliveryId` (else `reference:status`), then apply it to the payment through the lifecycle rules. A
 * delivery already processed is acknowledged without being applied again; one stored but not processed
 * (we crashed, or the database failed mid-way) is processed on its redelivery.
 */
import { z } from 'zod';
import { CollectionWebhookSchema } from '../provider/schemas.ts';
import type { ProviderObservation } from './lifecycle.ts';
import { applyObservation } from './repository.ts';
import { verifyPayment, type VerifyContext } from './verify.ts';
import { EMPTIED_BODY } from '../retention/webhooks.ts';
import { first, insertRow, prepared, updateWhere } from '../store/prepared.ts';

/**
 * `deliveryId` optional: a webhook refused for a missing side field would be redelivered forever, and
 * `reference:status` deduplicates it well enough (as the provider advises receivers).
 */
export const ReceivedCollectionWebhookSchema = CollectionWebhookSchema.extend({
  deliveryId: z.string().min(1).max(200).optional(),
});
export type ReceivedCollectionWebhook = z.infer<typeof ReceivedCollectionWebhookSchema>;

export type IngestOutcome = 'applied' | 'unchanged' | 'duplicate' | 'unknown_payment';

export async function ingestCollectionWebhook(
  context: VerifyContext,
  rawBody: string,
  webhook: ReceivedCollectionWebhook,
): Promise<IngestOutcome> {
  const { data } = webhook;
  const dedupKey = webhook.deliveryId ?? `${data.reference}:${data.status}`;
  const now = context.clock.now();
  const received = {
    dedup_key: dedupKey,
    event: webhook.event,
    reference: data.reference,
    status: data.status,
    body: rawBody,
    received_at: now,
    processed_at: null,
  };
  const inserted = await insertRow(context.db, 'provider_webhooks', received, 'dedup_key');
  if (Number(inserted.numAffectedRows ?? 0) !== 1) {
    const stored = await first(processedAt(context.db, dedupKey));
    if (stored?.processed_at != null) {
      context.logger.info({ dedupKey, reference: data.reference }, 'webhook: duplicate delivery ignored');
      return 'duplicate';
    }
  }

  const observation: ProviderObservation = {
    kind: 'provider',
    status: data.status,
    amount: data.amount,
    currency: data.currency,
    paidAt: data.paidAt == null ? null : data.paidAt * 1000,
    message: data.status === 'failed' ? await failureReason(context, data.reference) : null,
    fee: data.charge ?? null,
    total: data.charge == null ? null : data.amount + data.charge,
  };
  const applied = await applyObservation(context, data.reference, observation);
  let outcome: IngestOutcome =
    applied === null ? 'unknown_payment' : applied.changed ? 'applied' : 'unchanged';
  if (applied === null) {
    context.logger.warn(
      { reference: data.reference, event: webhook.event },
      'webhook for a payment we do not know; stored',
    );
  } else if (applied.conflicting) {
    // The first final status stands; ask the provider which one is true so the log says what to do.
    context.logger.warn(
      { reference: data.reference, ...applied.conflicting },
      'webhook: conflicting final status; keeping the stored one',
    );
    const check = await verifyPayment(context, data.reference, { force: true });
    const verified =
      check.found === true ? check.verified.status : check.found === false ? 'not_found' : 'unavailable';
    const log =
      verified === applied.conflicting.stored
        ? context.logger.info.bind(context.logger)
        : context.logger.error.bind(context.logger);
    log(
      { reference: data.reference, stored: applied.conflicting.stored, webhook: data.status, verified },
      'webhook: conflicting final status checked with verify',
    );
    outcome = 'unchanged';
  }
  // A late delivery for a payment whose personal data was purged (RETENTION_DAYS) keeps none either.
  const purged = applied !== null && applied.row.purged_at !== null;
  const processed = { processed_at: context.clock.now(), ...(purged ? { body: EMPTIED_BODY } : {}) };
  await updateWhere(context.db, 'provider_webhooks', processed, { dedup_key: dedupKey });
  return outcome;
}

const processedAt = prepared((db, dedupKey: string) =>
  db.selectFrom('provider_webhooks').select('processed_at').where('dedup_key', '=', dedupKey),
);

/**
 * The collection webhook carries no reason, but the payer deserves one ("insufficient funds" tells them
 * what to do): verify has it. Failures are rare enough for the extra call.
 */
async function failureReason(context: VerifyContext, reference: string): Promise<string> {
  const fallback = 'The payment failed at the provider';
  try {
    const verified = await context.provider.verifyCollection(reference);
    return verified.status === 'failed' && verified.statusDescription ? verified.statusDescription : fallback;
  } catch {
    return fallback;
  }
}
