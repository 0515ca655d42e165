// Vitest globalSetup: one throwaway PostgreSQL cluster per test run, handed to the tests as
// inject('postgresUrl'). Test files take an isolated database from it with freshPostgresDatabase()
// (test/server/postgres.ts). null means "no PostgreSQL here": those suites are skipped, visibly.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { freePort } from '../free-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

// Highest /usr/lib/postgresql/<version>/bin with an initdb; Debian keeps these off PATH.
function findBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  const best = versions
    .sort((a, b) => Number(b) - Number(a))
    .find((v) => existsSync(join(root, v, 'bin/initdb')));
  return best ? join(root, best, 'bin') : '(no /usr/lib/postgresql/*/bin)';
}

export default async function setup(project: TestProject): Promise<(() => void) | void> {
  if (process.env.DATABASE_URL_TEST) {
    project.provide('postgresUrl', process.env.DATABASE_URL_TEST);
    return;
  }
  const bin = findBinDir();
  // initdb refuses to run as root, so as root every server command runs as the `postgres` user.
  const asRoot = process.getuid?.() === 0;
  const command = (tool: string): string[] =>
    asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool)] : [join(bin, tool)];
  let dir: string | undefined;
  let watchdog: number | undefined;
  const run = (tool: string, args: string[]): void => {
    const [file = '', ...prefix] = command(tool);
    try {
      // cwd = dir: the postgres user may not be allowed into the caller's working directory.
      execFileSync(file, [...prefix, ...args], { cwd: dir, stdio: 'pipe', timeout: 30_000 });
    } catch (error) {
      const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
      throw new Error(`${tool} failed: ${stderr || String(error)}`, { cause: error });
    }
  };
  const stop = (): void => {
    process.off('exit', stop);
    try {
      if (watchdog) process.kill(watchdog, 'SIGKILL');
    } catch {
      // already gone
    }
    try {
      // postmaster.pid: a server, perhaps half-started, may be running on this directory.
      if (dir && existsSync(join(dir, 'postmaster.pid'))) run('pg_ctl', ['-D', dir, '-m', 'fast', 'stop']);
    } catch (error) {
      console.error(`[postgres] stop failed: ${String(error)}`);
    }
    watchdog = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  };
  try {
    if (!existsSync(join(bin, 'initdb')))
      throw new Error(`no initdb in ${bin} (set PG_BIN or install postgresql)`);
    dir = mkdtempSync(join(tmpdir(), 'pay-test-pg-'));
    if (asRoot) execFileSync('chown', ['postgres:postgres', dir], { stdio: 'pipe' });
    // Vitest exits on Ctrl+C / SIGTERM without awaiting teardown, but 'exit' listeners still run
    // (synchronously). The watchdog covers a killed or crashed runner: it stops the cluster once
    // this process is gone. Its own detached session keeps it alive through a Ctrl+C.
    process.on('exit', stop);
    const script =
      'p=$1 d=$2; shift 2; while kill -0 "$p" 2>/dev/null; do sleep 1; done; "$@" -D "$d" -m immediate stop; rm -rf "$d"';
    const guard = spawn('sh', ['-c', script, 'pg-watchdog', String(process.pid), dir, ...command('pg_ctl')], {
      detached: true,
      stdio: 'ignore',
    });
    guard.unref();
    watchdog = guard.pid;
    // -U postgres fixes the superuser name whatever OS user runs the tests; --no-sync and C locale
    // make initdb fast and independent of the machine's locale settings.
    run('initdb', ['-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync', '-D', dir]);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off`;
    // -l: the server's output must not hold our stdio pipe open (execFileSync would wait forever).
    const log = join(dir, 'server.log');
    try {
      run('pg_ctl', ['-D', dir, '-l', log, '-w', '-t', '20', '-o', options, 'start']);
    } catch (error) {
      const tail = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n') : '';
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${tail}`, { cause: error });
    }
    const admin = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE pay_test');
    } finally {
      await admin.end();
    }
    project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/pay_test`);
    return stop;
  } catch (error) {
    stop();
    const reason = error instanceof Error ? error.message : String(error);
    if (process.env.REQUIRE_POSTGRES === '1') {
      throw new Error(`[postgres] REQUIRE_POSTGRES=1 but PostgreSQL could not be started: ${reason}`, {
        cause: error,
      });
    }
    process.stderr.write(
      `[postgres] not available: ${reason.replace(/\s*\n\s*/g, ' / ')} — PostgreSQL store tests are SKIPPED\n`,
    );
    project.provide('postgresUrl', null);
  }
}
