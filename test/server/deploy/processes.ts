/**
 * The deployment shape on one machine, for the suites in this folder: the provider sandbox as its own
 * process (`server/sandbox/main.ts`), backends as real processes (`server/main.ts`) in PAY_MODE=remote,
 * a load balancer the test steers (which instance gets which request), and a merchant endpoint that
 * checks our signed notifications. Everything on 127.0.0.1; every process is stopped in `stopAll`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { freePort } from '../../free-port.ts';

export const CLIENT_ID = 'pk_deploy_test';
export const CLIENT_SECRET = 'sk_deploy_test_secret';
export const MERCHANT_KEY = 'mk_deploy_test_0123456789';
export const NOTIFICATION_SECRET = 'whsec_' + Buffer.from('deploy-test-notification-key').toString('base64');
export const SHOP = 'https://shop.test';
/** How long a process gets to print that it listens (tsx compiles on start; the machine may be busy). */
const START_TIMEOUT_MS = 60_000;

const children = new Set<ChildProcess>();
const scratch: string[] = [];
const servers: Server[] = [];

export interface Instance {
  url: string;
  process: ChildProcess;
  /** Everything the process wrote, for the failure message. */
  output(): string;
  /** SIGKILL: no shutdown, as in a crash or a lost machine. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, as an orchestrator stops an instance: resolves with the exit code once it is gone. */
  stop(): Promise<number | null>;
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

/** Starts `node --import tsx <entry>` and resolves with the URL it announces (`found` reads it from a line). */
function startProcess(
  entry: string,
  env: Record<string, string>,
  found: (line: string) => string | undefined,
): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => children.delete(child));
  return new Promise<Instance>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} did not start in time:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code} before listening:\n${output}`));
    });
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      for (const line of text.split('\n')) {
        const url = found(line);
        if (!url) continue;
        clearTimeout(timer);
        resolve({
          url,
          process: child,
          output: () => output,
          kill: async () => {
            child.kill('SIGKILL');
            await exited;
          },
          stop: () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
}

/** The provider sandbox alone on a free port, on its own SQLite file, settling outcomes without delay. */
export async function startSandboxProcess(): Promise<Instance> {
  const port = await freePort();
  return startProcess(
    'server/sandbox/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: tempDir('pay-deploy-sandbox-'),
      PAY_CLIENT_ID: CLIENT_ID,
      PAY_CLIENT_SECRET: CLIENT_SECRET,
      SANDBOX_OUTCOME_DELAY_MS: '0',
    },
    (line) => /^provider sandbox listening on (\S+)/.exec(line)?.[1],
  );
}

/**
 * A backend in remote mode against `sandboxUrl`; `env` adds or overrides settings (DATABASE_URL...).
 * Its URL is its own socket's, even when PUBLIC_URL names a balancer in front.
 */
export async function startBackendProcess(
  sandboxUrl: string,
  env: Record<string, string>,
): Promise<Instance> {
  const port = await freePort();
  return startProcess(
    'server/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PAY_MODE: 'remote',
      PAY_BASE_URL: sandboxUrl,
      PAY_CLIENT_ID: CLIENT_ID,
      PAY_CLIENT_SECRET: CLIENT_SECRET,
      MERCHANT_API_KEY: MERCHANT_KEY,
      ALLOWED_ORIGINS: SHOP,
      DATA_DIR: tempDir('pay-deploy-backend-'),
      LOG_LEVEL: 'info',
      ...env,
    },
    (line) => (line.includes('"msg":"pay-checkout listening"') ? `http://127.0.0.1:${port}` : undefined),
  );
}

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface Balancer {
  url: string;
  /** Picks the instance URL for a request by its path, or null to drop it (answered 502, as a dead upstream). */
  route: (path: string) => string | null;
  /** Every request passed on: path, the instance it went to (or null), the status answered (0: not yet). */
  readonly log: { path: string; target: string | null; status: number }[];
}

