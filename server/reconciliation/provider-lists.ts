/**
 * The provider's books for some UTC dates: its collections (`GET /payments/v1/checkouts`) and its
 * disbursements (`GET /billing/v1/disbursements`), each walked page by page to the last. A provider
 * failure is thrown as it is (the API answers it as 502/503/504), never read as an empty list: a report
 * built on a partial list would show differences that are not there.
 */
import type { ProviderClient } from '../provider/client.ts';
import type { CollectionTransaction, Disbursement } from '../provider/schemas.ts';

/** The provider's largest page. */
const PAGE_LIMIT = 100;
/** A bound on one walk (a million items): a list that never ends is a provider bug, not our books. */
const MAX_PAGES = 10_000;

interface Dates {
  dateFrom: string;
  dateTo: string;
}

type Lister<T> = (query: Dates & { page: number; limit: number }) => Promise<{ pages: number; data: T[] }>;

async function walk<T>(list: Lister<T>, dates: Dates, what: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await list({ ...dates, page, limit: PAGE_LIMIT });
    items.push(...answer.data);
    if (page >= answer.pages || answer.data.length === 0) return items;
  }
  throw new Error(`the provider's ${what} list has more than ${MAX_PAGES} pages`);
}

export function providerCollections(
  provider: ProviderClient,
  dates: Dates,
): Promise<CollectionTransaction[]> {
  return walk((query) => provider.listCheckouts(query), dates, 'collection');
}

export function providerDisbursements(provider: ProviderClient, dates: Dates): Promise<Disbursement[]> {
  return walk((query) => provider.listDisbursements(query), dates, 'disbursement');
}
