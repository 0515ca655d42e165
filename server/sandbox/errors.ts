/**
 * The error shape (docs/sandbox.md#provider-api): `{statusCode, error, errorCode}` with a matching HTTP
 * status. Every sandbox route throws SandboxError; one onError renders it.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import { CLIENT_CLOSED_REQUEST, ClientClosedRequest } from '../http/errors.ts';
import type { ProviderErrorCode } from '../provider/schemas.ts';

export class SandboxError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: ProviderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

export const validationError = (message: string) => new SandboxError(400, 'ValidationError', message);
export const sandboxNotFound = (what: string) => new SandboxError(404, 'NotFound', `${what} not found`);

/** One readable sentence from zod's issues, naming the path of each, e.g. "limit: must be <= 100". */
export function describeZodError(error: ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

export function renderSandboxError(error: unknown, c: Context) {
  // The client left mid-body: not a sandbox failure, and nobody reads the answer.
  if (error instanceof ClientClosedRequest) return c.body(null, CLIENT_CLOSED_REQUEST);
  if (error instanceof SandboxError) {
    return c.json(
      { statusCode: error.status, error: error.message, errorCode: error.errorCode },
      error.status,
    );
  }
  // Anything else is our bug; answer in the provider's shape without leaking internals.
  console.error('[sandbox] unexpected error:', error);
  return c.json({ statusCode: 500, error: 'Internal sandbox error', errorCode: 'ProviderError' }, 500);
}
