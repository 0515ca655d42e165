/**
 * The list rules (docs/sandbox.md#list-rules) for our own ledgers (payments, payouts) and the sandbox:
 * a status filter, UTC dates with `dateTo` inclusive to the end of that day, `page` from 1 and `limit`
 * 1 to 100. One query schema and one date rule, so every list answers the same way.
 */
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import { LimitSchema, PageSchema } from '../provider/schemas.ts';
import type { Database } from '../store/schema.ts';

const DAY_MS = 86_400_000;
const DateSchema = z.iso.date('must be a date written YYYY-MM-DD');

/** The refinement every dated query takes: `dateTo` not before `dateFrom` (each may be absent). */
export const RANGE_IN_ORDER: [
  (query: { dateFrom?: string | undefined; dateTo?: string | undefined }) => boolean,
  { message: string; path: string[] },
] = [
  (query) => !query.dateFrom || !query.dateTo || query.dateFrom <= query.dateTo,
  { message: 'must not be before dateFrom', path: ['dateTo'] },
];

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
    .refine(...RANGE_IN_ORDER);
}

const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const ExportFormatSchema = z
  .enum(EXPORT_FORMATS)
  .default('csv')
  .meta({ description: '`csv` (RFC 4180, UTF-8 with BOM, the default) or `jsonl` (JSON Lines)' });

/**
 * The query of an export of that ledger: the list's filters without its pages (an export is the whole
 * range), and the format. Unknown keys, `page` and `limit` included, are refused.
 */
export function datedExportQuerySchema<const S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .strictObject({
      format: ExportFormatSchema,
      status: z.enum(statuses).optional(),
      dateFrom: DateSchema.optional(),
      dateTo: DateSchema.optional(),
    })
    .refine(...RANGE_IN_ORDER);
}

/** `[from, toExclusive)` in epoch ms for inclusive `YYYY-MM-DD` bounds; either side may be open. */
export function dateRange(dateFrom?: string, dateTo?: string): { from?: number; toExclusive?: number } {
  return {
    from: dateFrom ? Date.parse(`${dateFrom}T00:00:00.000Z`) : undefined,
    toExclusive: dateTo ? Date.parse(`${dateTo}T00:00:00.000Z`) + DAY_MS : undefined,
  };
}

/** The tables listed this way: each has `status` and `created_at`, and a unique key to order ties by. */
type LedgerTable = 'payments' | 'payouts' | 'merchant_notifications';
const TIE_BREAKER = { payments: 'reference', payouts: 'reference', merchant_notifications: 'id' } as const;

/**
 * One page of a ledger, newest first, with its total: the query's status and dates applied, `limit`
 * defaulting to `defaultLimit`. A page past the end is not queried.
 */
export async function datedPage<T extends LedgerTable>(
  db: Kysely<Database>,
  table: T,
  query: { status?: string; dateFrom?: string; dateTo?: string; page?: number; limit?: number },
  defaultLimit: number,
): Promise<{ total: number; page: number; pages: number; limit: number; rows: Selectable<Database[T]>[] }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  const filtered = filteredLedger(db, table, query);
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
          .orderBy(TIE_BREAKER[table] as 'reference', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
  return { total, page, pages: Math.ceil(total / limit), limit, rows: rows as Selectable<Database[T]>[] };
}

/** The rows of `table` the query's status and dates keep. */
function filteredLedger(
  db: Kysely<Database>,
  table: LedgerTable,
  query: { status?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined },
) {
  // Typed as one of the tables: the columns used here exist, with the same types, in all of them.
  let filtered = db.selectFrom(table as 'payments');
  if (query.status) filtered = filtered.where('status', '=', query.status);
  const { from, toExclusive } = dateRange(query.dateFrom, query.dateTo);
  if (from !== undefined) filtered = filtered.where('created_at', '>=', from);
  if (toExclusive !== undefined) filtered = filtered.where('created_at', '<', toExclusive);
  return filtered;
}

/**
 * Every row the query keeps, oldest first, `size` rows a page: each page starts after the last row of
 * the one before (keyset paging on `created_at` and the tie-breaker, which the tables' indexes cover), so
 * a late page costs what the first did and a row written during the walk is neither skipped nor repeated.
 * Pages are read only as the caller asks for them: a slow reader holds one page at a time.
 */
export async function* keysetPages<T extends LedgerTable>(
  db: Kysely<Database>,
  table: T,
  query: { status?: string | undefined; dateFrom?: string | undefined; dateTo?: string | undefined },
  size: number,
): AsyncGenerator<Selectable<Database[T]>[]> {
  const key = TIE_BREAKER[table] as 'reference';
  let after: { createdAt: number; key: string } | undefined;
  for (;;) {
    let page = filteredLedger(db, table, query);
    if (after) {
      const { createdAt, key: last } = after;
      page = page.where((eb) => eb(eb.refTuple('created_at', key), '>', eb.tuple(createdAt, last)));
    }
    const rows = await page.selectAll().orderBy('created_at').orderBy(key).limit(size).execute();
    if (rows.length > 0) yield rows as Selectable<Database[T]>[];
    const lastRow = rows.at(-1);
    if (rows.length < size || !lastRow) return;
    after = { createdAt: lastRow.created_at, key: lastRow[key] };
  }
}
