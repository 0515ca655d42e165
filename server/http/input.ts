/**
 * The query keys a request repeats, which every list refuses by name (a 400 `validation_failed`).
 */
import type { Context } from 'hono';

/** The query keys given more than once (`?limit=5&limit=7`), which every list refuses rather than pick one value. */
export function repeatedQueryKeys(c: Context): string[] {
  return Object.entries(c.req.queries())
    .filter(([, values]) => values.length > 1)
    .map(([key]) => key);
}
