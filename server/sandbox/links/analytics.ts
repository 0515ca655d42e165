/** A link's analytics, computed from the sandbox's own successful transactions for that link. */
import type { SandboxContext } from '../context.ts';
import { findProvider } from '../providers.ts';

const DAY_MS = 86_400_000;

/** Monday (UTC) of the week holding `time`, as `YYYY-MM-DD`. */
function weekStart(time: number): string {
  const day = new Date(time).getUTCDay(); // 0 = Sunday
  const sinceMonday = (day + 6) % 7;
  const monday = Math.floor(time / DAY_MS) * DAY_MS - sinceMonday * DAY_MS;
  return new Date(monday).toISOString().slice(0, 10);
}

/** Sum of successful collections per link, for list pages (one query for many links). */
export async function collectedByLink(context: SandboxContext, linkIds: string[]): Promise<Map<string, number>> {
  if (linkIds.length === 0) return new Map();
  const rows = await context.db
    .selectFrom('sandbox_transactions')
    .select((eb) => ['payment_link_id', eb.fn.sum<number>('amount').as('total')])
    .where('payment_link_id', 'in', linkIds)
    .where('status', '=', 'success')
    .groupBy('payment_link_id')
    .execute();
  return new Map(rows.map((row) => [row.payment_link_id ?? '', Number(row.total)]));
}

export async function linkAnalytics(context: SandboxContext, linkId: string, providerSlugs: string[]) {
  const paid = await context.db
    .selectFrom('sandbox_transactions')
    .select(['amount', 'channel', 'paid_at'])
    .where('payment_link_id', '=', linkId)
    .where('status', '=', 'success')
    .orderBy('paid_at')
    .execute();

  const byChannel = new Map<string | null, { revenue: number; count: number }>();
  const byWeek = new Map<string, { revenue: number; count: number }>();
  let total = 0;
  for (const { amount, channel, paid_at } of paid) {
    total += amount;
    add(byChannel, channel, amount);
    add(byWeek, weekStart(paid_at ?? 0), amount);
  }
  const channels = new Set(providerSlugs.map((slug) => findProvider(slug)?.channel ?? 'mobile-money'));
  return {
    totalTransactionAmount: total,
    totalTransactionCount: paid.length,
    groupByChannel: [...byChannel].map(([channel, sums]) => ({ channel, ...sums })),
    groupByRevenueAndCount: withEmptyWeeks(byWeek),
    clientProviders: providerSlugs.map((provider) => ({ provider })),
    clientChannels: [...channels].map((channel) => ({ channel })),
  };
}

/** Every week from the first paid one to the last, quiet weeks as zeros, so charts keep their scale. */
function withEmptyWeeks(byWeek: Map<string, { revenue: number; count: number }>) {
  const weeks = [...byWeek.keys()].sort();
  const first = weeks[0];
  const last = weeks.at(-1);
  if (!first || !last) return [];
  const filled = [];
  for (let time = Date.parse(`${first}T00:00:00Z`); time <= Date.parse(`${last}T00:00:00Z`); time += 7 * DAY_MS) {
    const week = new Date(time).toISOString().slice(0, 10);
    filled.push({ week, ...(byWeek.get(week) ?? { revenue: 0, count: 0 }) });
  }
  return filled;
}

function add<K>(map: Map<K, { revenue: number; count: number }>, key: K, amount: number) {
  const sums = map.get(key) ?? { revenue: 0, count: 0 };
  sums.revenue += amount;
  sums.count += 1;
  map.set(key, sums);
}
