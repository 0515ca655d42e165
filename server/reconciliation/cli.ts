/**
 * `npm run reconcile -- --from 2026-11-01 --to 2026-11-30 [--out report.jsonl]`: the reconciliation
 * report of a period for a cron job, from the same configuration as the server (DATA_DIR or
 * DATABASE_URL, the provider's credentials; in embedded mode the sandbox is read in-process from the
 * same database). A summary goes to stderr; the report, in JSON Lines, to `--out` or else stdout.
 *
 * Exit codes: 0 the books agree, 2 differences were found (the report lists them), 64 bad flags or
 * dates, 69 the provider could not be read, 78 bad configuration.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { systemClock } from '../clock.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import { createSandbox } from '../sandbox/app.ts';
import { inProcessFetch } from '../sandbox/in-process.ts';
import { openStore } from '../store/database.ts';
import { reportLines } from './export.ts';
import { PeriodSchema } from './period.ts';
import { buildReport, hasDifferences, type ReconciliationReport } from './report.ts';

const USAGE = 'usage: npm run reconcile -- --from YYYY-MM-DD --to YYYY-MM-DD [--out <file>]';
const EX_USAGE = 64;
const EX_UNAVAILABLE = 69;
const DIFFERENCES = 2;

class UsageError extends Error {}

function readFlags(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, to: { type: 'string' }, out: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const period = PeriodSchema.safeParse({ from: values.from, to: values.to });
  if (!period.success) {
    const problems = period.error.issues.map((issue) => `--${issue.path.join('.')} ${issue.message}`);
    throw new UsageError(`${problems.join('; ')}\n${USAGE}`);
  }
  return { period: period.data, out: values.out };
}

export function summaryOf(report: ReconciliationReport): string {
  const { payments, payouts } = report.counts;
  const lines = [
    `reconciliation ${report.from} to ${report.to}: ${report.differences.length} difference(s)`,
    `payments: ${payments.matched} matched, ${payments.mismatched} mismatched, ${payments.providerOnly} only at the provider, ${payments.oursOnly} only with us`,
    `payouts: ${payouts.matched} matched, ${payouts.mismatched} mismatched, ${payouts.providerOnly} only at the provider, ${payouts.oursOnly} only with us`,
    ...report.totals.map(
      (total) =>
        `${total.currency} (minor units): payments ours ${total.payments.ours}, provider ${total.payments.provider}; payouts ours ${total.payouts.ours}, provider ${total.payouts.provider}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<number> {
  const { period, out } = readFlags(process.argv.slice(2));
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // Embedded: the provider is the sandbox living in this very database.
    const sandbox =
      config.mode === 'embedded'
        ? await createSandbox({
            db: store.db,
            config: {
              clientId: config.clientId,
              clientSecret: config.clientSecret,
              publicUrl: `${config.publicUrl ?? 'http://localhost'}/sandbox`,
            },
          })
        : undefined;
    const provider = createProviderClient({
      baseUrl: sandbox ? 'http://sandbox.internal' : (config.providerBaseUrl ?? ''),
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      timeoutMs: config.providerTimeoutMs,
      ...(sandbox ? { fetch: inProcessFetch(sandbox.app) } : {}),
    });
    const report = await buildReport(
      { db: store.db, provider, clock: systemClock, currencyExponents: config.currencyExponents },
      period,
    );
    if (out) writeFileSync(out, reportLines(report));
    else process.stdout.write(reportLines(report));
    process.stderr.write(summaryOf(report));
    return hasDifferences(report) ? DIFFERENCES : 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(error.message);
      process.exit(EX_USAGE);
    }
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    if (error instanceof ProviderError) {
      console.error(`the provider's lists could not be read: ${error.message}`);
      process.exit(EX_UNAVAILABLE);
    }
    console.error(error);
    process.exit(1);
  },
);
