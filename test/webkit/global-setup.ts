/**
 * What the WebKit suite drives: the end-to-end suite's own server and merchant page (test/e2e/global-setup.ts,
 * imported as is), a virtual X display, and Debian's WebKitWebDriver, which starts MiniBrowser (WebKitGTK)
 * on it for each session. The tests learn the driver's URL and the display through `inject`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../free-port.ts';
import startApp from '../e2e/global-setup.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    webdriverUrl: string;
    apiUrl: string;
    merchantUrl: string;
  }
}

/** Resolves with the first line `child` writes on `stream`, or rejects when it exits first. */
function firstLine(child: ChildProcess, stream: NodeJS.ReadableStream, what: string) {
  return new Promise<string>((resolve, reject) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0]!);
    });
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

async function waitForDriver(url: string, driver: ChildProcess) {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (driver.exitCode !== null) throw new Error('WebKitWebDriver exited early');
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('WebKitWebDriver did not answer');
}

export default async function setup(project: TestProject) {
  const stopApp = await startApp();
  const home = mkdtempSync(join(tmpdir(), 'pay-webkit-'));
  // MiniBrowser's own window (its hidden search bar's entry and buttons) will not shrink below 334 px;
  // without their minimum sizes the page can get the 320 px of the narrowest phones.
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(
    join(home, 'gtk-3.0', 'gtk.css'),
    'entry, button { min-width: 0; padding: 0; margin: 0; border-width: 0; }\n',
  );

  // -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1600x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = `:${(await firstLine(xvfb, xvfb.stdio[3] as NodeJS.ReadableStream, 'Xvfb')).trim()}`;

  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`], {
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: home },
    stdio: 'ignore',
  });
  const webdriverUrl = `http://127.0.0.1:${port}`;
  await waitForDriver(webdriverUrl, driver);

  project.provide('webdriverUrl', webdriverUrl);
  project.provide('apiUrl', process.env.E2E_API_URL ?? '');
  project.provide('merchantUrl', process.env.E2E_MERCHANT_URL ?? '');

  return async () => {
    driver.kill();
    xvfb.kill();
    rmSync(home, { recursive: true, force: true });
    await stopApp();
  };
}
