/**
 * The report as a file. JSON Lines (one JSON value a line, `\n` after each), for machines and for
 * keeping: a `summary` line (period, counts), one `total` line per currency, then one `difference` line
 * each; JSON escapes every control character, so a reference or status can never break a line. CSV, for
 * an accountant: the same lines as rows of one table (a `type` column says which), written by the
 * exports' own writer, so it has their BOM, quoting and formula neutralisation, and their money and time
 * columns (major units beside minor units, UTC beside the merchant's time zone).
 */
import { exponentOf } from '../exports/payouts.ts';
import type { ExportRecord } from '../exports/stream.ts';
import { amount, amountColumns, instant, instantColumns } from '../exports/values.ts';
import type { BookEntry, ClassCounts, ReconciliationReport } from './report.ts';

export function reportLines(report: ReconciliationReport): string {
  const { differences, totals, ...summary } = report;
  const lines = [
    { type: 'summary', ...summary },
    ...totals.map((total) => ({ type: 'total', ...total })),
    ...differences.map((difference) => ({ type: 'difference', ...difference })),
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

const sideColumns = (side: 'ours' | 'provider') => [
  `${side}_status`,
  `${side}_currency`,
  ...amountColumns(`${side}_amount`),
  ...instantColumns(`${side}_created_at`),
];

/**
 * One table for three kinds of row, each filling its own columns: `counts` (one per kind: the period,
 * when it was made, how many records fell in each class), `total` (one per currency and kind: the sums
 * of successes on each side, in `ours_amount` and `provider_amount`) and `difference` (one each).
 */
export const REPORT_COLUMNS = [
  'type',
  'period_from',
  'period_to',
  'kind',
  'class',
  'reference',
  'differs',
  'actions',
  'currency',
  'currency_exponent',
  ...sideColumns('ours'),
  'ours_flag',
  ...sideColumns('provider'),
  'matched',
  'mismatched',
  'provider_only',
  'ours_only',
  'not_sent',
  ...instantColumns('generated_at'),
] as const;

type Exponents = Readonly<Record<string, number>>;

function side(name: 'ours' | 'provider', entry: BookEntry | undefined, exponents: Exponents, zone: string) {
  const exponent = entry ? exponentOf(entry.currency, exponents) : null;
  const created = entry?.createdAt ? Date.parse(entry.createdAt) : null;
  return {
    [`${name}_status`]: entry?.status ?? null,
    [`${name}_currency`]: entry?.currency ?? null,
    ...amount(`${name}_amount`, entry?.amount, exponent),
    ...instant(`${name}_created_at`, created === null || Number.isNaN(created) ? null : created, zone),
  };
}

function countsRecord(kind: string, counts: ClassCounts): ExportRecord {
  return {
    kind,
    matched: counts.matched,
    mismatched: counts.mismatched,
    provider_only: counts.providerOnly,
    ours_only: counts.oursOnly,
    not_sent: counts.notSent,
  };
}

/** The report's rows for the CSV writer (server/exports/stream.ts). */
export function reportRecords(
  report: ReconciliationReport,
  exponents: Exponents,
  zone: string,
): ExportRecord[] {
  const period = { period_from: report.from, period_to: report.to };
  const generated = instant('generated_at', Date.parse(report.generatedAt), zone);
  const counts = Object.entries(report.counts).map(([kind, counts]) => ({
    type: 'counts',
    ...period,
    ...countsRecord(kind === 'payments' ? 'payment' : 'payout', counts),
    ...generated,
  }));
  const totals = report.totals.flatMap((total) =>
    (['payments', 'payouts'] as const).map((kind) => ({
      type: 'total',
      ...period,
      kind: kind === 'payments' ? 'payment' : 'payout',
      currency: total.currency,
      currency_exponent: total.exponent,
      ...amount('ours_amount', total[kind].ours, total.exponent),
      ...amount('provider_amount', total[kind].provider, total.exponent),
    })),
  );
  const differences = report.differences.map((difference) => ({
    type: 'difference',
    ...period,
    kind: difference.kind,
    class: difference.class,
    reference: difference.reference,
    // Words a spreadsheet keeps as one cell: `status amount`, `verify record`.
    differs: difference.differs.join(' '),
    actions: difference.actions.join(' '),
    ...side('ours', difference.ours, exponents, zone),
    ours_flag: difference.ours?.flag ?? null,
    ...side('provider', difference.provider, exponents, zone),
  }));
  return [...counts, ...totals, ...differences];
}

/** The download's file name: the period it covers. */
export const reportFileName = (report: Pick<ReconciliationReport, 'from' | 'to'>, format: 'csv' | 'jsonl') =>
  `reconciliation-${report.from}-to-${report.to}.${format}`;
