/**
 * The public checkout configuration: what `GET /api/v1/links/:id` and
 * `GET /api/v1/sessions/:id` answer. Response shapes, so plain objects: they describe what we send.
 */
import { z } from 'zod';
import { CHECKOUT_STATUSES, CUSTOM_FIELD_TYPES } from '../../widget/shared/contract.ts';
import { CountryCodeSchema, CurrencyCodeSchema, MinorUnitsSchema } from './common.ts';

export const CustomFieldSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    type: z.enum(CUSTOM_FIELD_TYPES),
    required: z.boolean(),
    options: z.array(z.string()).optional().meta({ description: 'Choices of a `dropdown`.' }),
  })
  .meta({ id: 'CustomField' });

export const NetworkSchema = z
  .object({ name: z.string(), value: z.string(), image: z.string().optional() })
  .meta({ id: 'Network' });

export const MethodInputSchema = z
  .object({
    name: z.string(),
    label: z.string(),
    type: z.enum(['tel', 'text', 'select']),
    required: z.boolean(),
    pattern: z.string().optional().meta({ description: 'An HTML `pattern` (anchored by the browser).' }),
    options: z.array(z.string()).optional(),
  })
  .meta({ id: 'MethodInput' });

const MethodFeeSchema = z
  .object({
    basisPoints: z.int().min(0).max(10_000),
    fixed: MinorUnitsSchema,
  })
  .meta({
    id: 'MethodFee',
    description:
      'What the payer pays on top of the amount, in minor units: `fixed + ceil(amount * basisPoints / 10000)`.',
  });

export const MethodSchema = z
  .object({
    provider: z.string().meta({ description: 'Provider slug, e.g. `mtn-ci`.' }),
    label: z.string(),
    logo: z.string().optional(),
    channel: z.string().optional(),
    networks: z.array(NetworkSchema).optional(),
    inputs: z.array(MethodInputSchema),
    fee: MethodFeeSchema.optional().meta({ description: 'Absent when the provider adds no fee.' }),
  })
  .meta({ id: 'Method', description: 'A way to pay: a mobile-money provider (direct charge).' });

const AmountRuleSchema = z
  .object({
    fixed: MinorUnitsSchema.nullable().meta({
      description: 'Minor units when fixed; null when the payer chooses.',
    }),
    min: MinorUnitsSchema.optional(),
    max: MinorUnitsSchema.optional(),
    remaining: MinorUnitsSchema.optional().meta({
      description: "Left under the link's limit; absent when unlimited.",
    }),
  })
  .meta({ id: 'AmountRule' });

export const CheckoutConfigSchema = z
  .object({
    kind: z.enum(['link', 'session']),
    id: z.string(),
    title: z.string(),
    description: z.string().optional(),
    logo: z.string().optional(),
    locale: z.string().optional(),
    messages: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description:
          "The widget's messages in the language of `locale` (keyed as its English ones), when that is not English and the server has them: the widget shows them without fetching a locale file.",
      }),
    currency: CurrencyCodeSchema,
    currencyExponent: z.int().min(0).max(4).meta({ description: 'ISO 4217 minor units: XOF 0, NGN 2.' }),
    country: CountryCodeSchema,
    amount: AmountRuleSchema,
    customFields: z.array(CustomFieldSchema),
    methods: z.array(MethodSchema),
    hosted: z.boolean(),
    anonymous: z.boolean().meta({ description: 'When false, name, email and phone are required.' }),
    redirectUrl: z.string().optional(),
    status: z.enum(CHECKOUT_STATUSES),
    expiresAt: z.string().optional(),
  })
  .meta({
    id: 'CheckoutConfig',
    description: 'What the widget needs to render a checkout. Merchant text is data: render it as text.',
  });
