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
// Loading satori, resvg and the fonts, and the first layout (satori's WebAssembly starts then), take a
// second or more on a busy machine: done before the thread says it is ready, so a card's deadline
// measures its drawing alone.
draw({ tree: { type: 'div', props: { style: { display: 'flex' }, children: '.' } }, width: 8, height: 8 })
  .catch(() => {})
  .then(() => parentPort.postMessage({ ready: true }));
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

/**
 * How long one card may take. A plain card takes well under 100 ms, once the thread is up about a
 * second at most; an SVG logo built to be slow (nested <use>, filters) took over 5 s and held up every card
 * behind it. Past this, the thread is ended and a new one draws the card without its logo.
 */
export const DRAW_DEADLINE_MS = 2000;

/**
 * How long a new thread may take to be ready (modules, fonts, the first layout): about a second here,
 * 3 s and more on a loaded machine, when a deadline that counted it failed the first card of the day with
 * its whole thread. A thread that is not ready by then is ended and the card tried again in a new one.
 */
export const START_DEADLINE_MS = 30_000;

/**
 * The thread's heap: a card needs a few tens of MB; a logo that would take more ends the thread (and is
 * drawn without) rather than the server. resvg's own (native) memory is not counted here.
 */
const RESOURCE_LIMITS = { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 };

/** What this file needs of a worker thread; tests pass a fake one. */
export interface CardThread {
  postMessage(message: { id: number; card: CardLayout; fallback: CardLayout }): void;
  on(
    event: 'message',
    listener: (message: { ready?: true; id?: number; png?: Uint8Array; error?: string }) => void,
  ): unknown;
  on(event: 'exit', listener: () => void): unknown;
  terminate(): unknown;
}

export interface CardThreadOptions {
  spawn: () => CardThread;
  /** How long a new thread may take to say it is ready. */
  startMs: number;
  /** How long a card may take once its thread is ready. */
  deadlineMs: number;
  idleMs: number;
  /** Calls `fire` once `ms` have passed; answers how to cancel it. Tests pass their own clock. */
  schedule: (fire: () => void, ms: number) => () => void;
}

interface Job {
  card: CardLayout;
  fallback: CardLayout;
  /** Already the card without its logo, after the first try ran out of time or memory. */
  retried: boolean;
  resolve: (png: Uint8Array) => void;
  reject: (error: Error) => void;
}

/**
 * Draws cards in one thread, one at a time in the order asked. A card past its deadline (or one that
 * ends the thread) does not hold up the ones after it: the thread is ended, a new one started, and the card
 * is drawn again without its logo; should that fail too, that card's request fails alone.
 */
export function cardThreadDrawer(options: CardThreadOptions) {
  const queue: Job[] = [];
  let thread: CardThread | undefined;
  let threadReady = false;
  let current: { id: number; job: Job; cancel: () => void } | undefined;
  let nextId = 0;
  let cancelIdle = () => {};

  function armIdle() {
    cancelIdle();
    cancelIdle = options.schedule(() => {
      if (!current && queue.length === 0) end();
    }, options.idleMs);
  }

  function end() {
    const ended = thread;
    thread = undefined;
    threadReady = false;
    void ended?.terminate();
  }

  /** The card in hand could not be drawn in this thread: again without its logo, else its request fails. */
  function giveUp(error: Error) {
    const { job, cancel } = current!;
    cancel();
    current = undefined;
    end();
    if (job.retried) job.reject(error);
    else queue.unshift({ ...job, card: job.fallback, retried: true });
    next();
  }

  function start(): CardThread {
    const started = options.spawn();
    started.on('message', ({ ready, id, png, error }) => {
      if (started !== thread) return;
      if (ready) {
        threadReady = true;
        // The card in hand waited for the thread: its own time starts now.
        if (current) armDeadline(current);
        return;
      }
      if (!current || current.id !== id) return;
      const { job, cancel } = current;
      cancel();
      current = undefined;
      if (png) job.resolve(png);
      else job.reject(new Error(error ?? 'the card could not be drawn'));
      next();
    });
    started.on('exit', () => {
      if (started !== thread) return; // ended on purpose
      thread = undefined;
      threadReady = false;
      if (current) giveUp(new Error('the card thread exited'));
    });
    return started;
  }

  function next() {
    armIdle();
    const job = current ? undefined : queue.shift();
    if (!job) return;
    thread ??= start();
    const id = nextId++;
    current = { id, job, cancel: () => {} };
    armDeadline(current);
    thread.postMessage({ id, card: job.card, fallback: job.fallback });
  }

  /** The card's deadline: the thread's start first if it is not ready yet, then the drawing's. */
  function armDeadline(card: NonNullable<typeof current>) {
    card.cancel();
    const [ms, what] = threadReady
      ? [options.deadlineMs, 'the card took over']
      : [options.startMs, 'the card thread was not ready within'];
    card.cancel = options.schedule(() => {
      if (current === card) giveUp(new Error(`${what} ${ms} ms`));
    }, ms);
  }

  /** Draws `card` (or `fallback`, the same card without its logo, when `card` fails) in the thread. */
  return (card: CardLayout, fallback: CardLayout): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      queue.push({ card, fallback, retried: false, resolve, reject });
      next();
    });
}

function spawnWorker(): CardThread {
  const worker = new Worker(WORKER_CODE, {
    eval: true,
    workerData: workerData(),
    resourceLimits: RESOURCE_LIMITS,
  });
  worker.unref(); // a card being drawn never keeps the process from exiting
  worker.on('error', () => {}); // followed by 'exit', where the card in hand is handled
  return worker;
}

/** The server's card thread. */
export const drawInWorker = cardThreadDrawer({
  spawn: spawnWorker,
  startMs: START_DEADLINE_MS,
  deadlineMs: DRAW_DEADLINE_MS,
  idleMs: IDLE_MS,
  schedule: (fire, ms) => {
    const timer = setTimeout(fire, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
});
