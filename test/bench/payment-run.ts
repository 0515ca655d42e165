/**
 * The bench's payment run (POST /api/v1/payments) against a fresh backend started with extra settings,
 * for the comparisons that need one backend per setting (durability.ts, group-commit.ts). A fresh backend
 * and database per run: each measures the same amount of data, from empty.
 */
import { runLoadInChild, type LoadResult } from './load.ts';
import { benchRoutes, probeRequest } from './routes.ts';
import { startBackend } from './servers.ts';

const CONNECTIONS = 50;
export const PAYMENT_RUN_WARMUP_MS = 1000;

export async function paymentRun(env: Record<string, string>, seconds: number): Promise<LoadResult> {
  const backend = await startBackend({ env });
  try {
    const spec = benchRoutes('http://unused', backend.url).find((route) => route.key === 'apiPayment');
    if (!spec) throw new Error('the bench has no payment run');
    const { url, init } = probeRequest(spec);
    const probe = await fetch(url, init);
    if (probe.status !== spec.expected)
      throw new Error(`probe answered ${probe.status}: ${await probe.text()}`);
    return await runLoadInChild({
      ...spec.request,
      connections: CONNECTIONS,
      durationMs: seconds * 1000,
      warmupMs: PAYMENT_RUN_WARMUP_MS,
      maxRequests: Math.ceil((seconds + 1) * 60_000),
    });
  } finally {
    await backend.close();
  }
}
