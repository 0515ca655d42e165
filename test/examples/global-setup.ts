/**
 * What the example apps' journeys need: the widget packed as npm would publish it (`npm pack`), and the
 * built server (server/dist/main.js, embedded sandbox, a fresh SQLite file) on a free port, which lets
 * in the origins the three apps will be served from. Ports, the tarball and the server's URL reach the
 * specs through the environment; the teardown stops the server and removes both temp dirs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../server/node-flags.ts';
import { freePort, waitForHealth } from '../e2e/global-setup.ts';
import { APPS } from './apps.ts';

export default async function globalSetup() {
  const packed = mkdtempSync(join(tmpdir(), 'pay-examples-pack-'));
  // EXAMPLES_TARBALL, when set, names another package to try the apps with (an older build, say).
  if (!process.env.EXAMPLES_TARBALL) {
    const [file] = JSON.parse(
      execFileSync('npm', ['pack', './widget', '--pack-destination', packed, '--json'], { encoding: 'utf8' }),
    ) as { filename: string }[];
    process.env.EXAMPLES_TARBALL = join(packed, file!.filename);
  }

  const origins: string[] = [];
  for (const app of APPS) {
    const port = await freePort();
    process.env[`EXAMPLES_${app.toUpperCase()}_PORT`] = String(port);
    origins.push(`http://127.0.0.1:${port}`);
  }

  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'pay-examples-data-'));
  let output = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The apps' origins, as a merchant lists theirs: the API answers them (CORS), and a provider's page
      // may send the payer back there (`returnUrl`).
      ALLOWED_ORIGINS: [apiUrl, ...origins].join(','),
      SANDBOX_OUTCOME_DELAY_MS: '300',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(apiUrl, server, () => output);
  process.env.EXAMPLES_API_URL = apiUrl;

  return async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(packed, { recursive: true, force: true });
  };
}
