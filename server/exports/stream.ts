/**
 * An export's body: records turned into CSV or JSON Lines as the client reads them. The body is a web
 * ReadableStream whose `pull` asks the source for one more page only when the previous chunk was taken
 * (the Node server waits for the socket to drain before reading again), so a slow client holds one page
 * in memory, never the table, and the header leaves before the first database read.
 */
import type { ExportFormat } from '../http/dated-list.ts';
import type { Logger } from '../logger.ts';

/** One value of a record: JSON Lines keeps its type; CSV writes it as text (an object as JSON). */
type Cell = string | number | boolean | null | Record<string, unknown>;
export type ExportRecord = Record<string, Cell>;

/** Excel reads a CSV as the machine's legacy code page unless it starts with the UTF-8 byte order mark. */
const BOM = '\uFEFF';

export const MEDIA_TYPES = {
  csv: 'text/csv; charset=utf-8; header=present',
  jsonl: 'application/x-ndjson; charset=utf-8',
} as const satisfies Record<ExportFormat, string>;

function csvCell(value: Cell | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

/**
 * RFC 4180 lines (CRLF, quotes doubled) through csv-stringify. `escape_formulas` is OWASP's rule
 * against formula injection: a text cell starting with `=`, `+`, `-`, `@`, a tab or a CR (or their
 * full-width forms) gets a leading `'`, so a spreadsheet shows it as text instead of running it. Amounts
 * are passed as numbers (minor units) or as decimal text that never starts with one of those: ours are
 * never negative, and a negative one would be quoted as text rather than run.
 */
const CSV_OPTIONS = { escape_formulas: true, record_delimiter: '\r\n', eof: true } as const;

/**
 * csv-stringify is loaded by the first CSV export, not at start: exports are rare, and a module loaded at
 * start is resident for the process's life. `npm run bench` measures the backend's RSS (its `peak RSS
 * under load` line).
 */
type Stringify = typeof import('csv-stringify/sync').stringify;
const loadStringify = () => import('csv-stringify/sync').then((module) => module.stringify);

const csvLines = (stringify: Stringify, columns: readonly string[], records: readonly ExportRecord[]) =>
  stringify(
    records.map((record) => columns.map((column) => csvCell(record[column]))),
    CSV_OPTIONS,
  );

const jsonLines = (columns: readonly string[], records: readonly ExportRecord[]) =>
  records
    .map((record) => `${JSON.stringify(Object.fromEntries(columns.map((c) => [c, record[c] ?? null])))}\n`)
    .join('');

export interface ExportSource {
  format: ExportFormat;
  /** The columns, in order: the CSV header, and the keys of each JSON line. */
  columns: readonly string[];
  /** Pages of records, read one at a time as the client takes them. */
  pages: AsyncIterator<ExportRecord[]>;
  logger: Logger;
  /** Named in the log when the export fails half-way. */
  what: string;
}

/**
 * The body of an export. A failure after the first bytes cannot change the status any more: the stream
 * is errored, so the client sees the transfer break (no final chunk) rather than a file that looks whole.
 */
export function exportBody(source: ExportSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const { format, columns, pages } = source;
  let write = jsonLines;
  return new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        if (format !== 'csv') return;
        const stringify = await loadStringify();
        write = (columns, records) => csvLines(stringify, columns, records);
        controller.enqueue(encoder.encode(BOM + stringify([[...columns]], CSV_OPTIONS)));
      },
      async pull(controller) {
        try {
          const next = await pages.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(write(columns, next.value)));
        } catch (error) {
          source.logger.error({ err: error, export: source.what }, 'export failed after it started');
          controller.error(error);
        }
      },
      async cancel() {
        // The client went away: end the walk so no further page is read.
        await pages.return?.();
      },
    },
    // One chunk (a page) ahead at most.
    { highWaterMark: 1 },
  );
}
