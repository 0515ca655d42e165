/** Request parsing for sandbox routes: bad JSON, a bad body or a bad query become a 400 ValidationError. */
import type { Context } from 'hono';
import type { z } from 'zod';
import { describeZodError, validationError } from './errors.ts';

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    throw validationError('Content-Type must be application/json');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw validationError('Request body is not valid JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationError(describeZodError(result.error));
  return result.data;
}

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationError(describeZodError(result.error));
  return result.data;
}
