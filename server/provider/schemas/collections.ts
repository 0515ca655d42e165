/** Collections: checkouts, direct charge, confirm, verify, charge properties. */
import { z } from 'zod';
import {
  CountrySchema,
  CurrencySchema,
  DateTimeSchema,
  DatedListQuerySchema,
  HttpUrlSchema,
  MetadataSchema,
  MinorUnitsSchema,
  PhoneNumberSchema,
  PositiveMinorUnitsSchema,
  ProviderSlugSchema,
  ReferenceSchema,
} from './common.ts';

/** Statuses of a collection (verify answers one of these). */
export const COLLECTION_STATUSES = ['pending', 'success', 'failed'] as const;

export const CheckoutCreateRequestSchema = z.object({
  country: CountrySchema,
  currency: CurrencySchema,
  amount: PositiveMinorUnitsSchema,
  user: z.object({
    phoneNumber: PhoneNumberSchema.optional(),
    name: z.string().min(1).max(200).optional(),
    email: z.email().optional(),
  }),
  reference: ReferenceSchema.optional(),
  redirectURL: HttpUrlSchema.optional(),
  cancelURL: HttpUrlSchema.optional(),
  webhook: HttpUrlSchema.optional(),
  metadata: z
    .looseObject({ merchantName: z.string().optional(), trafficType: z.string().optional() })
    .optional(),
});
export type CheckoutCreateRequest = z.infer<typeof CheckoutCreateRequestSchema>;

export const CheckoutCreatedSchema = z.looseObject({
  url: HttpUrlSchema,
  shortURL: HttpUrlSchema,
  reference: z.string().min(1),
  amount: MinorUnitsSchema,
  currency: CurrencySchema,
});
export type CheckoutCreated = z.infer<typeof CheckoutCreatedSchema>;

export const CheckoutListQuerySchema = DatedListQuerySchema;

/** Payer details as the provider echoes them; anonymous payments leave them empty or null. */
export const PayerSchema = z.looseObject({
  name: z.string().nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
});

export const CollectionTransactionSchema = z.looseObject({
  checkoutId: z.string().nullish(),
  clientId: z.string().nullish(),
  provider: z.string().nullish(),
  providerLogo: z.string().nullish(),
  channel: z.string().nullish(),
  reference: z.string().min(1),
  providersReference: z.string().nullish(),
  currency: CurrencySchema,
  amount: MinorUnitsSchema,
  user: PayerSchema.nullish(),
  merchantFee: MinorUnitsSchema.nullish(),
  customerFee: MinorUnitsSchema.nullish(),
  merchantFeeLabel: z.string().nullish(),
  customerFeeLabel: z.string().nullish(),
  charge: MinorUnitsSchema.nullish(),
  /** Epoch seconds; absent or null until paid. */
  paidAt: z.int().nullish(),
  status: z.enum(COLLECTION_STATUSES),
  availableBalance: z.number().nullish(),
  createdAt: DateTimeSchema.nullish(),
});
export type CollectionTransaction = z.infer<typeof CollectionTransactionSchema>;

export const DirectChargeRequestSchema = z.object({
  provider: ProviderSlugSchema,
  amount: PositiveMinorUnitsSchema,
  currency: CurrencySchema.optional(),
  country: CountrySchema.optional(),
  reference: ReferenceSchema.optional(),
  customerInput: z.object({ phoneNumber: PhoneNumberSchema, network: z.string().min(1).optional() }),
  webhook: HttpUrlSchema.optional(),
  narration: z.string().max(255).optional(),
  redirectURL: HttpUrlSchema.optional(),
  metadata: MetadataSchema.optional(),
});
export type DirectChargeRequest = z.infer<typeof DirectChargeRequestSchema>;

const DIRECT_CHARGE_ACTIONS = ['otp', 'pre-otp', 'processing', 'redirect', 'bankTransfer'] as const;

const BankTransferDetailsSchema = z.looseObject({
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  expiresAt: DateTimeSchema.nullish(),
});

/**
 * Answer of direct charge and of confirm. A `redirect` without a link or a `bankTransfer` without
 * account details could not be acted on, so they are refused as invalid answers.
 */
export const DirectChargeResultSchema = z
  .looseObject({
    reference: z.string().min(1),
    status: z.enum(COLLECTION_STATUSES),
    sessionId: z.string().nullish(),
    provider: z.string().nullish(),
    providersReference: z.string().nullish(),
    amount: MinorUnitsSchema,
    charge: MinorUnitsSchema,
    totalAmount: MinorUnitsSchema,
    action: z.enum(DIRECT_CHARGE_ACTIONS),
    statusDescription: z.string().nullish(),
    data: z
      .looseObject({
        link: HttpUrlSchema.nullish(),
        message: z.string().nullish(),
        bankTransfer: BankTransferDetailsSchema.nullish(),
      })
      .nullish(),
  })
  .refine((result) => result.action !== 'redirect' || result.data?.link !== undefined, {
    message: 'action redirect needs data.link',
    path: ['data', 'link'],
  })
  .refine((result) => result.action !== 'bankTransfer' || result.data?.bankTransfer !== undefined, {
    message: 'action bankTransfer needs data.bankTransfer',
    path: ['data', 'bankTransfer'],
  });
export type DirectChargeResult = z.infer<typeof DirectChargeResultSchema>;

/** Exactly one kind of customer input: an OTP (digits) or a customer code (action `pre-otp`). */
export const ConfirmRequestSchema = z.object({
  reference: ReferenceSchema,
  customerInput: z.union([
    z.strictObject({ otp: z.string().regex(/^[0-9]{4,10}$/, 'must be 4 to 10 digits') }),
    z.strictObject({ customerCode: z.string().min(1).max(64) }),
  ]),
});
export type ConfirmRequest = z.infer<typeof ConfirmRequestSchema>;

export const VerifyCollectionSchema = z.looseObject({
  reference: z.string().min(1),
  status: z.enum(COLLECTION_STATUSES),
  amount: MinorUnitsSchema,
  charge: MinorUnitsSchema.nullish(),
  totalAmount: MinorUnitsSchema.nullish(),
  currency: CurrencySchema,
  provider: z.string().nullish(),
  providerLabel: z.string().nullish(),
  channel: z.string().nullish(),
  providersReference: z.string().nullish(),
  /** Epoch seconds; null while not paid. */
  paidAt: z.int().nullish(),
  statusDescription: z.string().nullish(),
});
export type VerifyCollection = z.infer<typeof VerifyCollectionSchema>;

export const NetworkSchema = z.looseObject({ name: z.string(), image: z.string(), value: z.string() });
export type Network = z.infer<typeof NetworkSchema>;

export const ChargePropertiesSchema = z.looseObject({ networks: z.array(NetworkSchema) });
