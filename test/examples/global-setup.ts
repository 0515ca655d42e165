/**
 * What the example apps' journeys need: the widget packed as npm would publish it (`npm pack`), and the
 * built server (server/dist/main.js, embedded sandbox, a fresh SQLite file) on a free port, which lets
 * in the origins the three apps will be served from. Ports, the tarball and the server's URL reach the
 * specs through the environment; the teardown stops the server and removes both temp dirs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBuiltServer } from '../built-server.ts';
import { freePort } from '../free-port.ts';
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
  const server = await startBuiltServer(apiPort, {
    // The apps' origins, as a merchant lists theirs: the API answers them (CORS), and a provider's page
    // may send the payer back there (`returnUrl`).
    ALLOWED_ORIGINS: [apiUrl, ...origins].join(','),
  });
  process.env.EXAMPLES_API_URL = apiUrl;

  return async () => {
    await server.stop();
    rmSync(packed, { recursive: true, force: true });
  };
}
