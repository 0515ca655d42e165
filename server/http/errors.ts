/**
 * The error envelope (docs/api.md#errors): `{statusCode, error: {code, message, fields?}}` with
 * the HTTP status equal to `statusCode`. Routes throw ApiError (or let a ZodError / ProviderError escape);
 * `renderError`, the app's one onError, turns anything into that envelope. Never a stack, never a secret.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ErrorCode, FieldError } from '../../widget/shared/contract.ts';
import { fieldErrorCode } from '../contract/field-error-code.ts';
import { ProviderError, ProviderRequestError } from '../provider/errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      fields?: FieldError[];
      attemptsLeft?: number;
      retryAfterSeconds?: number;
      /** Seconds to wait, said in the body too (and as `Retry-After`), where a client's words need it. */
      retryAfter?: number;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The client closed the connection before its request ended (mid-body). Not our failure and not an
 * answer anyone reads: rendered as status 499 (nginx's "client closed request"), so the access log line
 * (info) and the request metrics count it apart from 5xx, with no stack trace.
 */
export class ClientClosedRequest extends Error {
  constructor() {
    super('The client closed the connection before its request ended');
    this.name = 'ClientClosedRequest';
  }
}
export const CLIENT_CLOSED_REQUEST = 499 as StatusCode;

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);

/** zod issues as `fields`, with paths joined by dots (`customer.email`, `fields.company`). */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.slice(0, 50).map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: fieldErrorCode(issue),
    message: issue.message,
  }));
}

export const validationFailed = (fields: FieldError[], message = 'The request is not valid') =>
  new ApiError(400, 'validation_failed', message, { fields });

/**
 * A provider failure as our envelope: 504 for timeouts, 503 when unreachable, 502 otherwise. The message
 * is ours: the provider's own text is English written for integrators and reaches payers through the
 * widget, so it stays with the error (`cause`) for renderError to log, for the merchant.
 */
export function fromProviderError(error: ProviderError): ApiError {
  const answer =
    error.errorCode === 'Timeout'
      ? new ApiError(504, 'provider_timeout', 'The payment provider did not answer in time')
      : error.status === 0 || error.status === 503
        ? new ApiError(503, 'provider_unavailable', 'The payment provider is unavailable; try again shortly')
        : new ApiError(502, 'provider_error', 'The payment provider refused the request');
  answer.cause = error;
  return answer;
}

/**
 * A hono middleware whose own refusal (an HTTPException with `status`, as `csrf` and `ipRestriction`
 * throw with a plain-text body) is thrown as `refusal(c)` instead: our envelope, with a message that says
 * what was refused. Only the middleware's own errors reach the catch: Hono answers a later handler's
 * error where it happens, so `next()` resolves.
 */
export function replaceMiddlewareRefusal(
  middleware: MiddlewareHandler,
  status: number,
  refusal: (c: Context) => Error,
): MiddlewareHandler {
  return async (c, next) => {
    try {
      return await middleware(c, next);
    } catch (error) {
      throw error instanceof HTTPException && error.status === status ? refusal(c) : error;
    }
  };
}

interface ErrorLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Where renderError reports what it renders; the caller, which knows the app, passes them (this file is
 * shared with the sandbox, so it reads nothing app-specific from the context).
 */
export interface ErrorReporting {
  /** Where an unexpected error is logged. */
  logger?: ErrorLogger;
  /** The request's id, for that log line. */
  requestId?: string;
  /** Where provider failures are counted (the app's metrics). */
  metrics?: { countProviderError(error: ProviderError): void };
}

export function renderError(error: unknown, c: Context, { logger, requestId, metrics }: ErrorReporting = {}) {
  if (error instanceof ClientClosedRequest) return c.body(null, CLIENT_CLOSED_REQUEST);
  const apiError = toApiError(error);
  // Every provider failure a caller sees passes here: the one place to count them (GET /metrics).
  if (error instanceof ProviderError) {
    metrics?.countProviderError(error);
  }
  if (apiError.status >= 500 && apiError.code === 'internal') {
    logger?.error({ err: error, requestId }, 'unexpected error');
  }
  // The caller reads our words; what the provider said goes to the merchant's logs.
  if (apiError.cause instanceof ProviderError) {
    const { errorCode, status, message } = apiError.cause;
    logger?.warn({ requestId, provider: { errorCode, status, message } }, 'provider failure answered');
  }
  const { fields, attemptsLeft, retryAfter } = apiError.extra;
  const retryAfterSeconds = apiError.extra.retryAfterSeconds ?? retryAfter;
  if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
  return c.json(
    {
      statusCode: apiError.status,
      error: {
        code: apiError.code,
        message: apiError.message,
        ...(fields ? { fields } : {}),
        ...(attemptsLeft !== undefined ? { attemptsLeft } : {}),
        ...(retryAfter !== undefined ? { retryAfter } : {}),
      },
    },
    apiError.status,
  );
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) return validationFailed(fieldErrors(error));
  if (error instanceof ProviderRequestError)
    return validationFailed(error.fields.map((field) => ({ ...field, code: 'invalid' as const })));
  if (error instanceof ProviderError) return fromProviderError(error);
  if (error instanceof HTTPException) {
    // Hono's own refusals (e.g. the body-limit middleware) keep their status with our codes.
    const status = error.status as ContentfulStatusCode;
    if (status === 413) return new ApiError(413, 'payload_too_large', 'The request body is too large');
    if (status === 401) return new ApiError(401, 'unauthorized', error.message || 'Authentication required');
    if (status === 403) return new ApiError(403, 'forbidden', error.message || 'This request is not allowed');
    if (status < 500)
      return new ApiError(status, 'validation_failed', error.message || 'The request is not valid');
  }
  return new ApiError(500, 'internal', 'Something went wrong on our side; the request id is in the logs');
}
