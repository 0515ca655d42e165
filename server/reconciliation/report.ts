/**
 * The merchant's books against the provider's for a period (the reconciliation report): our payments and
 * payouts, matched by reference with the provider's collections and disbursements, each pair classed
 * as equal (`matched`), in both but different (`mismatched`: status, amount or currency), only at the
 * provider (`provider_only`) or only with us (`ours_only`). Only differences are listed, each with what
 * can be done about it (actions.ts); every pair adds to the per-currency totals of successes.
 *
 * Not to be confused with payments/reconcile.ts and payouts/reconcile.ts, the periodic rounds that bring
 * open payments and payouts up to date: this report changes nothing, it shows.
 *
 * Days are UTC, as the provider's list filters are. A record created near midnight can fall on one day
 * for us and the next for the provider, so the provider's lists are also read one day either side of
 * the period: such a pair is still a pair, while a provider record of those outer days alone is not
 * this period's.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { currencyExponent } from '../checkout/currency.ts';
import type { ProviderClient } from '../provider/client.ts';
import type { Database } from '../store/schema.ts';
import { boundsOf, shiftDate, type Period } from './period.ts';
import { providerCollections, providerDisbursements } from './provider-lists.ts';

type RecordKind = 'payment' | 'payout';
type DifferenceClass = 'mismatched' | 'provider_only' | 'ours_only';
/** `verify`: ask the provider now and apply its answer; `record`: keep a success only it knows. */
type ReconciliationAction = 'verify' | 'record';

/** One side of a pair, as that side's books hold it. */
export interface BookEntry {
  status: string;
  /** Integer minor units. */
  amount: number;
  currency: string;
  /** ISO 8601 UTC; absent when the provider's item does not say. */
  createdAt?: string;
  /** Ours only: why the merchant should already look at this payment. */
  flag?: string;
}

export interface Difference {
  kind: RecordKind;
  class: DifferenceClass;
  /** Our reference (the provider's `reference` of a collection, `externalReference` of a disbursement). */
  reference: string;
  ours?: BookEntry;
  provider?: BookEntry;
  /** What differs between the two sides of a `mismatched` pair. */
  differs: ('status' | 'amount' | 'currency')[];
  actions: ReconciliationAction[];
}

export interface ClassCounts {
  matched: number;
  mismatched: number;
  providerOnly: number;
  oursOnly: number;
  /** Ours only, but never taken by the provider and final without money moving: no difference. */
  notSent: number;
}

interface CurrencyTotals {
  currency: string;
  /** Minor-unit digits as this server is configured (CURRENCY_EXPONENTS); null for a code it does not know. */
  exponent: number | null;
  /** Sums of successes, integer minor units, over every compared record of the period. */
  payments: { ours: number; provider: number };
  payouts: { ours: number; provider: number };
}

export interface ReconciliationReport {
  from: string;
  to: string;
  generatedAt: string;
  counts: { payments: ClassCounts; payouts: ClassCounts };
  totals: CurrencyTotals[];
  differences: Difference[];
}

export interface ReportDeps {
  db: Kysely<Database>;
  provider: ProviderClient;
  clock: Clock;
  currencyExponents: Readonly<Record<string, number>>;
}

/** Our stored side of a record, with what the comparison needs beyond its entry. */
interface StoredRecord {
  reference: string;
  entry: BookEntry;
  /** Final without money moving, and no provider reference: the provider never took it. */
  unsent: boolean;
}

interface ProviderRecord {
  entry: BookEntry;
  /** Listed for the period itself, not only for a day either side. */
  inPeriod: boolean;
}

/** How one kind of record is read and judged. */
interface Ledger {
  kind: RecordKind;
  /** The provider's records of these dates, by our reference. */
  providerEntries(dates: { dateFrom: string; dateTo: string }): Promise<[string, BookEntry][]>;
  /** Our stored records created in `[from, toExclusive)`, a page after `after`. */
  storedPage(bounds: { from: number; toExclusive: number }, after: Keyset | null, limit: number): Promise<StoredPage>;
  /** Our stored records with these references, whenever they were created. */
  byReference(references: string[]): Promise<StoredRecord[]>;
  agree(stored: string, provider: string): boolean;
  actions(kind: DifferenceClass, provider?: BookEntry): ReconciliationAction[];
}

interface Keyset {
  created: number;
  reference: string;
}
interface StoredPage {
  records: StoredRecord[];
  last: Keyset | null;
}

const PAGE = 500;

