/**
 * One export measured alone in its own process (export-memory.ts starts it): `rows` payments seeded
 * into a SQLite file, then the payments CSV export read to its end through the same body the route
 * sends, one chunk at a time as a socket would take it. Prints `{idleRss, peakRss, rows, ms, bytes}`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PAYMENT_COLUMNS, paymentRecords } from '../../server/exports/payments.ts';
import { exportBody } from '../../server/exports/stream.ts';
import { createLogger } from '../../server/logger.ts';
import { openStore } from '../../server/store/database.ts';
import { seededPayment } from '../server/exports/seed.ts';

const rows = Number(process.argv[2] ?? 200_000);
const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
const store = await openStore({ dataDir: dir });
try {
  await store.db.transaction().execute(async (trx) => {
    for (let start = 0; start < rows; start += 200)
      await trx
        .insertInto('payments')
        .values(Array.from({ length: Math.min(200, rows - start) }, (_, i) => seededPayment(start + i)))
        .execute();
  });
  globalThis.gc?.();
  const idleRss = process.memoryUsage().rss;
  let peakRss = idleRss;
  const body = exportBody({
    format: 'csv',
    columns: PAYMENT_COLUMNS,
    pages: paymentRecords(store.db, {}, 'Africa/Lagos'),
    logger: createLogger('silent'),
    what: 'payments',
  });
  const started = performance.now();
  let bytes = 0;
  const reader = body.getReader();
  for (;;) {
    const chunk = await reader.read();
    if (chunk.done) break;
    bytes += chunk.value.byteLength;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  const ms = performance.now() - started;
  process.stdout.write(`${JSON.stringify({ idleRss, peakRss, rows, ms, bytes })}\n`);
} finally {
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
