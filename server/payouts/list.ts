/**
 * `GET /api/v1/payouts`: the ledger, newest first, under the provider's list rules (DESIGN section 8):
 * UTC dates with `dateTo` inclusive to the end of that day, `page` from 1, `limit` 1 to 100 (default 4,
 * as the provider's disbursement list), `pages = ceil(total / limit)`, a page past the end is empty.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { dateRange, datedListQuerySchema } from '../http/dated-list.ts';
import { DEFAULT_LIMITS, DISBURSEMENT_STATUSES } from '../provider/schemas.ts';
import type { Database } from '../store/schema.ts';
import { toPayout } from './repository.ts';

export const PayoutListQuerySchema = datedListQuerySchema(DISBURSEMENT_STATUSES);
export type PayoutListQuery = z.infer<typeof PayoutListQuerySchema>;

export async function listPayouts(db: Kysely<Database>, query: PayoutListQuery) {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_LIMITS.disbursements;
  let filtered = db.selectFrom('payouts');
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const { from, toExclusive } = dateRange(query.dateFrom, query.dateTo);
  if (from !== undefined) filtered = filtered.where('created_at', '>=', from);
  if (toExclusive !== undefined) filtered = filtered.where('created_at', '<', toExclusive);
  const counted = await filtered
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const offset = (page - 1) * limit;
  const rows =
    offset >= total
      ? []
      : await filtered
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('reference', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
  return { statusCode: 200, total, page, pages: Math.ceil(total / limit), limit, data: rows.map(toPayout) };
}
