/**
 * WAL checkpoints off the event loop. A checkpoint copies the WAL back into the database file and syncs
 * both; run inside a commit (SQLite's automatic checkpoint) it stalled every request in flight for
 * 15 to 40 ms about every hundred payments, and its fsyncs were most of the cost of a commit. Here a worker
 * thread with its own connection to the same file runs PASSIVE checkpoints on a short period: they never
 * wait for, nor block, the main connection's readers and writers. The main connection keeps a high
 * automatic threshold as a backstop, should the worker ever fall behind or die.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Plain CommonJS run by the worker (eval), so it works the same from TypeScript sources and the bundle. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
}, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker after its current checkpoint; the connection it holds is closed. */
  stop(): Promise<void>;
}

export function startCheckpointer(
  file: string,
  options: { everyMs?: number; onError?: (message: string) => void } = {},
): Checkpointer {
  // Resolved here, where the package is known to be installed, so the worker need not find it itself.
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: options.everyMs ?? 200 },
  });
  worker.unref(); // never the reason the process stays alive
  worker.on('message', (message: { error?: string }) => {
    if (message.error) options.onError?.(message.error);
  });
  worker.on('error', (error) => options.onError?.(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      worker.postMessage('stop');
      await exited;
    },
  };
}
