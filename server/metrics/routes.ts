/**
 * `GET /metrics` (mounted at /metrics): Prometheus text format 0.0.4, behind the merchant key (a scraper
 * sends `Authorization: Bearer MERCHANT_API_KEY`): request counts and error codes are the merchant's
 * business, not the public's.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { answer, errors, MERCHANT_ONLY } from '../contract/describe.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import type { Metrics } from './metrics.ts';

const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const getMetrics = createRoute({
  method: 'get',
  path: '/',
  tags: ['Operations'],
  operationId: 'metrics',
  summary: 'Prometheus metrics (text format 0.0.4), behind the merchant key',
  security: MERCHANT_ONLY,
  responses: {
    200: answer('Metrics', { 'text/plain; version=0.0.4': { schema: z.string() } }),
    ...errors(401, 429),
  },
});

export function metricsRoutes(deps: Pick<AppDeps, 'config' | 'store'>, metrics: Metrics) {
  return createOpenApiApp().openapi(
    { ...getMetrics, middleware: requireMerchant(deps.config.merchantApiKeys) },
    async (c) =>
      // Spelled as c.text spells its default, which this replaces.
      c.text(await metrics.render(deps.store.db), 200, {
        'Content-Type': METRICS_CONTENT_TYPE,
        'Cache-Control': 'no-store',
      }),
  );
}
