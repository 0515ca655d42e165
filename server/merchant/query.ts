/**
 * Reading a merchant list query (docs/architecture.md#list-rules): each key at most once (a repeated key
 * would otherwise be silently cut to its first value) and the whole query checked by a strict schema.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors, validationFailed } from '../http/errors.ts';
import { repeatedQueryKeys } from '../http/input.ts';

export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const repeated = repeatedQueryKeys(c);
  if (repeated.length > 0) {
    throw validationFailed(
      repeated.map((key) => ({ path: key, message: 'must be given at most once' })),
      'The query is not valid',
    );
  }
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error), 'The query is not valid');
  return parsed.data;
}
