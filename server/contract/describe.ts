/**
 * The parts every route declaration (createRoute) is made of: answers in our envelopes, the error
 * statuses a route can answer, who may call it, its path ids and its request body. The named schemas
 * come from schemas.ts; the shared headers, parameters and security schemes are components that
 * openapi.ts adds to the document.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { envelope, ErrorEnvelopeSchema, IdSchema, listEnvelopeSchema } from './common.ts';

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });
const parameter = (name: string) => ({ $ref: `#/components/parameters/${name}` });

/** Every answer carries the request's id (request-bookkeeping.ts). */
const ANSWER_HEADERS = { 'X-Request-Id': header('RequestId') };

export const json = <S extends z.ZodType>(schema: S) => ({ 'application/json': { schema } });

/** A success answer described by `content` (any media type), with the headers every answer has. */
export function answer<C extends object>(description: string, content: C) {
  return { description, headers: ANSWER_HEADERS, content };
}

/** A success answer without a body (a redirect). */
export function bare(description: string, headers: Record<string, object> = {}) {
  return { description, headers: { ...ANSWER_HEADERS, ...headers } };
}

/** An answer of an idempotent creation: a replay of a stored one says so (idempotency/answer.ts). */
export const replayable = <A extends { headers: object }>(created: A) => ({
  ...created,
  headers: { ...created.headers, 'Idempotent-Replayed': header('IdempotentReplayed') },
});

/** `{statusCode, data}` around one `data`. */
export const single = <S extends z.ZodType>(description: string, data: S) =>
  answer(description, json(envelope(data)));

/** `{statusCode, total, page, pages, limit, data}` around a page of `item`. */
export const page = <S extends z.ZodType>(description: string, item: S) =>
  answer(description, json(listEnvelopeSchema(item)));

const ERROR_TEXT = {
  400: 'Invalid input (`validation_failed`, with `fields` naming it)',
  401: 'Missing or wrong credentials (`unauthorized`, `invalid_signature`)',
  403: 'Refused: a console request from another page, or a webhook from outside `WEBHOOK_SOURCE_IPS` (`forbidden`)',
  404: 'Not found (`not_found`)',
  409: 'Conflict: `link_unavailable`, `session_paid`, `payment_in_progress`, `wallet_busy` (with `retryAfter` and `Retry-After`), `request_in_progress`, `payment_not_awaiting_input`, `payment_not_refundable`, `already_refunded`, `not_collected`',
  413: 'Too large (`payload_too_large`)',
  415: 'Not the media type the route reads (`unsupported_media_type`)',
  422: '`idempotency_conflict`, `amount_out_of_bounds`, `limit_exceeded`, `invalid_otp`, `otp_locked`, `payment_not_refundable`',
  429: 'Too many requests (`rate_limited`); `Retry-After` says when to try again',
  502: 'The provider refused (`provider_error`)',
  503: 'The provider (or the database) is unreachable (`provider_unavailable`)',
  504: 'The provider did not answer in time (`provider_timeout`)',
} as const;

export type ErrorStatus = keyof typeof ERROR_TEXT;

/** What the provider's failures are answered with (http/errors.ts fromProviderError). */
export const PROVIDER_ERRORS = [502, 503, 504] as const;

const ERROR_HEADERS: Partial<Record<ErrorStatus, Record<string, object>>> = {
  401: { 'WWW-Authenticate': header('WwwAuthenticate') },
  409: { 'Retry-After': header('ConflictRetryAfter') },
  429: { 'Retry-After': header('RetryAfter') },
};

function errorAnswer(status: ErrorStatus) {
  return {
    description: ERROR_TEXT[status],
    headers: { ...ANSWER_HEADERS, ...ERROR_HEADERS[status] },
    content: json(ErrorEnvelopeSchema),
  };
}

/** The error answers of a route, each in the error envelope: `...errors(400, 404, ...PROVIDER_ERRORS)`. */
export function errors<const S extends readonly ErrorStatus[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)])) as {
    [K in S[number]]: ReturnType<typeof errorAnswer>;
  };
}

type SecurityRequirements = Record<string, string[]>[];
/** The merchant's routes: the API key as a bearer token, or the console's session cookie. */
export const MERCHANT_ONLY: SecurityRequirements = [{ merchantKey: [] }, { consoleSession: [] }];
/** Anyone may call it. */
export const PUBLIC: SecurityRequirements = [];

/** Header parameters kept as components (openapi.ts), read by the handlers themselves. */
export const IDEMPOTENCY_KEY = parameter('IdempotencyKey');
export const PAYMENT_TOKEN = parameter('PaymentToken');

/** One path id (`{id}`, `{reference}`) under IdSchema's rule: 1 to 100 of [A-Za-z0-9_-]. */
export function pathIds<const K extends string>(name: K, description: string) {
  return z.object({ [name]: IdSchema.meta({ description }) } as Record<K, typeof IdSchema>);
}

/**
 * A JSON request body, checked against `schema` by @hono/zod-openapi's validator (the handler takes it
 * from `c.req.valid('json')`) and described by the schema's component. The route's middleware must end
 * with http/body.ts's `jsonBodyFirst`, which reads the body under its limit (415 unless JSON, 413 over
 * it, 400 unless it parses) after the route's own checks (the key, the token). The schema must carry a
 * registry id (`.meta({id})`).
 */
export function jsonBody<S extends z.ZodType>(app: Pick<OpenAPIHono, 'openAPIRegistry'>, schema: S) {
  return { required: true, content: { 'application/json': { schema: registerComponent(app, schema) } } };
}

/**
 * A JSON request body only described, for a route that must check its raw bytes before anything
 * parses them (a signed webhook): its handler reads and checks the body itself.
 */
export function describedJsonBody(app: Pick<OpenAPIHono, 'openAPIRegistry'>, schema: z.ZodType) {
  const id = String(registerComponent(app, schema).meta()?.id);
  return {
    required: true,
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${id}` } } },
  };
}

/** The schema's copy registered as a component, under its id. */
function registerComponent<S extends z.ZodType>(app: Pick<OpenAPIHono, 'openAPIRegistry'>, schema: S): S {
  const meta = schema.meta();
  const id = meta?.id;
  if (!meta || typeof id !== 'string') throw new Error('A documented request body needs a schema with an id');
  // Registered as a copy made now: zod gives a schema the methods zod-openapi adds (`.openapi`) when it
  // is built, and `schema` may have been built before @hono/zod-openapi was first imported.
  const copy = schema.meta(meta);
  app.openAPIRegistry.register(id, copy);
  return copy;
}
