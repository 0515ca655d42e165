/**
 * The thread that draws preview cards: satori (its layout engine is WebAssembly), resvg's native binding
 * and the fonts live there, not in the server's own thread. It starts with the first card and exits
 * after a minute without one, handing most of that memory back (docs/performance.md), and a card's CPU
 * does not hold up the server's other requests.
 *
 * Its code is a plain CommonJS text run with `eval`, so it is the same under tsx and in the bundled
 * server; the modules it loads are resolved here, from this server's node_modules.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How long the thread stays after its last card. */
const IDLE_MS = 60_000;

/** Each Noto Sans subset under a family name of its own: satori looks a missing glyph up family by family. */
export const FONT_SUBSETS = {
  latin: 'Noto Sans',
  'latin-ext': 'Noto Sans Ext',
  vietnamese: 'Noto Sans Viet',
} as const;
const WEIGHTS = [400, 700] as const;

const WORKER_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const satori = require(workerData.satori).default;
const { Resvg } = require(workerData.resvg);
const fonts = workerData.fonts.map((font) => ({ ...font, data: readFileSync(font.path) }));
const draw = async ({ tree, width, height }) => {
  const svg = await satori(tree, { width, height, fonts });
  return new Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
};
parentPort.on('message', async ({ id, card, fallback }) => {
  let png;
  try {
    png = await draw(card);
  } catch {
    // A logo that cannot be decoded: the card without it.
    try {
      png = await draw(fallback);
    } catch (error) {
      parentPort.postMessage({ id, error: String(error) });
      return;
    }
  }
  const bytes = new Uint8Array(png);
  parentPort.postMessage({ id, png: bytes }, [bytes.buffer]);
});
`;

export interface CardLayout {
  tree: unknown;
  width: number;
  height: number;
}

interface Pending {
  resolve: (png: Uint8Array) => void;
  reject: (error: Error) => void;
}

function workerData() {
  const require = createRequire(import.meta.url);
  return {
    satori: require.resolve('satori'),
    resvg: require.resolve('@resvg/resvg-js'),
    fonts: Object.entries(FONT_SUBSETS).flatMap(([subset, name]) =>
      WEIGHTS.map((weight) => ({
        name,
        weight,
        style: 'normal',
        path: require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`),
      })),
    ),
  };
}

let worker: Worker | undefined;
/** Ends the thread once a minute has passed with no card asked for or answered. */
function armIdle() {
  clearTimeout(idle);
  idle = setTimeout(() => {
    if (pending.size === 0) void worker?.terminate();
  }, IDLE_MS);
  idle.unref();
}

let idle: NodeJS.Timeout | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
}

function startWorker(): Worker {
  const started = new Worker(WORKER_CODE, { eval: true, workerData: workerData() });
  started.unref(); // a card being drawn never keeps the process from exiting
  started.on('message', (message: { id: number; png?: Uint8Array; error?: string }) => {
    armIdle();
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.png) waiting?.resolve(message.png);
    else waiting?.reject(new Error(message.error ?? 'the card could not be drawn'));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    failAll(new Error('the card thread exited'));
  });
  return started;
}

/** Draws `card` (or `fallback`, the same card without its logo, when `card` fails) in the thread. */
export function drawInWorker(card: CardLayout, fallback: CardLayout): Promise<Uint8Array> {
  worker ??= startWorker();
  const id = nextId++;
  const answer = new Promise<Uint8Array>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ id, card, fallback });
  armIdle();
  return answer;
}
