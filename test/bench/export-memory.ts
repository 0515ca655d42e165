/**
 * The payments export's memory and speed: export-child.ts in a process of its own, run with the flags
 * `npm start` gives the server (node-flags), so its RSS is the export's and the production heap's.
 * Budget: the peak stays within 30 MB of the idle process while 200,000 rows stream out.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 200_000);
export const EXPORT_BUDGET_MB = 30;

export interface ExportMemory {
  idleRss: number;
  peakRss: number;
  rows: number;
  ms: number;
  bytes: number;
}

export function measureExportMemory(rows = EXPORT_ROWS): Promise<ExportMemory> {
  const child = fileURLToPath(new URL('./export-child.ts', import.meta.url));
  const flags = ['--max-semi-space-size=4', '--heap-growing-percent=50', '--expose-gc'];
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', ...flags, child, String(rows)],
      { maxBuffer: 1 << 20, timeout: 15 * 60_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout.trim()) as ExportMemory)),
    );
  });
}

export function exportMemoryLine(m: ExportMemory): string {
  const over = (m.peakRss - m.idleRss) / 2 ** 20;
  const rate = Math.round(m.rows / (m.ms / 1000));
  const verdict = over <= EXPORT_BUDGET_MB ? 'within' : 'OVER';
  return `payments CSV export of ${m.rows} rows: peak RSS ${over.toFixed(1)} MB over idle (${verdict} the ${EXPORT_BUDGET_MB} MB budget), ${rate} rows/s, ${(m.bytes / 2 ** 20).toFixed(1)} MB written`;
}
