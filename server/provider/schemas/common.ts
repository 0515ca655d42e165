/** Shared building blocks of the provider API: codes, amounts, dates, errors, envelopes, list queries. */
import { z } from 'zod';
import { PHONE_NUMBER, PHONE_RULE } from '../../contract/common.ts';

export const CurrencySchema = z.string().regex(/^[A-Z]{3}$/, 'must be 3 uppercase letters');
export type Currency = z.infer<typeof CurrencySchema>;

export const CountrySchema = z.string().regex(/^[A-Z]{2}$/, 'must be 2 uppercase letters');
export type Country = z.infer<typeof CountrySchema>;

/** Amounts in the lowest denomination: `z.int()` also keeps them within the safe-integer range. */
export const MinorUnitsSchema = z.int().min(0);

export const PositiveMinorUnitsSchema = z.int().positive();

/** `YYYY-MM-DD`, a real calendar date (2023-02-29 is refused). */
export const DateOnlySchema = z.iso.date();

/** ISO 8601 with `Z` or an offset: a timestamp without a zone would be ambiguous. */
export const DateTimeSchema = z.iso.datetime({ offset: true });

/** Either form; used where the description says "date" but real answers also carry a time. */
export const DateOrDateTimeSchema = z.union([DateOnlySchema, DateTimeSchema]);

/** Operator and country, e.g. `mtn-ci`, `mpesa-ke` (the slug implies currency and country). */
export const ProviderSlugSchema = z
  .string()
  .max(64)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug such as mtn-ci');

/** Merchant-generated reference, unique per request. Kept short so it fits a path segment. */
export const ReferenceSchema = z.string().min(1).max(100);

/** Our contract's phone rule (the provider's is the same), without dropping separators: the provider takes none. */
export const PhoneNumberSchema = z.string().regex(PHONE_NUMBER, PHONE_RULE);

/** Absolute http(s) URL: other schemes (javascript:, data:) must never reach a redirect. */
export const HttpUrlSchema = z.url({ protocol: /^https?$/ });

/** Free-form merchant metadata; keys beyond the documented ones are allowed. */
export const MetadataSchema = z.record(z.string(), z.unknown());

export const PROVIDER_ERROR_CODES = [
  'ValidationError',
  'Unauthorized',
  'NotFound',
  'DuplicateReference',
  'InvalidOTP',
  'InsufficientBalance',
  'ProviderError',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

/** `errorCode` stays a plain string here so an unknown code still parses; the client maps it. */
export const ProviderErrorBodySchema = z.looseObject({
  statusCode: z.int().nullish(),
  error: z.string(),
  errorCode: z.string(),
});

export function singleEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ statusCode: z.int(), data });
}

export function providerListSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    statusCode: z.int(),
    total: z.int().min(0),
    page: z.int().min(1),
    pages: z.int().min(0),
    limit: z.int().min(1),
    data: z.array(item),
  });
}

/**
 * A whole number given as a number (client) or as a query-string text (sandbox). Only plain digits are
 * accepted as text, so "1.5", "1e2", "abc" and "" fail instead of being coerced.
 */
function queryInteger(min: number, max: number) {
  const digits = z
    .string()
    .regex(/^[0-9]+$/, 'must be a whole number')
    .transform(Number);
  // Documented (OpenAPI, a query parameter) as the number it stands for, not the union it is parsed by.
  return z
    .union([z.number(), digits])
    .pipe(z.int().min(min).max(max))
    .meta({ type: 'integer', minimum: min, maximum: max });
}

export const PageSchema = queryInteger(1, Number.MAX_SAFE_INTEGER);
export const LimitSchema = queryInteger(1, 100);

export const DEFAULT_LIMITS = { checkouts: 4, disbursements: 4, paymentLinks: 2 } as const;

/** `dateFrom` and `dateTo` are inclusive UTC dates; a range that ends before it starts is refused. */
export const DatedListQuerySchema = z
  .object({
    page: PageSchema.optional(),
    limit: LimitSchema.optional(),
    dateFrom: DateOnlySchema.optional(),
    dateTo: DateOnlySchema.optional(),
  })
  .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
    message: 'dateTo must not be before dateFrom',
    path: ['dateTo'],
  });
