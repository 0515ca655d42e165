/**
 * Reading request input into validated values: path ids and JSON bodies. Anything malformed is a 400
 * `validation_failed` naming the offending input, never a 500 from a parser.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { IdSchema } from '../contract/common.ts';
import { readJsonBody } from './body.ts';
import { fieldErrors, validationFailed } from './errors.ts';

/** A path id (`:id`, `:reference`): 1 to 100 of [A-Za-z0-9_-], so it is safe in SQL, logs and URLs. */
export function pathId(c: Context, name: string): string {
  const parsed = IdSchema.safeParse(c.req.param(name));
  if (parsed.success) return parsed.data;
  throw validationFailed(
    [{ path: name, message: parsed.error.issues[0]?.message ?? 'is not valid' }],
    `The ${name} in the path is not valid`,
  );
}

/** The JSON body (at most `maxSize` bytes, see body.ts) checked against `schema`. */
export async function readJson<S extends z.ZodType>(
  c: Context,
  schema: S,
  maxSize: number,
): Promise<z.output<S>> {
  const body = await readJsonBody(c, maxSize);
  const parsed = await schema.safeParseAsync(body);
  if (!parsed.success) throw validationFailed(fieldErrors(parsed.error));
  return parsed.data;
}
