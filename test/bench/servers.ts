/**
 * The two servers the bench compares, both on 127.0.0.1 with an ephemeral port, both through the same
 * @hono/node-server `serve()` as production, so a ratio between them isolates the cost of our own code.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import SqliteDatabase from 'better-sqlite3';
import { Hono } from 'hono';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts';
import { freePort } from '../free-port.ts';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export const BENCH_CLIENT_ID = 'pk_bench';
export const BENCH_CLIENT_SECRET = 'sk_bench_secret_0123';

type FetchHandler = (request: Request, env?: unknown) => Response | Promise<Response>;

async function listen(fetch: FetchHandler): Promise<{ url: string; stop(): Promise<void> }> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('server did not bind a TCP port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    // closeAllConnections: keep-alive sockets left by the load generator would otherwise hold close().
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

/** The baseline: the cheapest route Hono can answer. */
export async function startBare(): Promise<Running> {
  const app = new Hono().get('/ping', (c) => c.json({ ok: true }));
  const { url, stop } = await listen(app.fetch);
  return { url, close: stop };
}

/** `/proc/<pid>/status` fields in bytes: VmRSS (now) and VmHWM (the kernel's own peak). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** User + system CPU of a process so far, in ms (`/proc/<pid>/stat` fields 14 and 15, in clock ticks). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // the name may hold spaces
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux we run on

export interface Backend extends Running {
  pid: number;
  cpuMs(): number;
  memory(): { rss: number; peak: number };
  /** Payments by status in the backend's database, read beside it (SQLite allows a second reader). */
  paymentStatuses(): Record<string, number>;
  /**
   * Resolves once the backend is idle: under 5% of a core over a quarter second. After a load run it still
   * works off what the run left due (the sandbox's outcomes and their webhooks to us); a run started
   * before that ends measures the route against that work. Answers the ms waited, `limitMs` at most.
   */
  idle(limitMs?: number): Promise<number>;
}

const IDLE_WINDOW_MS = 250;
const IDLE_SHARE = 0.05;

/** The backend's error and fatal lines (pino levels 50 and 60), on the bench's stderr: a quiet failure would skew its figures. */
function reportLoggedErrors(logPath: string) {
  const lines = existsSync(logPath) ? readFileSync(logPath, 'utf8').split('\n') : [];
  const errors = lines.filter((line) => /^\{"level":(50|60),/.test(line));
  if (errors.length === 0) return;
  console.error(`backend logged ${errors.length} error line(s); the first: ${errors.slice(0, 3).join('\n')}`);
}

async function idleOf(pid: number, limitMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = cpuMsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_WINDOW_MS));
    const waited = performance.now() - started;
    if (cpuMsOf(pid) - before < IDLE_WINDOW_MS * IDLE_SHARE || waited >= limitMs) return waited;
  }
}

/**
 * The backend exactly as `npm start` runs it: `node server/dist/main.js` (the bundle `npm run build`
 * writes), in its own process, embedded mode, on a fresh SQLite file, logging at its default level (info:
 * an access line per request, as in production) to a file beside it, with instant sandbox outcomes and
 * rate limits off (`env` adds or overrides settings). Its own process, so its memory and CPU are read from /proc alone: the
 * harness and the baseline server are not counted against the budget. `allowedOrigins` adds pages of other
 * origins that may call its API (a merchant's storefront).
 */
export async function startBackend(
  options: { allowedOrigins?: string[]; env?: Record<string, string> } = {},
): Promise<Backend> {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` there first`);
  const dataDir = await mkdtemp(join(tmpdir(), 'pay-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BACKEND_NODE_ARGS: extra Node flags for the backend alone, e.g. `--cpu-prof` to profile it.
  const nodeArgs = (process.env.BACKEND_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const logPath = join(dataDir, 'backend.log');
  const logFile = openSync(logPath, 'a');
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...nodeArgs, BUNDLE], {
    cwd: BACKEND_CHECKOUT, // the backend reads its widget files relative to its checkout
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PAY_MODE: 'embedded',
      PAY_CLIENT_ID: BENCH_CLIENT_ID,
      PAY_CLIENT_SECRET: BENCH_CLIENT_SECRET,
      SANDBOX_OUTCOME_DELAY_MS: '0',
      RATE_LIMITS: 'off', // payments are measured with limits lifted
      ...(options.allowedOrigins && { ALLOWED_ORIGINS: [url, ...options.allowedOrigins].join(',') }),
      ...options.env,
    },
    // Its log lines (fd 1) into a file: the production path writes them, the bench's output shows none.
    stdio: ['ignore', logFile, 'inherit'],
  });
  closeSync(logFile);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cleanUp = async () => {
    if (child.exitCode === null) child.kill('SIGTERM'); // main.ts shuts down gracefully on SIGTERM
    await exited;
    reportLoggedErrors(logPath);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, exited);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const pid = child.pid ?? 0;
  const paymentStatuses = () => {
    const db = new SqliteDatabase(join(dataDir, 'pay-checkout.sqlite'), { readonly: true });
    try {
      const rows = db.prepare('select status, count(*) as count from payments group by status').all() as {
        status: string;
        count: number;
      }[];
      return Object.fromEntries(rows.map((row) => [row.status, row.count]));
    } finally {
      db.close();
    }
  };
  return {
    url,
    pid,
    cpuMs: () => cpuMsOf(pid),
    memory: () => memoryOf(pid),
    paymentStatuses,
    idle: (limitMs) => idleOf(pid, limitMs),
    close: cleanUp,
  };
}

/**
 * The backend's bundle: this checkout's, or with BENCH_BACKEND=<another checkout> that one's, built there
 * (`npm run build`) and run with its own dependencies. That is how a change is judged: the commit before
 * it runs against this run's bare Hono route, so both sides are divided by the same program. (The bench
 * of the commit before would measure its bare route on that commit's dependencies: @hono/node-server
 * 1.19 answers the bare route about 15% slower than 2.1, which alone moves every ratio by as much.)
 */
export const BACKEND_CHECKOUT = process.env.BENCH_BACKEND ? resolve(process.env.BENCH_BACKEND) : undefined;
const BUNDLE = BACKEND_CHECKOUT
  ? join(BACKEND_CHECKOUT, 'server/dist/main.js')
  : fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/** Polls /healthz until it answers 200; fails fast if the process exits, and after 30 s. */
async function waitForHealth(url: string, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (gone) throw new Error('the backend exited during start-up (its output is above)');
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the backend did not answer /healthz within 30 s');
}
