/**
 * A server whose log reader is gone still exits after SIGTERM. An orchestrator or a script pipes our
 * stdout, stops reading (its collector restarts, the script ends): the pipe fills, log lines queue in
 * the logger, and at exit pino flushes them synchronously. With sonic-boom 4.2 that flush retried every
 * write error, EPIPE included, with a sleep, forever: the process had closed its database and listener
 * and then never exited (65 minutes once), and a second SIGTERM did nothing.
 *
 * The test runs the real server, fills its stdout pipe by not reading it, sends SIGTERM, waits until
 * the process is retrying that pipe from its exit, then destroys the reader. The process must
 * exit; the test's own timeout is the only bound. Linux: where the process waits is read from /proc.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { DEMO_MERCHANT_API_KEY } from '../../../server/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pay-exit-'));
let child: ChildProcess | undefined;
afterAll(() => {
  if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The kernel function the process's main thread sleeps in ('' once it is gone). */
function mainThreadWait(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/wchan`, 'utf8');
  } catch {
    return '';
  }
}

/** Whether a connection to `url` is refused: the server's listener has closed. */
function refused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => resolve(false)).once('error', () => resolve(true));
    socket.once('connect', () => socket.destroy());
  });
}

/** Resolves once `condition` holds, looking again on each turn of the event loop (no timer). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

/** A GET whose path is logged by the access log; answers once the response has ended. */
function get(url: string, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    request(`${url}${path}`, { agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject).end();
  });
}

it.runIf(process.platform === 'linux')(
  'exits after SIGTERM when its stdout reader is gone with log lines still queued',
  { timeout: 120_000 },
  async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    const pid = started.pid as number;
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    let stderr = '';
    started.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

    let output = '';
    const stdout = started.stdout as NonNullable<ChildProcess['stdout']>;
    const url = await new Promise<string>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        const found = /"url":"([^"]+)".*"msg":"pay-checkout listening"/.exec(output)?.[1];
        if (found) {
          stdout.off('data', onData);
          resolve(found);
        }
      };
      stdout.on('data', onData);
      void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${stderr}`)));
    });

    // Nobody reads stdout any more: 150 access-log lines of 8 kB (1.2 MB) fill the pipe (64 kB) and
    // what this side buffers before it stops reading, then queue in the logger.
    stdout.pause();
    const longPath = `/${'x'.repeat(8000)}`;
    for (let i = 0; i < 150; i++) await get(url, longPath);

    started.kill('SIGTERM');
    let gone = false;
    void exited.then(() => (gone = true));
    // The shutdown has closed the listener, then the exit's flush retries the full pipe: its main thread
    // sleeps between tries instead of waiting on its event loop.
    while (!gone && !(await refused(url))) await new Promise((resolve) => setImmediate(resolve));
    await until(() => gone || !/epoll/.test(mainThreadWait(pid)));
    // The reader goes: every write now fails with EPIPE.
    stdout.destroy();

    const code = await exited;
    expect(code).not.toBeNull();
  },
);

it('exits 1 at SHUTDOWN_DEADLINE_MS when a request never ends, naming what was still open', { timeout: 120_000 }, async () => {
  const started = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: process.cwd(),
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      SHUTDOWN_DEADLINE_MS: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = started;
  const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
  let output = '';
  started.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  await until(() => output.includes('pay-checkout listening'));
  const url = /"url":"([^"]+)"/.exec(output)?.[1] ?? '';

  // A body that never ends, on a route that reads it: the request stays in flight, so the listener's
  // close never completes. Node's 100 Continue says the server has the request before the body starts.
  const endless = request(`${url}/api/v1/sessions`, {
    method: 'POST',
    agent: false,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${DEMO_MERCHANT_API_KEY}`,
      expect: '100-continue',
    },
  });
  endless.on('error', () => undefined);
  await new Promise((resolve) => endless.once('continue', resolve).flushHeaders());
  endless.write('{');

  started.kill('SIGTERM');
  expect(await exited).toBe(1);
  const deadline = output.split('\n').find((line) => line.includes('shutdown deadline passed'));
  expect(JSON.parse(deadline ?? '{}')).toMatchObject({ stillOpen: ['requests in flight'], connections: 1 });
  endless.destroy();
});