export async function buildReport(deps: ReportDeps, period: Period): Promise<ReconciliationReport> {
  const totals = new Map<string, CurrencyTotals>();
  const differences: Difference[] = [];
  const payments = await compare(paymentLedger(deps), deps, period, totals, differences);
  const payouts = await compare(payoutLedger(deps), deps, period, totals, differences);
  const order: Record<DifferenceClass, number> = { mismatched: 0, provider_only: 1, ours_only: 2 };
  differences.sort(
    (a, b) =>
      a.kind.localeCompare(b.kind) ||
      order[a.class] - order[b.class] ||
      a.reference.localeCompare(b.reference),
  );
  return {
    from: period.from,
    to: period.to,
    generatedAt: new Date(deps.clock.now()).toISOString(),
    counts: { payments, payouts },
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    differences,
  };
}

/** Whether a report shows anything to act on (the CLI's exit code). */
export const hasDifferences = (report: ReconciliationReport) => report.differences.length > 0;

async function compare(
  ledger: Ledger,
  deps: ReportDeps,
  period: Period,
  totals: Map<string, CurrencyTotals>,
  differences: Difference[],
): Promise<ClassCounts> {
  const counts: ClassCounts = { matched: 0, mismatched: 0, providerOnly: 0, oursOnly: 0, notSent: 0 };
  const add = (side: 'ours' | 'provider', entry: BookEntry | undefined) => {
    if (entry?.status !== 'success') return;
    let sums = totals.get(entry.currency);
    if (!sums) {
      sums = {
        currency: entry.currency,
        exponent: exponentOf(entry.currency, deps.currencyExponents),
        payments: { ours: 0, provider: 0 },
        payouts: { ours: 0, provider: 0 },
      };
      totals.set(entry.currency, sums);
    }
    sums[ledger.kind === 'payment' ? 'payments' : 'payouts'][side] += entry.amount;
  };
  const judge = (reference: string, ours: StoredRecord | undefined, provider: BookEntry | undefined) => {
    if (ours && !provider && ours.unsent) {
      counts.notSent += 1;
      return;
    }
    add('ours', ours?.entry);
    add('provider', provider);
    if (ours && provider) {
      const differs: Difference['differs'] = [];
      if (!ledger.agree(ours.entry.status, provider.status)) differs.push('status');
      if (ours.entry.amount !== provider.amount) differs.push('amount');
      if (ours.entry.currency !== provider.currency) differs.push('currency');
      if (differs.length === 0) {
        counts.matched += 1;
        return;
      }
      counts.mismatched += 1;
      differences.push({
        kind: ledger.kind,
        class: 'mismatched',
        reference,
        ours: ours.entry,
        provider,
        differs,
        actions: ledger.actions('mismatched', provider),
      });
      return;
    }
    const kind: DifferenceClass = ours ? 'ours_only' : 'provider_only';
    if (ours) counts.oursOnly += 1;
    else counts.providerOnly += 1;
    differences.push({
      kind: ledger.kind,
      class: kind,
      reference,
      ...(ours ? { ours: ours.entry } : {}),
      ...(provider ? { provider } : {}),
      differs: [],
      actions: ledger.actions(kind, provider),
    });
  };

  // The provider's side: the days either side first, so the period's own listing overwrites them.
  const providerRecords = new Map<string, ProviderRecord>();
  const day = (date: string) => ({ dateFrom: date, dateTo: date });
  for (const [dates, inPeriod] of [
    [day(shiftDate(period.from, -1)), false],
    [day(shiftDate(period.to, 1)), false],
    [{ dateFrom: period.from, dateTo: period.to }, true],
  ] as const) {
    for (const [reference, entry] of await ledger.providerEntries(dates)) providerRecords.set(reference, { entry, inPeriod });
  }

  // Ours of the period, page by page: each meets its provider record, if any.
  const bounds = boundsOf(period);
  let after: Keyset | null = null;
  do {
    const page: StoredPage = await ledger.storedPage(bounds, after, PAGE);
    for (const record of page.records) {
      const provider = providerRecords.get(record.reference);
      providerRecords.delete(record.reference);
      judge(record.reference, record, provider?.entry);
    }
    after = page.records.length === PAGE ? page.last : null;
  } while (after);

  // The provider's records of the period left over: ours from another day, or not ours at all.
  const left = [...providerRecords].filter(([, record]) => record.inPeriod);
  for (let start = 0; start < left.length; start += PAGE) {
    const chunk = left.slice(start, start + PAGE);
    const found = new Map(
      (await ledger.byReference(chunk.map(([reference]) => reference))).map((r) => [r.reference, r]),
    );
    for (const [reference, record] of chunk) judge(reference, found.get(reference), record.entry);
  }
  return counts;
}

