/**
 * The list rules (docs/sandbox.md#list-rules): UTC dates, `dateTo` inclusive to the end of that day,
 * `pages = ceil(total / limit)` (0 when empty), a page past the end is 200 with no data.
 */
export interface PageRequest {
  page?: number | undefined;
  limit?: number | undefined;
}

export interface Page {
  page: number;
  limit: number;
  offset: number;
}

export function resolvePage(query: PageRequest, defaultLimit: number): Page {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

export function sandboxListAnswer<T>(data: T[], total: number, { page, limit }: Page) {
  return { statusCode: 200, total, page, pages: Math.ceil(total / limit), limit, data };
}

/** The same inclusive-UTC-date rule as our own ledgers. */
export { dateRange } from '../http/dated-list.ts';
