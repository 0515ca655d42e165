/**
 * The collections export: the provider's collection transactions for the range, as the provider lists
 * them (newest first), read through the provider client 100 at a time up to its last page.
 */
import type { ProviderClient } from '../provider/client.ts';
import type { CollectionTransaction } from '../provider/schemas.ts';
import { exponentOf } from './payouts.ts';
import type { ExportRecord } from './stream.ts';
import { amount, amountColumns, instant, instantColumns } from './values.ts';

export const COLLECTION_COLUMNS = [
  'reference',
  ...instantColumns('created_at'),
  'status',
  'checkout_id',
  'providers_reference',
  'provider',
  'channel',
  'currency',
  'currency_exponent',
  ...amountColumns('amount'),
  ...amountColumns('charge'),
  ...amountColumns('merchant_fee'),
  ...amountColumns('customer_fee'),
  ...instantColumns('paid_at'),
  'payer_name',
  'payer_email',
  'payer_phone',
] as const;

/** The provider's largest page. */
const PROVIDER_PAGE = 100;

const timeOf = (text: string | null | undefined) => {
  const time = text ? Date.parse(text) : Number.NaN;
  return Number.isNaN(time) ? null : time;
};

function toRecord(item: CollectionTransaction, exponent: number | null, timeZone: string): ExportRecord {
  return {
    reference: item.reference,
    ...instant('created_at', timeOf(item.createdAt), timeZone),
    status: item.status,
    checkout_id: item.checkoutId ?? null,
    providers_reference: item.providersReference ?? null,
    provider: item.provider ?? null,
    channel: item.channel ?? null,
    currency: item.currency,
    currency_exponent: exponent,
    ...amount('amount', item.amount, exponent),
    ...amount('charge', item.charge, exponent),
    ...amount('merchant_fee', item.merchantFee, exponent),
    ...amount('customer_fee', item.customerFee, exponent),
    // The provider counts `paidAt` in epoch seconds.
    ...instant(
      'paid_at',
      item.paidAt === null || item.paidAt === undefined ? null : item.paidAt * 1000,
      timeZone,
    ),
    payer_name: item.user?.name ?? null,
    payer_email: item.user?.email ?? null,
    payer_phone: item.user?.phoneNumber ?? null,
  };
}

/**
 * Every page of the provider's list for the range. The provider pages by offset, newest first, so a
 * collection made during the walk pushes older ones onto the next page: an item already written on the
 * page before is not written again (the previous page's references are all that is kept).
 */
export async function* collectionRecords(
  provider: Pick<ProviderClient, 'listCheckouts'>,
  query: { dateFrom?: string | undefined; dateTo?: string | undefined },
  timeZone: string,
  exponents: Readonly<Record<string, number>>,
): AsyncGenerator<ExportRecord[]> {
  let previous = new Set<string>();
  for (let page = 1; ; page++) {
    const list = await provider.listCheckouts({ ...query, page, limit: PROVIDER_PAGE });
    const fresh = list.data.filter((item) => !previous.has(item.reference));
    if (fresh.length > 0)
      yield fresh.map((item) => toRecord(item, exponentOf(item.currency, exponents), timeZone));
    previous = new Set(list.data.map((item) => item.reference));
    if (list.data.length === 0 || page >= list.pages) return;
  }
}
