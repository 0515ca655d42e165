/**
 * A closed-loop HTTP load generator: `connections` loops, each sending its next request only after the
 * previous answer arrived (like wrk), so the rate measured is what the server sustains, not what we offer.
 *
 * Connections are raw keep-alive sockets (http1.ts), not fetch or node:http: `undici` is not installed
 * as a package, Node's global fetch cannot take an http.Agent, and both cost the client far more CPU per
 * request, CPU the server under test then lacks on a 2-core machine.
 *
 * Only loopback targets are accepted, and every loop stops at a deadline or a request count, whichever
 * comes first, so a run can never go on indefinitely.
 */
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { Http1Connection } from './http1.ts';

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** A body per request (e.g. a unique reference); `i` counts from 0 across all connections. */
  bodyFor?: (i: number) => string;
  /** Headers that change per request (an Idempotency-Key, a signature over the body). */
  headersFor?: (i: number, body: string | undefined) => Record<string, string>;
  connections: number;
  durationMs: number;
  /** Hard cap on requests sent, warm-up included; also the size of the preallocated latency array. */
  maxRequests: number;
  /** Requests sent during the warm-up are answered but not counted (JIT, caches, connection set-up). */
  warmupMs?: number;
  /** A request taking longer than this counts as an error, so one stuck request cannot stall a loop. */
  requestTimeoutMs?: number;
}

export interface LoadResult {
  /** Requests answered (any status) after the warm-up. */
  requests: number;
  /** Transport failures and timeouts after the warm-up. */
  errors: number;
  non2xx: number;
  /** 2xx answers per second: an error storm must not look like speed. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU the generator itself used, in cores: near 1 means the client, not the server, was the limit. */
  clientCpu: number;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

const headerLines = (headers: Record<string, string>) =>
  Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  if (!LOOPBACK.has(target.hostname)) throw new Error(`runLoad: refusing non-loopback target ${target.hostname}`);
  const { connections, durationMs, maxRequests } = options;
  const warmupMs = options.warmupMs ?? 0;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const method = options.method ?? 'GET';

  const headerText = headerLines({ host: target.host, ...options.headers });
  const latencies = new Float64Array(maxRequests); // only measured samples are written, in order
  let sent = 0;
  let measured = 0;
  let ok = 0;
  let errors = 0;
  let non2xx = 0;
  let cpuAtStart = process.cpuUsage();

  const start = performance.now();
  const measureFrom = start + warmupMs;
  const deadline = measureFrom + durationMs;

  // One connection per loop, kept alive: connection set-up is not what we measure.
  const loop = async () => {
    const connection = new Http1Connection(target, method, headerText, timeoutMs);
    try {
      while (sent < maxRequests) {
        const begun = performance.now();
        if (begun >= deadline) return;
        const i = sent++;
        const body = options.bodyFor ? options.bodyFor(i) : options.body;
        const status = await connection.send(body, options.headersFor ? headerLines(options.headersFor(i, body)) : '');
        if (status < 0) await sleep(10); // a refused or dropped connection must not become a hot loop
        if (begun < measureFrom) continue; // warm-up
        if (status < 0) {
          errors += 1;
          continue;
        }
        latencies[measured++] = performance.now() - begun;
        if (status >= 200 && status < 300) ok += 1;
        else non2xx += 1;
      }
    } finally {
      connection.close();
    }
  };
  const warmupOver = setTimeout(() => (cpuAtStart = process.cpuUsage()), warmupMs);
  await Promise.all(Array.from({ length: connections }, loop));
  clearTimeout(warmupOver);
  const elapsedMs = Math.max(performance.now() - measureFrom, 1);
  const cpu = process.cpuUsage(cpuAtStart);

  const sorted = latencies.subarray(0, measured).sort();
  const pick = (q: number) => (measured ? (sorted[Math.min(measured - 1, Math.floor(q * measured))] ?? 0) : 0);
  return {
    requests: measured,
    errors,
    non2xx,
    rps: (ok * 1000) / elapsedMs,
    p50: pick(0.5),
    p99: pick(0.99),
    max: measured ? (sorted[measured - 1] ?? 0) : 0,
    clientCpu: (cpu.user + cpu.system) / 1000 / elapsedMs,
  };
}

/**
 * What can cross a process boundary: functions cannot, so `{i}` (the request number; `{i6}`: its last six
 * digits, zero-padded, for a phone number) in `bodyTemplate` and in header values stands for them, and `sign` adds a hex HMAC of each body (signed webhooks).
 */
export type ChildLoadOptions = Omit<LoadOptions, 'bodyFor' | 'headersFor'> & {
  bodyTemplate?: string;
  sign?: { header: string; algorithm: string; secret: string };
};

/**
 * Runs `runLoad` in a child Node process. The generator then uses the second core instead of competing
 * with the server for its one JavaScript thread (which would flatter slow routes, since the client's fixed
 * cost per request compresses every ratio towards 1), and the parent's RSS stays the server's own.
 */
export async function runLoadInChild(options: ChildLoadOptions): Promise<LoadResult> {
  const child = fork(new URL('./load-child.ts', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // The child bounds itself; this guard only covers a child that hangs or dies silently.
  const limitMs = (options.warmupMs ?? 0) + options.durationMs + 30_000;
  return new Promise<LoadResult>((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill();
      reject(new Error(`load child exceeded ${limitMs} ms`));
    }, limitMs);
    child.once('message', (message) => {
      clearTimeout(guard);
      const reply = message as { result?: LoadResult; error?: string };
      if (reply.result) resolve(reply.result);
      else reject(new Error(`load child failed: ${reply.error ?? 'no result'}`));
    });
    child.once('exit', (code) => {
      clearTimeout(guard);
      reject(new Error(`load child exited with code ${code} before answering`)); // no-op once resolved
    });
    child.send(options);
  });
}
