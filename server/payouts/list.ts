/**
 * `GET /api/v1/payouts`: the ledger, newest first, under the list rules (docs/sandbox.md#list-rules):
 * UTC dates with `dateTo` inclusive to the end of that day, `page` from 1, `limit` 1 to 100 (default 4,
 * as the provider's disbursement list), `pages = ceil(total / limit)`, a page past the end is empty.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { datedListQuerySchema, datedPage } from '../http/dated-list.ts';
import { DEFAULT_LIMITS, DISBURSEMENT_STATUSES } from '../provider/schemas.ts';
import type { Database } from '../store/schema.ts';
import { toPayout } from './repository.ts';

export const PayoutListQuerySchema = datedListQuerySchema(DISBURSEMENT_STATUSES);
export type PayoutListQuery = z.infer<typeof PayoutListQuerySchema>;

export async function listPayouts(db: Kysely<Database>, query: PayoutListQuery) {
  const { rows, ...pages } = await datedPage(db, 'payouts', query, DEFAULT_LIMITS.disbursements);
  return { statusCode: 200, ...pages, data: rows.map(toPayout) };
}
