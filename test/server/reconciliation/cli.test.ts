/**
 * `npm run reconcile` run as cron runs it: its own Node process on the server's DATA_DIR (embedded mode,
 * so the sandbox's books are in the same database). It prints a summary, writes the report, and exits 2
 * when there are differences, 0 when the books agree, 64 for bad dates.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../server/store/database.ts';
import { startApp } from '../app-fixture.ts';
import { runScript } from '../run-script.ts';
import { collectedWithoutUs, directSuccess, freshDay } from './helpers.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pay-reconcile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
// Each run loads the script's modules in a new Node process: a second when quiet, more when busy.
const SCRIPT_TIMEOUT_MS = 60_000;
const CLI = 'server/reconciliation/cli.ts';

describe('npm run reconcile', () => {
  it(
    'reports a day with a difference (exit 2, report to --out) and a day that agrees (exit 0, report to stdout)',
    async () => {
      const dataDir = join(scratch, 'data');
      const store = await openStore({ dataDir });
      const t = await startApp({ store });
      const agreeing = await freshDay(t);
      await directSuccess(t);
      const differing = await freshDay(t);
      const reference = await collectedWithoutUs(t);
      await t.close();
      await store.close();

      const out = join(scratch, 'report.jsonl');
      const found = await runScript(CLI, {
        args: ['--from', differing, '--to', differing, '--out', out],
        env: { DATA_DIR: dataDir },
      });
      expect(found.code).toBe(2);
      expect(found.stdout).toBe('');
      expect(found.stderr).toBe(
        [
          `reconciliation ${differing} to ${differing}: 1 difference(s)`,
          'payments: 0 matched, 0 mismatched, 1 only at the provider, 0 only with us',
          'payouts: 0 matched, 0 mismatched, 0 only at the provider, 0 only with us',
          'XOF (minor units): payments ours 0, provider 5000; payouts ours 0, provider 0',
          '',
        ].join('\n'),
      );
      const lines = readFileSync(out, 'utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines.at(-1)).toMatchObject({ type: 'difference', class: 'provider_only', reference });

      const agreed = await runScript(CLI, {
        args: ['--from', agreeing, '--to', agreeing],
        env: { DATA_DIR: dataDir },
      });
      expect(agreed.code).toBe(0);
      expect(agreed.stderr).toMatch(/^reconciliation .*: 0 difference\(s\)\npayments: 1 matched, /);
      const report = agreed.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(report.map((line: { type: string }) => line.type)).toEqual(['summary', 'total']);
    },
    2 * SCRIPT_TIMEOUT_MS,
  );

  it(
    'refuses bad dates and unknown flags with exit 64 and a clear message',
    async () => {
      const [reversed, notADate, missing, unknown] = await Promise.all([
        runScript(CLI, { args: ['--from', '2026-11-30', '--to', '2026-11-01'], env: { DATA_DIR: scratch } }),
        runScript(CLI, { args: ['--from', '2026-11-31', '--to', '2026-12-01'], env: { DATA_DIR: scratch } }),
        runScript(CLI, { args: ['--from', '2026-11-01'], env: { DATA_DIR: scratch } }),
        runScript(CLI, { args: ['--since', '2026-11-01'], env: { DATA_DIR: scratch } }),
      ]);
      const usage = 'usage: npm run reconcile -- --from YYYY-MM-DD --to YYYY-MM-DD [--out <file>]\n';
      expect([reversed.code, reversed.stderr]).toEqual([64, `--to must not be before from\n${usage}`]);
      expect([notADate.code, notADate.stderr]).toEqual([
        64,
        `--from must be a date written YYYY-MM-DD\n${usage}`,
      ]);
      expect([missing.code, missing.stderr]).toEqual([64, `--to is required\n${usage}`]);
      expect(unknown.code).toBe(64);
      expect(unknown.stderr).toMatch(/^Unknown option '--since'/);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
