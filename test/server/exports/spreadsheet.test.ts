/**
 * What an accountant's spreadsheet makes of an export: the payments CSV is opened by LibreOffice itself
 * (headless, its CSV filter with "Detect special numbers" on, as its import dialog offers) and saved as
 * flat OpenDocument, whose XML says each cell's type. Each `*_local_datetime` column must arrive as a
 * date-time holding the merchant's wall clock, so it sorts and subtracts; the ISO 8601 columns stay text,
 * which is why that column exists.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PAYMENT_COLUMNS } from '../../../server/exports/payments.ts';
import { type AppFixture, startApp } from '../app-fixture.ts';
import { MERCHANT } from '../hostile/helpers.ts';
import { NOV_1, seededPayment, seedPayments } from './seed.ts';

interface Cell {
  type: string;
  /** `office:date-value` for a date, `office:value` for a number, the text otherwise. */
  value: string;
}

const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1];

/** The rows of the first sheet of a flat ODS file, each cell with its type, repeats expanded. */
function sheetRows(fods: string): Cell[][] {
  const rows: Cell[][] = [];
  for (const [, row] of fods.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)) {
    const cells: Cell[] = [];
    const cellPattern = /<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g;
    for (const [, tag = '', body = ''] of row!.matchAll(cellPattern)) {
      const type = attribute(tag, 'office:value-type') ?? 'empty';
      const text = [...body.matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)].map((p) => p[1]).join('\n');
      const value = attribute(tag, 'office:date-value') ?? attribute(tag, 'office:value') ?? text;
      const repeated = Number(attribute(tag, 'table:number-columns-repeated') ?? 1);
      for (let i = 0; i < Math.min(repeated, PAYMENT_COLUMNS.length); i++) cells.push({ type, value });
    }
    rows.push(cells);
  }
  return rows;
}

/** LibreOffice's CSV import options: comma, double quote, UTF-8, from line 1, US English, special numbers. */
const CSV_IMPORT = 'CSV:44,34,76,1,,1033,false,true,true,false,false';

function openInLibreOffice(csv: Uint8Array, folder: string): Cell[][] {
  const file = join(folder, 'payments.csv');
  writeFileSync(file, csv);
  const run = spawnSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      // A profile of its own: a desktop LibreOffice, or another run, cannot lock this one out.
      `-env:UserInstallation=file://${join(folder, 'profile')}`,
      `--infilter=${CSV_IMPORT}`,
      '--convert-to',
      'fods',
      '--outdir',
      folder,
      file,
    ],
    { encoding: 'utf8', timeout: 90_000 },
  );
  expect(run.error, run.stderr).toBeUndefined();
  return sheetRows(readFileSync(join(folder, 'payments.fods'), 'utf8'));
}

let t: AppFixture;
let folder: string;
beforeAll(async () => {
  t = await startApp({ env: { MERCHANT_TIME_ZONE: 'Africa/Nairobi' } });
  folder = mkdtempSync(join(tmpdir(), 'export-sheet-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

it('LibreOffice reads each local date-time column as a date in the merchant zone', async () => {
  // 2026-11-01 00:00 UTC plus 1.5 s: 03:00:01 in Nairobi (UTC+3), a cell that cuts the milliseconds.
  await seedPayments(t.store.db, [
    seededPayment(0, { created_at: NOV_1 + 1_500, paid_at: NOV_1 + 61_999 }),
    seededPayment(1, { created_at: NOV_1 + 22 * 3_600_000, paid_at: null }),
  ]);
  const response = await t.app.request('/api/v1/payments/export', { headers: MERCHANT });
  expect(response.status).toBe(200);

  const [header, ...rows] = openInLibreOffice(new Uint8Array(await response.arrayBuffer()), folder);
  const column = (name: string) => header!.findIndex((cell) => cell.value === name);
  const cellsOf = (name: string) => rows.map((row) => row[column(name)]);

  expect(cellsOf('created_at_local_datetime')).toEqual([
    { type: 'date', value: '2026-11-01T03:00:01' },
    // 22:00 UTC is the next day in Nairobi.
    { type: 'date', value: '2026-11-02T01:00:00' },
  ]);
  expect(cellsOf('paid_at_local_datetime')).toEqual([
    { type: 'date', value: '2026-11-01T03:01:01' },
    { type: 'empty', value: '' },
  ]);
  // What the column is for: the exact ISO forms are text to a spreadsheet.
  expect(cellsOf('created_at_local').map((cell) => cell?.type)).toEqual(['string', 'string']);
  expect(cellsOf('created_at_utc').map((cell) => cell?.type)).toEqual(['string', 'string']);
  expect(cellsOf('amount_minor').map((cell) => cell?.type)).toEqual(['float', 'float']);
}, 120_000);
