/**
 * Reading request input into validated values: path ids, query keys and JSON bodies. Anything malformed is a 400
 * `validation_failed` naming the offending input, never a 500 from a parser.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { IdSchema } from '../contract/common.ts';
import { readJsonBody } from './body.ts';
import { fieldErrors, validationFailed } from './errors.ts';

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

/** The JSON body (behind body.ts's `limitBody`) checked against `schema`. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const body = await readJsonBody(c);
  const parsed = await schema.safeParseAsync(body);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}
