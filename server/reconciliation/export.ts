/**
 * The report as JSON Lines (one JSON value a line, `\n` after each), for machines and for keeping: a
 * `summary` line (period, counts), one `total` line per currency, then one `difference` line each. JSON
 * escapes every control character, so a reference or status can never break a line.
 */
import type { ReconciliationReport } from './report.ts';

export function reportLines(report: ReconciliationReport): string {
  const { differences, totals, ...summary } = report;
  const lines = [
    { type: 'summary', ...summary },
    ...totals.map((total) => ({ type: 'total', ...total })),
    ...differences.map((difference) => ({ type: 'difference', ...difference })),
  ];
  return lines.map((line) => `${JSON.stringify(line)}\n`).join('');
}

/** The download's file name: the period it covers. */
export const reportFileName = (report: Pick<ReconciliationReport, 'from' | 'to'>) =>
  `reconciliation-${report.from}-to-${report.to}.jsonl`;
