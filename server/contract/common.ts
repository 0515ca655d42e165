/**
 * Building blocks of the backend's API schemas: identifiers, codes, URLs, phone numbers,
 * and the envelopes every answer travels in. The named shapes live in schemas.ts.
 */
import { z } from 'zod';
import {
  ERROR_CODES,
  FIELD_ERROR_CODES,
  PHONE_PATTERN,
  PHONE_READABILITY,
} from '../../widget/shared/contract.ts';

/**
 * The schemas' one message for a missing value. zod keeps no input in the issues it reports, so this
 * message is how `fieldErrors` tells "missing" from "wrong" for a check whose message depends on it.
 */
export const REQUIRED = 'is required';

/** zod's error option: "is required" for a missing value, `message` for a wrong one. */
export const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? REQUIRED : message;

/** Path ids (links, sessions, uploads, references): short, and safe in a URL and a log line. */
export const IdSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'may only contain letters, digits, _ and -');

const CURRENCY_RULE = 'must be 3 uppercase letters, e.g. XOF';
export const CurrencyCodeSchema = z
  .string({ error: requiredOr(CURRENCY_RULE) })
  .regex(/^[A-Z]{3}$/, CURRENCY_RULE);
const COUNTRY_RULE = 'must be 2 uppercase letters, e.g. CI';
export const CountryCodeSchema = z
  .string({ error: requiredOr(COUNTRY_RULE) })
  .regex(/^[A-Z]{2}$/, COUNTRY_RULE);

/** Minor units as a safe integer; `z.int()` refuses 1.5, NaN and anything beyond 2^53. */
export const MinorUnitsSchema = z.int().min(0);

/**
 * The contract's phone rule (the widget checks the same): the characters people write for readability
 * are dropped first, so "(0803) 123-4504" is read as "08031234504" and "07.01.23.45.67" as
 * "0701234567". Letters are not dropped, so they still fail.
 */
export const PHONE_RULE = 'must be 6 to 15 digits, optionally after +';
export const PHONE_NUMBER = new RegExp(`^${PHONE_PATTERN}$`);
export const PhoneNumberSchema = z
  .string({ error: requiredOr(PHONE_RULE) })
  .max(32, PHONE_RULE)
  .overwrite((value) => value.replace(PHONE_READABILITY, ''))
  .regex(PHONE_NUMBER, PHONE_RULE);

/** Absolute http(s) URL: other schemes (javascript:, data:) must never become a redirect. */
export const HttpUrlSchema = z
  .url({ protocol: /^https?$/, error: requiredOr('must be an absolute http(s) URL') })
  .max(2048, 'must be at most 2048 characters');

/** Upload ids as POST /api/v1/uploads mints them: `upl_` and 128 random bits in base64url. */
export const UploadIdSchema = z.string().regex(/^upl_[A-Za-z0-9_-]{16,64}$/, 'must be the id of an upload');

/** ISO 8601 instant as the API writes it (`toISOString()`, always UTC). */
export const InstantSchema = z.iso.datetime({ offset: true });

// --- Envelopes --------------------------------------------------------------------------------------

export const FieldErrorSchema = z
  .object({
    path: z
      .string()
      .meta({ description: 'The offending input, dotted as the request named it: `fields.company`' }),
    code: z
      .enum(FIELD_ERROR_CODES)
      .meta({ description: 'What is wrong, for a client to choose its own words by; `message` is English' }),
    message: z.string(),
  })
  .meta({ id: 'FieldError' });

export const ApiErrorSchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.array(FieldErrorSchema).optional(),
    attemptsLeft: z.int().min(0).optional(),
    retryAfter: z.int().min(1).optional().meta({
      description:
        'With `wallet_busy`: seconds until the payment already waiting on the phone can no longer be approved (also in `Retry-After`)',
    }),
  })
  .meta({ id: 'ApiError' });

export const ErrorEnvelopeSchema = z
  .object({ statusCode: z.int().min(400).max(599), error: ApiErrorSchema })
  .meta({ id: 'ErrorEnvelope', description: 'Every error; the HTTP status equals `statusCode`.' });

/** `{statusCode, data}` around one object. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ statusCode: z.int(), data });
}

/** `{statusCode, total, page, pages, limit, data}` around a page of objects. */
export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    statusCode: z.int(),
    total: z.int().min(0),
    page: z.int().min(1),
    pages: z.int().min(0),
    limit: z.int().min(1),
    data: z.array(item),
  });
}
