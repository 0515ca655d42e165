/**
 * The built server (`server/dist/main.js`, as `npm start` runs it: embedded sandbox, a fresh SQLite file
 * in a temp dir) in a child process on a free port of the loopback, for the suites that drive it over
 * real HTTP from a browser: the end-to-end suite and the example apps'. Its payments settle after 300 ms
 * and no rate limit applies; `env` adds or overrides settings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../server/node-flags.ts';

export async function waitForHealth(url: string, server: ChildProcess, log: () => string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

export interface BuiltServer {
  url: string;
  /** The server's data directory, for the rare test that must force a state. */
  dataDir: string;
  /** Stops the server and removes its data directory. */
  stop(): Promise<void>;
}

/** Starts the built server on `port` once it answers `/healthz`; its output is in the error if it fails. */
export async function startBuiltServer(port: number, env: Record<string, string>): Promise<BuiltServer> {
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pay-server-'));
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SANDBOX_OUTCOME_DELAY_MS: '300',
      RATE_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(url, server, () => output);
  return {
    url,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
