/**
 * Runs one of our TypeScript entry points (server/main.ts, a script) as its own Node process, the way
 * `npm run` does (`node --import tsx`), with exactly the environment given (plus PATH), and collects
 * what it printed. `stopWhen` ends a process that is still running once its output says enough (a
 * server that started when the test expected it to refuse): it is killed and `code` is null.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runScript(
  script: string,
  options: { args?: string[]; env?: Record<string, string>; stopWhen?: (output: string) => boolean } = {},
): Promise<ScriptRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...(options.args ?? [])], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const watch = () => {
    if (options.stopWhen?.(stdout + stderr) && child.exitCode === null) child.kill('SIGKILL');
  };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    watch();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
    watch();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
