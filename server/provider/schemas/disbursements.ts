/** Disbursements, transfer recipients and wallets (docs/sandbox.md#provider-api). */
import { z } from 'zod';
import {
  CountrySchema,
  CurrencySchema,
  DatedListQuerySchema,
  HttpUrlSchema,
  MinorUnitsSchema,
  PhoneNumberSchema,
  PositiveMinorUnitsSchema,
  ProviderSlugSchema,
  ReferenceSchema,
} from './common.ts';
import { NetworkSchema } from './collections.ts';

const BankSchema = z.looseObject({ bankName: z.string(), bankCode: z.string() });
export type Bank = z.infer<typeof BankSchema>;

export const RecipientPropertiesSchema = z.looseObject({
  banks: z.array(BankSchema),
  networks: z.array(NetworkSchema).nullish(),
});
export type RecipientProperties = z.infer<typeof RecipientPropertiesSchema>;

// Strict objects, so an account mixing both forms is refused rather than half-stripped.
export const MobileMoneyAccountSchema = z.strictObject({
  phoneNumber: PhoneNumberSchema,
  network: z.string().min(1).optional(),
});
export type MobileMoneyAccount = z.infer<typeof MobileMoneyAccountSchema>;

/** Account numbers up to IBAN length; letters allowed because IBANs (e.g. in CI and SN) carry them. */
export const BankAccountSchema = z.strictObject({
  accountNumber: z.string().regex(/^[A-Za-z0-9]{4,34}$/, 'must be 4 to 34 letters or digits'),
  bankCode: z.string().min(1).max(32),
});
export type BankAccount = z.infer<typeof BankAccountSchema>;

export const ValidateRecipientRequestSchema = z.object({
  provider: ProviderSlugSchema,
  account: z.union([MobileMoneyAccountSchema, BankAccountSchema]),
});
export type ValidateRecipientRequest = z.infer<typeof ValidateRecipientRequestSchema>;

export const ValidatedRecipientSchema = z.looseObject({
  /** The `transferRecipientId` of a later disbursement request. */
  id: z.string().min(1),
  currency: CurrencySchema,
  country: CountrySchema,
  provider: z.string(),
  providerLabel: z.string().nullish(),
  accountLabel: z.string(),
  account: z.record(z.string(), z.unknown()),
  channel: z.string().nullish(),
  status: z.string().nullish(),
});
export type ValidatedRecipient = z.infer<typeof ValidatedRecipientSchema>;

/** `reference` is the merchant's; the provider returns it as `externalReference`. */
export const DisbursementRequestSchema = z.object({
  transferRecipientId: z.string().min(1),
  amount: PositiveMinorUnitsSchema,
  reference: ReferenceSchema,
  narration: z.string().max(255).optional(),
  webhook: HttpUrlSchema.optional(),
});
export type DisbursementRequest = z.infer<typeof DisbursementRequestSchema>;

/** `success` and `failed` are terminal for the ledger. */
export const DISBURSEMENT_STATUSES = ['processing', 'success', 'failed'] as const;
export type DisbursementStatus = (typeof DISBURSEMENT_STATUSES)[number];

export const DisbursementSchema = z.looseObject({
  id: z.string().min(1),
  clientId: z.string().nullish(),
  status: z.enum(DISBURSEMENT_STATUSES),
  statusDescription: z.string().nullish(),
  /** The service's reference: our ledger keys on this one. */
  reference: z.string().min(1),
  providersReference: z.string().nullish(),
  /** The merchant's reference sent in the request. */
  externalReference: z.string().min(1),
  currency: CurrencySchema,
  country: CountrySchema,
  transferRecipientId: z.string().nullish(),
  transferRecipientLabel: z.string().nullish(),
  charge: MinorUnitsSchema.nullish(),
  amount: MinorUnitsSchema,
  provider: z.string().nullish(),
  providerLabel: z.string().nullish(),
  providerLogo: z.string().nullish(),
  channel: z.string().nullish(),
  integrationId: z.string().nullish(),
});
export type Disbursement = z.infer<typeof DisbursementSchema>;

export const DisbursementListQuerySchema = DatedListQuerySchema;
export type DisbursementListQuery = z.infer<typeof DisbursementListQuerySchema>;

const WALLET_TYPES = ['deposit', 'disbursement'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const WalletSchema = z.looseObject({
  type: z.enum(WALLET_TYPES),
  amount: MinorUnitsSchema,
  currency: CurrencySchema,
  country: CountrySchema,
  status: z.string(),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const WalletQuerySchema = z.object({
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
});
export type WalletQuery = z.infer<typeof WalletQuerySchema>;
