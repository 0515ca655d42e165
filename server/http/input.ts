/**
 * Reading request input into validated values: path ids and query keys. Anything malformed is a 400
 * `validation_failed` naming the offending input, never a 500 from a parser.
 */
import type { Context } from 'hono';
import { IdSchema } from '../contract/common.ts';
import { validationFailed } from './errors.ts';

/** IdSchema's rule as one regular expression: the common case costs a test, not a zod parse. */
const VALID_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The query keys given more than once (`?limit=5&limit=7`), which every list refuses rather than pick one value. */
export function repeatedQueryKeys(c: Context): string[] {
  return Object.entries(c.req.queries())
    .filter(([, values]) => values.length > 1)
    .map(([key]) => key);
}

/** A path id (`:id`, `:reference`): 1 to 100 of [A-Za-z0-9_-], so it is safe in SQL, logs and URLs. */
export function pathId(c: Context, name: string): string {
  const value = c.req.param(name);
  if (value !== undefined && VALID_ID.test(value)) return value;
  // Refused: IdSchema names what is wrong.
  const parsed = IdSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw validationFailed(
    [{ path: name, message: parsed.error.issues[0]?.message ?? 'is not valid' }],
    `The ${name} in the path is not valid`,
  );
}
