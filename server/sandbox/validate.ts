/**
 * Request parsing for sandbox routes: bad JSON, a bad body or a bad query (a repeated key included) become
 * a 400 ValidationError.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { limitBodies, readBodyBytes, strictUtf8 } from '../http/body.ts';
import { repeatedQueryKeys } from '../http/input.ts';
import { describeZodError, validationError } from './errors.ts';

/** Far above any request of the provider API (the largest, a payment link, is a few kB). */
export const SANDBOX_BODY_LIMIT = 1024 * 1024;

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw validationError('Content-Type must be application/json');
  }
  const result = schema.safeParse(await readJson(c));
  if (!result.success) throw validationError(describeZodError(result.error));
  return result.data;
}

/** The body's bytes (a client that left mid-body is ClientClosedRequest, 499) as a JSON value. */
async function readJson(c: Context): Promise<unknown> {
  const bytes = await readBodyBytes(c);
  try {
    return JSON.parse(strictUtf8.decode(bytes));
  } catch {
    throw validationError('Request body is not valid JSON');
  }
}

/**
 * In front of every sandbox route, the hosted page's form included: over the limit is a
 * ValidationError, as the provider answers.
 */
export const limitSandboxBodies = () =>
  limitBodies([
    {
      path: '/*',
      maxSize: SANDBOX_BODY_LIMIT,
      tooLarge: () => validationError(`Request body must be at most ${SANDBOX_BODY_LIMIT} bytes`),
    },
  ]);

/** A query with each key at most once (as our own lists: never a silent pick of one value), by `schema`. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const repeated = repeatedQueryKeys(c);
  if (repeated.length > 0) {
    throw validationError(repeated.map((key) => `${key}: must be given at most once`).join('; '));
  }
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationError(describeZodError(result.error));
  return result.data;
}
