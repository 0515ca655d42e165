/**
 * The generated /openapi.json, linted by an independent tool (Redocly CLI, its recommended rules): zero
 * errors. Warnings are allowed where they are true (an operation with no 4XX answer, a 303 that is not
 * a 2XX, no license in `info`). Runs offline: telemetry off, no update check.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { startApp } from '../app-fixture.ts';

const REDOCLY = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

it('lints with zero errors', { timeout: 30_000 }, async () => {
  const t = await startApp();
  const folder = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(folder, 'openapi.json');
    await writeFile(file, (await t.request('GET', '/openapi.json')).text);
    // Exits 1 when there are errors; the report on stdout says which.
    const { stdout } = await promisify(execFile)(REDOCLY, ['lint', file, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      timeout: 20_000,
    }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as LintReport;
    const describe = (severity: string) =>
      report.problems
        .filter((problem) => problem.severity === severity)
        .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(describe('error')).toEqual([]);
    expect(report.totals.errors).toBe(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
    await t.close();
  }
});
