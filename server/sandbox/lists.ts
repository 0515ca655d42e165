/**
 * The provider's list rules (DESIGN section 8): UTC dates, `dateTo` inclusive to the end of that day,
 * `pages = ceil(total / limit)` (0 when empty), a page past the end is 200 with no data.
 */
const DAY_MS = 86_400_000;

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

export function listEnvelope<T>(data: T[], total: number, { page, limit }: Page) {
  return { statusCode: 200, total, page, pages: Math.ceil(total / limit), limit, data };
}

/** `[from, toExclusive)` in epoch ms for inclusive `YYYY-MM-DD` bounds; either side may be open. */
export function dateRange(dateFrom?: string, dateTo?: string): { from?: number; toExclusive?: number } {
  return {
    from: dateFrom ? Date.parse(`${dateFrom}T00:00:00.000Z`) : undefined,
    toExclusive: dateTo ? Date.parse(`${dateTo}T00:00:00.000Z`) + DAY_MS : undefined,
  };
}