/** A reverse proxy in front of the instances, which the test steers through `route`. Streams pass through. */
export async function startBalancer(): Promise<Balancer> {
  const balancer: Balancer = { url: '', route: () => null, log: [] };
  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const target = balancer.route(path);
    const entry = { path, target, status: 0 }; // 0 until the instance answers
    balancer.log.push(entry);
    const refuse = () => {
      entry.status = 502;
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    };
    if (!target) return void incoming.resume().once('end', refuse);
    const upstream = httpRequest(
      `${target}${path}`,
      { method: incoming.method, headers: incoming.headers },
      (answer: IncomingMessage) => {
        entry.status = answer.statusCode ?? 502;
        outgoing.writeHead(entry.status, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.once('error', refuse);
    incoming.pipe(upstream);
  });
  balancer.url = await listen(server);
  return balancer;
}

export interface MerchantEndpoint {
  url: string;
  /** Verified notifications (`standardwebhooks`, as a merchant would check them), in arrival order. */
  readonly received: { id: string; type: string; data: Record<string, unknown> }[];
  /** Resolves with the first notification `match` accepts, once it has arrived. */
  waitFor(match: (n: { type: string; data: Record<string, unknown> }) => boolean): Promise<void>;
}

export async function startMerchantEndpoint(): Promise<MerchantEndpoint> {
  const webhook = new Webhook(NOTIFICATION_SECRET);
  const waiters: { match: (n: MerchantEndpoint['received'][number]) => boolean; resolve: () => void }[] = [];
  const endpoint: MerchantEndpoint = {
    url: '',
    received: [],
    waitFor: (match) =>
      endpoint.received.some(match)
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ match, resolve })),
  };
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const headers = Object.fromEntries(Object.entries(incoming.headers).map(([k, v]) => [k, String(v)]));
      let payload: { type: string; data: Record<string, unknown> };
      try {
        payload = webhook.verify(Buffer.concat(chunks).toString('utf8'), headers) as typeof payload;
      } catch {
        return void outgoing.writeHead(400).end();
      }
      const notification = { id: headers['webhook-id'] ?? '', type: payload.type, data: payload.data };
      endpoint.received.push(notification);
      for (const waiter of waiters.filter((w) => w.match(notification))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      outgoing.writeHead(204).end();
    });
  });
  endpoint.url = `${await listen(server)}/hooks`;
  return endpoint;
}

/** Kills every process this module started, closes its servers and deletes its scratch folders. */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...children].map((child) => {
      if (child.exitCode !== null || child.signalCode !== null) return undefined;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGKILL');
      return gone;
    }),
  );
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Polls `read` until `done` accepts its answer: for a state that has no event to wait on (a status in
 * another process). Bounded: fails with the last answer after `timeoutMs`.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface Answer {
  status: number;
  // Tests read whatever shape they expect; `any` keeps their assertions short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  headers: Headers;
}

/** One JSON request over the network (`body` is sent as JSON unless it is a string). */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null; // not JSON (a redirect, an empty answer): the test reads the status
  }
  return { status: response.status, json, headers: response.headers };
}

export const asMerchant = { authorization: `Bearer ${MERCHANT_KEY}` };

/** The payer's event stream, read as the widget does (fetch with the token header), event by event. */
export async function openStream(on: Instance, reference: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${on.url}/api/v1/payments/${reference}/events`, {
    headers: { 'Payment-Token': token },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  return {
    /** The next `payment` event's data. */
    async next(): Promise<{ status: string }> {
      for (;;) {
        const end = buffered.indexOf('\n\n');
        if (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.slice(5).trim())
            .join('\n');
          if (block.includes('event: payment') && data) return JSON.parse(data) as { status: string };
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the event stream ended before the expected event');
        buffered += value;
      }
    },
    /** Resolves once the server ends the stream (whatever events come before). */
    async ended(): Promise<void> {
      while (!(await reader.read()).done);
    },
    close: () => controller.abort(),
  };
}
