/**
 * The provider's list rules (DESIGN section 8) for our own ledgers (payments, payouts) and the sandbox:
 * a status filter, UTC dates with `dateTo` inclusive to the end of that day, `page` from 1 and `limit`
 * 1 to 100. One query schema and one date rule, so every list answers the same way.
 */
import { z } from 'zod';
import { LimitSchema, PageSchema } from '../provider/schemas.ts';

const DAY_MS = 86_400_000;
const DateSchema = z.iso.date('must be a date written YYYY-MM-DD');

/** The query of a ledger list whose rows have one of `statuses`; unknown keys are refused. */
export function datedListQuerySchema<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .strictObject({
      status: z.enum(statuses).optional(),
      dateFrom: DateSchema.optional(),
      dateTo: DateSchema.optional(),
      page: PageSchema.optional(),
      limit: LimitSchema.optional(),
    })
    .refine((query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo, {
      message: 'must not be before dateFrom',
      path: ['dateTo'],
    });
}

/** `[from, toExclusive)` in epoch ms for inclusive `YYYY-MM-DD` bounds; either side may be open. */
export function dateRange(dateFrom?: string, dateTo?: string): { from?: number; toExclusive?: number } {
  return {
    from: dateFrom ? Date.parse(`${dateFrom}T00:00:00.000Z`) : undefined,
    toExclusive: dateTo ? Date.parse(`${dateTo}T00:00:00.000Z`) + DAY_MS : undefined,
  };
}
