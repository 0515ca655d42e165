/** Payment links and their analytics. */
import { z } from 'zod';
import {
  CountrySchema,
  CurrencySchema,
  DateOrDateTimeSchema,
  DateTimeSchema,
  HttpUrlSchema,
  LimitSchema,
  MinorUnitsSchema,
  PageSchema,
} from './common.ts';

export const CUSTOM_FIELD_TYPES = [
  'text',
  'paragraph-text',
  'dropdown',
  'number',
  'date',
  'file-upload',
  'checkbox',
] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CustomFieldSchema = z
  .looseObject({
    label: z.string(),
    name: z.string().min(1),
    type: z.enum(CUSTOM_FIELD_TYPES),
    required: z.boolean().nullish(),
    options: z.array(z.string()).nullish(),
  })
  .refine((field) => field.type !== 'dropdown' || (field.options?.length ?? 0) > 0, {
    message: 'a dropdown field needs options',
    path: ['options'],
  });
export type CustomField = z.infer<typeof CustomFieldSchema>;

export const PAYMENT_LINK_STATUSES = ['active', 'completed', 'inactive', 'expired'] as const;

export const PaymentLinkSchema = z.looseObject({
  id: z.string().min(1),
  clientId: z.string(),
  parentClientId: z.string().nullish(),
  title: z.string(),
  description: z.string().nullish(),
  amount: MinorUnitsSchema.nullish(),
  isAmountFixed: z.boolean(),
  minimumAmount: MinorUnitsSchema.nullish(),
  maximumAmount: MinorUnitsSchema.nullish(),
  amountLimit: MinorUnitsSchema.nullish(),
  currency: CurrencySchema,
  country: CountrySchema,
  locale: z.string().nullish(),
  logo: z.string().nullish(),
  isAnonymousPaymentEnabled: z.boolean().nullish(),
  longURL: HttpUrlSchema.nullish(),
  shortURL: HttpUrlSchema.nullish(),
  redirectURL: z.string().nullish(),
  customFields: z.array(CustomFieldSchema).nullish(),
  expiresAt: DateOrDateTimeSchema.nullable().nullish(),
  isActive: z.boolean(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type PaymentLink = z.infer<typeof PaymentLinkSchema>;

export const PaymentLinkAnalyticsSchema = z.looseObject({
  totalTransactionAmount: MinorUnitsSchema,
  totalTransactionCount: z.int().min(0),
  groupByChannel: z.array(
    z.looseObject({ revenue: MinorUnitsSchema, count: z.int().min(0), channel: z.string().nullable() }),
  ),
  groupByRevenueAndCount: z.array(
    z.looseObject({ week: DateOrDateTimeSchema, revenue: MinorUnitsSchema, count: z.int().min(0) }),
  ),
  clientProviders: z.array(z.looseObject({ provider: z.string() })),
  clientChannels: z.array(z.looseObject({ channel: z.string() })),
});
export type PaymentLinkAnalytics = z.infer<typeof PaymentLinkAnalyticsSchema>;

export const PaymentLinkWithAnalyticsSchema = PaymentLinkSchema.extend({
  analytics: PaymentLinkAnalyticsSchema,
});
export type PaymentLinkWithAnalytics = z.infer<typeof PaymentLinkWithAnalyticsSchema>;

export const PaymentLinkListQuerySchema = z.object({
  page: PageSchema.optional(),
  limit: LimitSchema.optional(),
  country: CountrySchema.optional(),
  currency: CurrencySchema.optional(),
});
