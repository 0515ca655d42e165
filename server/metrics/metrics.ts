/**
 * The backend's operational metrics (`GET /metrics`): HTTP requests and their latency
 * by method, matched route pattern and status; provider errors as shown to callers; webhook deliveries
 * received from the provider; and, counted at scrape time, payments and payouts by status. One instance
 * per app (createApp), so tests each read their own.
 */
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { matchedRoutes } from 'hono/route';
import { PAYMENT_STATUSES } from '../../widget/shared/contract.ts';
import type { ProviderError } from '../provider/errors.ts';
import type { Database } from '../store/schema.ts';
import { Counter, Histogram, renderGauge, type CounterSeries, type HistogramSeries } from './registry.ts';

/** Seconds: from a cached config read (~1 ms) to a provider call near its timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PAYOUT_STATUSES = ['processing', 'success', 'failed'] as const;
/** The provider's webhook routes: a POST that reaches them is a delivery received. */
const WEBHOOK_ROUTES: Record<string, string> = {
  '/webhooks/payments': 'payments',
  '/webhooks/disbursements': 'disbursements',
};

export interface Metrics {
  /**
   * Counts and times one answered request (`started`: performance.now() when it arrived). Called by the
   * first middleware (request-bookkeeping.ts) after the rest, so it sees every answer, errors included.
   */
  countRequest(c: Context, started: number): void;
  /** Called where a ProviderError is rendered to a caller (renderError). */
  countProviderError(error: ProviderError): void;
  /** The exposition text, with the status counts read from the database now. */
  render(db: Kysely<Database>): Promise<string>;
}

export function createMetrics(): Metrics {
  const requests = new Counter(
    'pay_http_requests_total',
    'HTTP requests answered, by method, route pattern and status.',
  );
  const latency = new Histogram(
    'pay_http_request_duration_seconds',
    'Time to answer an HTTP request (to the response head for streams), by method and route pattern.',
    LATENCY_BUCKETS,
  );
  const providerErrors = new Counter(
    'pay_provider_errors_total',
    'Provider failures answered to a caller, by provider error code and provider HTTP status (0: no answer).',
  );
  const webhooks = new Counter(
    'pay_webhook_deliveries_received_total',
    'Provider webhook deliveries received, by kind and the status we answered (200 accepted, 401 bad signature).',
  );

  // Each answered request's counter and histogram series, by method, status and route: one lookup per
  // request instead of two label sets built and keyed. Bounded as the labels are.
  const requestSeries = new Map<string, { count: CounterSeries; latency: HistogramSeries }>();

  function countRequest(c: Context, started: number) {
    // The pattern the request matched (`/api/v1/payouts/:reference`), never the raw path: bounded labels.
    // A 404 answered by a catch-all middleware ('/*') matched no route: one label for all of them.
    const matched = matchedRoutes(c)[c.req.routeIndex];
    const status = c.res.status;
    const route = !matched || (matched.method === 'ALL' && status === 404) ? 'unmatched' : matched.path;
    const method = c.req.method;
    const key = `${method} ${status} ${route}`;
    let series = requestSeries.get(key);
    if (!series) {
      series = {
        count: requests.series({ method, route, status: String(status) }),
        latency: latency.series({ method, route }),
      };
      requestSeries.set(key, series);
    }
    series.count.value += 1;
    latency.record(series.latency, (performance.now() - started) / 1000);
    const kind = WEBHOOK_ROUTES[route];
    if (kind && method === 'POST') webhooks.inc({ kind, status: String(status) });
  }

  return {
    countRequest,
    countProviderError(error) {
      // The provider may send any string as its code: keep plain names only, so labels stay bounded.
      const code = /^[A-Za-z]{1,40}$/.test(error.errorCode) ? error.errorCode : 'Other';
      providerErrors.inc({ code, status: String(error.status) });
    },
    async render(db) {
      const [payments, payouts] = await Promise.all([
        db
          .selectFrom('payments')
          .select(['status', (eb) => eb.fn.countAll<number | string>().as('total')])
          .groupBy('status')
          .execute(),
        db
          .selectFrom('payouts')
          .select(['status', (eb) => eb.fn.countAll<number | string>().as('total')])
          .groupBy('status')
          .execute(),
      ]);
      const byStatus = (statuses: readonly string[], rows: { status: string; total: number | string }[]) => {
        const counts = new Map<string, number>(statuses.map((status) => [status, 0]));
        for (const row of rows) counts.set(row.status, Number(row.total));
        return [...counts].map(([status, value]) => ({ labels: { status }, value }));
      };
      const lines = [
        ...requests.render(),
        ...latency.render(),
        ...providerErrors.render(),
        ...webhooks.render(),
        ...renderGauge('pay_payments', 'Payments stored, by status.', byStatus(PAYMENT_STATUSES, payments)),
        ...renderGauge(
          'pay_payouts',
          'Payouts in the ledger, by status.',
          byStatus(PAYOUT_STATUSES, payouts),
        ),
      ];
      return `${lines.join('\n')}\n`;
    },
  };
}
