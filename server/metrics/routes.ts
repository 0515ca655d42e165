/**
 * `GET /metrics` (mounted at /metrics): Prometheus text format 0.0.4, behind the merchant key (a scraper
 * sends `Authorization: Bearer MERCHANT_API_KEY`): request counts and error codes are the merchant's
 * business, not the public's.
 */
import { factory, type AppDeps } from '../env.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import type { Metrics } from './metrics.ts';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export function metricsRoutes(deps: Pick<AppDeps, 'config' | 'store'>, metrics: Metrics) {
  return factory.createApp().get('/', requireMerchant(deps.config.merchantApiKeys), async (c) =>
    c.body(await metrics.render(deps.store.db), 200, {
      'content-type': METRICS_CONTENT_TYPE,
      'cache-control': 'no-store',
    }),
  );
}
