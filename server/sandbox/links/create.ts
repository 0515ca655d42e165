/**
 * Creating payment links: the admin API's way in (the provider creates links in its dashboard, which
 * the sandbox has no need of), and the seed's.
 */
import { z } from 'zod';
import {
  CountrySchema,
  CurrencySchema,
  CustomFieldSchema,
  DateOrDateTimeSchema,
  HttpUrlSchema,
  PAYMENT_LINK_STATUSES,
  PositiveMinorUnitsSchema,
} from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { validationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { findProvider, SANDBOX_PROVIDERS } from '../providers.ts';

export const NewPaymentLinkSchema = z
  .strictObject({
    id: z.string().regex(/^[A-Za-z0-9_-]{3,64}$/, 'letters, digits, _ and -, 3 to 64').optional(),
    title: z.string().min(1).max(200),
    description: z.string().max(2000).default(''),
    amount: PositiveMinorUnitsSchema.optional(),
    isAmountFixed: z.boolean(),
    minimumAmount: PositiveMinorUnitsSchema.optional(),
    maximumAmount: PositiveMinorUnitsSchema.optional(),
    amountLimit: PositiveMinorUnitsSchema.optional(),
    currency: CurrencySchema,
    country: CountrySchema,
    locale: z.string().min(2).max(35).optional(),
    logo: HttpUrlSchema.optional(),
    isAnonymousPaymentEnabled: z.boolean().default(false),
    redirectURL: HttpUrlSchema.optional(),
    customFields: z.array(CustomFieldSchema).max(50).default([]),
    /** Provider slugs; default: every mobile-money provider of the link's market. */
    providers: z.array(z.string()).min(1).optional(),
    expiresAt: DateOrDateTimeSchema.nullable().default(null),
    isActive: z.boolean().default(true),
    /** Default: `active`, or `inactive` for a link created switched off. */
    status: z.enum(PAYMENT_LINK_STATUSES).optional(),
  })
  .refine((link) => !link.isAmountFixed || link.amount !== undefined, {
    message: 'a fixed-amount link needs amount',
    path: ['amount'],
  })
  .refine((link) => !link.minimumAmount || !link.maximumAmount || link.minimumAmount <= link.maximumAmount, {
    message: 'minimumAmount must not exceed maximumAmount',
    path: ['maximumAmount'],
  });

export type NewPaymentLink = z.input<typeof NewPaymentLinkSchema>;

export async function createPaymentLink(context: SandboxContext, input: NewPaymentLink, createdAt?: number) {
  const link = NewPaymentLinkSchema.parse(input);
  const providers =
    link.providers ??
    SANDBOX_PROVIDERS.filter(
      (p) => p.channel === 'mobile-money' && p.country === link.country && p.currency === link.currency,
    ).map((p) => p.slug);
  for (const slug of providers) {
    const provider = findProvider(slug);
    if (!provider || provider.currency !== link.currency || provider.country !== link.country) {
      throw validationError(`providers: ${slug} does not collect ${link.currency} in ${link.country}`);
    }
  }
  if (providers.length === 0) throw validationError(`No provider collects ${link.currency} in ${link.country}`);
  const id = link.id ?? newId('lnk');
  const taken = await context.db.selectFrom('sandbox_payment_links').select('id').where('id', '=', id).executeTakeFirst();
  if (taken) throw validationError(`id: a payment link ${id} already exists`);

  const now = createdAt ?? context.clock.now();
  const row = {
    id,
    client_id: context.config.clientId,
    title: link.title,
    description: link.description,
    amount: link.amount ?? null,
    is_amount_fixed: link.isAmountFixed ? 1 : 0,
    minimum_amount: link.minimumAmount ?? null,
    maximum_amount: link.maximumAmount ?? null,
    amount_limit: link.amountLimit ?? null,
    currency: link.currency,
    country: link.country,
    locale: link.locale ?? null,
    logo: link.logo ?? null,
    is_anonymous_payment_enabled: link.isAnonymousPaymentEnabled ? 1 : 0,
    redirect_url: link.redirectURL ?? null,
    custom_fields: JSON.stringify(link.customFields),
    providers: JSON.stringify(providers),
    expires_at: link.expiresAt,
    is_active: link.isActive ? 1 : 0,
    status: link.status ?? (link.isActive ? 'active' : 'inactive'),
    created_at: now,
    updated_at: now,
  } as const;
  await context.db.insertInto('sandbox_payment_links').values(row).execute();
  return row;
}