function exponentOf(currency: string, overrides: Readonly<Record<string, number>>): number | null {
  try {
    return currencyExponent(currency, overrides);
  } catch {
    return null;
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A provider's `createdAt` when it gives one. */
const createdAtOf = (item: object): { createdAt?: string } => {
  const value = (item as { createdAt?: unknown }).createdAt;
  return typeof value === 'string' ? { createdAt: value } : {};
};

/** What a payment's status means for the money: collected, still open, or not collected. */
function collected(status: string): 'success' | 'pending' | 'failed' {
  if (status === 'success') return 'success';
  return status === 'pending' || status === 'processing' ? 'pending' : 'failed';
}

const GAVE_UP = new Set(['failed', 'expired', 'cancelled']);

function paymentLedger({ db, provider }: ReportDeps): Ledger {
  const columns = [
    'reference',
    'status',
    'amount',
    'currency',
    'created_at',
    'flag',
    'provider_reference',
    'reserved',
  ] as const;
  type Row = { [K in (typeof columns)[number]]: Database['payments'][K] };
  const toRecord = (row: Row): StoredRecord => ({
    reference: row.reference,
    entry: {
      status: row.status,
      amount: row.amount,
      currency: row.currency,
      createdAt: iso(row.created_at),
      ...(row.flag ? { flag: row.flag } : {}),
    },
    unsent: GAVE_UP.has(row.status) && row.provider_reference === null && !row.reserved,
  });
  return {
    kind: 'payment',
    async providerEntries(dates) {
      return (await providerCollections(provider, dates)).map((item) => [
        item.reference,
        { status: item.status, amount: item.amount, currency: item.currency, ...createdAtOf(item) },
      ]);
    },
    ...storedBooks<Row>(db, 'payments', columns, toRecord),
    // Our expired or cancelled payment the provider still shows open: nothing was collected on either side.
    agree: (stored, provider) =>
      collected(stored) === provider || (collected(stored) === 'failed' && provider === 'pending'),
    actions: (kind, provider) =>
      kind === 'provider_only' ? (provider?.status === 'success' ? ['record'] : []) : ['verify'],
  };
}

function payoutLedger({ db, provider }: ReportDeps): Ledger {
  const columns = ['reference', 'status', 'amount', 'currency', 'created_at', 'provider_reference'] as const;
  type Row = { [K in (typeof columns)[number]]: Database['payouts'][K] };
  const toRecord = (row: Row): StoredRecord => ({
    reference: row.reference,
    entry: { status: row.status, amount: row.amount, currency: row.currency, createdAt: iso(row.created_at) },
    unsent: row.status === 'failed' && row.provider_reference === null,
  });
  return {
    kind: 'payout',
    async providerEntries(dates) {
      // Our reference is the one we sent, which the provider keeps as `externalReference`.
      return (await providerDisbursements(provider, dates)).map((item) => [
        item.externalReference,
        { status: item.status, amount: item.amount, currency: item.currency, ...createdAtOf(item) },
      ]);
    },
    ...storedBooks<Row>(db, 'payouts', columns, toRecord),
    agree: (stored, provider) => stored === provider,
    // A disbursement we never asked for cannot be verified or recorded from here: the merchant looks.
    actions: (kind) => (kind === 'provider_only' ? [] : ['verify']),
  };
}

/** Reading our side of either table: a period page by page, or given references. */
function storedBooks<Row extends { reference: string; created_at: number }>(
  db: Kysely<Database>,
  table: 'payments' | 'payouts',
  columns: readonly string[],
  toRecord: (row: Row) => StoredRecord,
): Pick<Ledger, 'storedPage' | 'byReference'> {
  // Typed as payments: the columns read here exist, with the same types, in both tables.
  const select = () =>
    db.selectFrom(table as 'payments').select(columns as unknown as ['reference', 'created_at']);
  return {
    async storedPage(bounds, after, limit) {
      let query = select()
        .where('created_at', '>=', bounds.from)
        .where('created_at', '<', bounds.toExclusive);
      // Keyset pages over (created_at, reference): rows written meanwhile do not shift the pages to come.
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '>', after.created),
            eb.and([eb('created_at', '=', after.created), eb('reference', '>', after.reference)]),
          ]),
        );
      }
      const rows = await query.orderBy('created_at').orderBy('reference').limit(limit).execute();
      const last = rows.at(-1);
      return {
        records: (rows as unknown as Row[]).map(toRecord),
        last: last ? { created: last.created_at, reference: last.reference } : null,
      };
    },
    async byReference(references) {
      if (references.length === 0) return [];
      const rows = await select().where('reference', 'in', references).execute();
      return (rows as unknown as Row[]).map(toRecord);
    },
  };
}
