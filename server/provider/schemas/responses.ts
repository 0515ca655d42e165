/** Response envelopes, one per endpoint: the client parses every answer with these. */
import { z } from 'zod';
import { providerListSchema, singleEnvelope } from './common.ts';
import { PaymentLinkSchema, PaymentLinkWithAnalyticsSchema } from './payment-links.ts';
import {
  ChargePropertiesSchema,
  CheckoutCreatedSchema,
  CollectionTransactionSchema,
  DirectChargeResultSchema,
  VerifyCollectionSchema,
} from './collections.ts';
import {
  DisbursementSchema,
  RecipientPropertiesSchema,
  ValidatedRecipientSchema,
  WalletSchema,
} from './disbursements.ts';

export const CheckoutCreatedResponseSchema = singleEnvelope(CheckoutCreatedSchema);
export const CheckoutListResponseSchema = providerListSchema(CollectionTransactionSchema);
export const DirectChargeResponseSchema = singleEnvelope(DirectChargeResultSchema);
export const ChargePropertiesResponseSchema = singleEnvelope(ChargePropertiesSchema);
export const ConfirmResponseSchema = singleEnvelope(DirectChargeResultSchema);
export const VerifyCollectionResponseSchema = singleEnvelope(VerifyCollectionSchema);
export const PaymentLinkListResponseSchema = providerListSchema(PaymentLinkSchema);
export const PaymentLinkResponseSchema = singleEnvelope(PaymentLinkWithAnalyticsSchema);
export const RecipientPropertiesResponseSchema = singleEnvelope(RecipientPropertiesSchema);
export const ValidatedRecipientResponseSchema = singleEnvelope(ValidatedRecipientSchema);
export const DisbursementResponseSchema = singleEnvelope(DisbursementSchema);
export const DisbursementListResponseSchema = providerListSchema(DisbursementSchema);
export const WalletsResponseSchema = singleEnvelope(z.array(WalletSchema));
