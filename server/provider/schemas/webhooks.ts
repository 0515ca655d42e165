/** Webhooks (header `x-webhook-signature`; a retry reuses its `deliveryId`). */
import { z } from 'zod';
import { CountrySchema, CurrencySchema, DateTimeSchema, MinorUnitsSchema } from './common.ts';
import { COLLECTION_STATUSES, PayerSchema } from './collections.ts';
import { DISBURSEMENT_STATUSES } from './disbursements.ts';

const COLLECTION_WEBHOOK_EVENTS = ['payment.completed', 'payment.failed'] as const;

/**
 * Only what a receiver cannot do without is required (reference, status, amount, currency): a webhook
 * refused for a missing side field would be redelivered forever, while verify can fill the rest in.
 */
export const CollectionWebhookSchema = z.looseObject({
  event: z.enum(COLLECTION_WEBHOOK_EVENTS),
  clientId: z.string(),
  deliveryId: z.string().min(1),
  data: z.looseObject({
    reference: z.string().min(1),
    amount: MinorUnitsSchema,
    currency: CurrencySchema,
    provider: z.string().nullish(),
    channel: z.string().nullish(),
    status: z.enum(COLLECTION_STATUSES),
    charge: MinorUnitsSchema.nullish(),
    user: PayerSchema.nullish(),
    /** Epoch seconds; null for a failed payment. */
    paidAt: z.int().nullish(),
  }),
});
export type CollectionWebhook = z.infer<typeof CollectionWebhookSchema>;

export const DisbursementWebhookSchema = z.looseObject({
  event: z.literal('disbursement.status'),
  clientId: z.string(),
  deliveryId: z.string().min(1),
  data: z.looseObject({
    clientId: z.string().nullish(),
    type: z.string().nullish(),
    status: z.enum(DISBURSEMENT_STATUSES),
    statusDescription: z.string().nullish(),
    reference: z.string().min(1),
    externalReference: z.string().nullish(),
    providersReference: z.string().nullish(),
    amount: MinorUnitsSchema,
    charge: MinorUnitsSchema.nullish(),
    currency: CurrencySchema,
    country: CountrySchema.nullish(),
    provider: z.string().nullish(),
    providerLabel: z.string().nullish(),
    providerLogo: z.string().nullish(),
    channel: z.string().nullish(),
    transferRecipientId: z.string().nullish(),
    transferRecipientLabel: z.string().nullish(),
    timestamp: DateTimeSchema.nullish(),
    narration: z.string().nullish(),
    /** Epoch seconds; absent or null until terminal. */
    completedAt: z.int().nullish(),
  }),
});
export type DisbursementWebhook = z.infer<typeof DisbursementWebhookSchema>;

/** Either webhook, told apart by `event`. */
export const ProviderWebhookSchema = z.discriminatedUnion('event', [
  CollectionWebhookSchema,
  DisbursementWebhookSchema,
]);
