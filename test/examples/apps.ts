/**
 * The example apps as a merchant's developer has them: each copied out of the repository into a folder
 * of its own (so that nothing of the repository's node_modules, the widget's workspace above all, is
 * within Node's reach), the packed widget installed there with npm from the tarball, built for
 * production, then served as the app's framework serves it.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { fixedLinkAnswers, OTP, PHONES } from '../journeys.ts';

export const APPS = ['vite', 'vue', 'next'] as const;
export type App = (typeof APPS)[number];

const port = (app: App) => process.env[`EXAMPLES_${app.toUpperCase()}_PORT`] ?? '';
export const appUrl = (app: App) => `http://127.0.0.1:${port(app)}`;
export const apiUrl = () => process.env.EXAMPLES_API_URL ?? '';

/** What a merchant's copy leaves out: what an install or a build writes. */
const GENERATED = new Set(['node_modules', 'dist', '.next']);

/** Runs a command to its end and returns its output; a failure carries the output. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} failed (${code}) in ${cwd}:\n${output}`)),
    );
  });
}

/** Every file of the app that a developer writes (not what npm or the build wrote). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !relative(dir, file)
          .split('/')
          .some((part) => GENERATED.has(part)),
    );
}

export interface BuiltApp {
  dir: string;
  remove: () => void;
}

/**
 * Copies the app to a temp folder, installs the packed widget there as a merchant installs the package
 * (`npm install <tarball>`, beside the app's locked dependencies), and builds it with `buildEnv`.
 */
export async function installAndBuild(app: App, buildEnv: NodeJS.ProcessEnv): Promise<BuiltApp> {
  const dir = mkdtempSync(join(tmpdir(), `pay-example-${app}-`));
  cpSync(join(import.meta.dirname, '../../demo/examples', app), dir, {
    recursive: true,
    filter: (source) => !GENERATED.has(source.split('/').pop() ?? ''),
  });
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    // The types come from the package: no declaration of the app's own names the element or the package.
    for (const file of sourceFiles(dir).filter((name) => name.endsWith('.d.ts')))
      expect(readFileSync(file, 'utf8'), relative(dir, file)).not.toMatch(/pay-checkout/);
    await run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', process.env.EXAMPLES_TARBALL ?? ''],
      dir,
    );
    await run('npm', ['run', 'build'], dir, buildEnv);
  } catch (failure) {
    remove();
    throw failure;
  }
  return { dir, remove };
}

/**
 * Starts the app's own server (`command`, a binary of its node_modules) and waits until it answers;
 * the returned function stops it and whatever it started (its process group).
 */
export async function serve(
  app: App,
  dir: string,
  command: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<() => Promise<void>> {
  const [binary, ...args] = command;
  const server = spawn(join(dir, 'node_modules/.bin', binary ?? ''), args, {
    cwd: dir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (server.exitCode !== null) throw new Error(`${app}'s server exited early:\n${output}`);
    const answered = await fetch(appUrl(app)).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return stop;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${app}'s server did not answer:\n${output}`);
}

/**
 * A spec's first test: the app installed, built with `env` and served by `command` (given the app's
 * port), then stopped and removed after the spec's last test. The spec's tests run in order, on it.
 */
export function installBuildAndServe(
  app: App,
  title: string,
  {
    timeoutMs,
    env,
    command,
  }: { timeoutMs: number; env: () => NodeJS.ProcessEnv; command: (port: string) => string[] },
) {
  test.describe.configure({ mode: 'serial' });
  let built: BuiltApp | undefined;
  let stop: (() => Promise<void>) | undefined;
  test.afterAll(async () => {
    await stop?.();
    built?.remove();
  });
  test(title, async () => {
    test.setTimeout(timeoutMs);
    built = await installAndBuild(app, env());
    stop = await serve(app, built.dir, command(new URL(appUrl(app)).port), env());
  });
}

/** Errors and warnings of the page from now on, as the end-to-end suite reads them. */
export { consoleOf } from '../e2e/helpers.ts';

/** The words of the widget in French, the language of `lnk_fixed_ci`. */
export const fr = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../widget/i18n/fr.json'), 'utf8'),
) as Record<string, string>;

/** A final result: the sandbox's webhook delay, then the stream or a poll. */
export const FINAL = { timeout: 15_000 };

/** Pays `lnk_fixed_ci` (in French, its language) with a number the provider asks a code for. */
export async function payFixedLinkByOtp(page: Page) {
  await expect(page.getByRole('heading', { name: /Abonnement Premium/ })).toBeVisible(FINAL);
  for (const [label, answer] of fixedLinkAnswers({ name: fr.name!, email: fr.email! }))
    await page.getByLabel(label).fill(answer);
  await page.getByLabel(fr.phone!).fill(PHONES.otp);
  await page
    .getByRole('button', { name: /^Payer / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: fr.otpTitle })).toBeVisible(FINAL);
  await page.getByLabel(fr.code!).fill(OTP);
  await page.getByRole('button', { name: fr.confirm }).click();
  await expect(page.getByRole('heading', { name: fr.successTitle })).toBeVisible(FINAL);
}
