/**
 * `GET /api/v1/reconciliation?from=&to=`: the report of a period (report.ts); `GET .../export`: the same
 * as a CSV or JSON Lines download (export.ts); `POST /api/v1/reconciliation/actions`: verify or record one difference
 * (actions.ts). The merchant's routes: the API key or the console's cookie, as the lists.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { answer, errors, jsonBody, MERCHANT_ONLY, PROVIDER_ERRORS, single } from '../contract/describe.ts';
import type { Config } from '../config.ts';
import { createOpenApiApp } from '../env.ts';
import { exportBody, MEDIA_TYPES } from '../exports/stream.ts';
import { jsonBodyFirst } from '../http/body.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { withLogger } from '../logger.ts';
import { runAction, ReconciliationActionSchema, type ActionDeps } from './actions.ts';
import { ActionOutcomeSchema, ExportQuerySchema, ReportQuerySchema, ReportSchema } from './contract.ts';
import { REPORT_COLUMNS, reportFileName, reportLines, reportRecords } from './export.ts';
import { buildReport, type ReportDeps } from './report.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

async function* onePage<T>(page: T) {
  yield page;
}

const reportRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Merchant'],
  operationId: 'getReconciliation',
  summary: 'Our payments and payouts against the provider’s lists for a period',
  description:
    'Reads the provider’s collections and disbursements of the period to the last page and matches them with ours by reference: equal (counted), in both but different (`mismatched`), `provider_only` or `ours_only` (listed, each with its actions). Totals are sums of successes per currency, in minor units. Dates are UTC, both inclusive; a period is at most 366 days.',
  security: MERCHANT_ONLY,
  request: { query: ReportQuerySchema },
  responses: {
    200: single('The report', ReportSchema),
    ...errors(400, 401, 429, ...PROVIDER_ERRORS),
  },
});

const exportRoute = createRoute({
  method: 'get',
  path: '/export',
  tags: ['Merchant'],
  operationId: 'exportReconciliation',
  summary: 'The same report as a download, for keeping (CSV or JSON Lines)',
  description:
    'CSV (the default; RFC 4180, UTF-8 with BOM, a header row, cells that a spreadsheet would run as a formula neutralised, as in the other exports): one table whose `type` column says what a row is, `counts` (one per kind), `total` (one per currency and kind: sums of successes, major units beside minor units) or `difference` (one each). JSON Lines: a `summary` line, one `total` line per currency, one `difference` line each.',
  security: MERCHANT_ONLY,
  request: { query: ExportQuerySchema },
  responses: {
    200: answer('The report as an attachment, in the format asked for', {
      'text/csv': { schema: z.string() },
      'application/x-ndjson': { schema: z.string() },
    }),
    ...errors(400, 401, 429, ...PROVIDER_ERRORS),
  },
});

export function reconciliationRoutes(
  reportDeps: ReportDeps,
  actionDeps: ActionDeps,
  config: Pick<Config, 'merchantApiKeys' | 'merchantTimeZone'>,
) {
  const merchant = requireMerchant(config.merchantApiKeys);
  const app = createOpenApiApp();

  const actionRoute = createRoute({
    method: 'post',
    path: '/actions',
    tags: ['Merchant'],
    operationId: 'runReconciliationAction',
    summary: 'Verify a difference with the provider, or record a success only it knows',
    description:
      '`verify` (a payment or payout of ours): the provider is asked now and its answer applied as a webhook’s would be. `record` (a payment only): the provider is asked, and a collection it holds as `success` is kept as a payment flagged `found_by_reconciliation` and notified (`payment.succeeded`); a second record of the same reference answers `already_recorded`. 404 `not_found`: no such record of ours (verify) or at the provider (record); 409 `not_collected`: the provider does not hold it as a success.',
    security: MERCHANT_ONLY,
    middleware: [merchant, jsonBodyFirst],
    request: { body: jsonBody(app, ReconciliationActionSchema) },
    responses: {
      200: single('What the action did', ActionOutcomeSchema),
      ...errors(400, 401, 403, 404, 409, 413, 415, 429, ...PROVIDER_ERRORS),
    },
  });

  return app
    .openapi({ ...reportRoute, middleware: merchant }, async (c) =>
      c.json({ statusCode: 200, data: await buildReport(reportDeps, c.req.valid('query')) }, 200, NO_STORE),
    )
    .openapi({ ...exportRoute, middleware: merchant }, async (c) => {
      const { from, to, format } = c.req.valid('query');
      const report = await buildReport(reportDeps, { from, to });
      // CSV through the exports' writer (one page: the report is already whole); JSON Lines as the CLI writes it.
      const body =
        format === 'csv'
          ? exportBody({
              format,
              columns: REPORT_COLUMNS,
              pages: onePage(reportRecords(report, reportDeps.currencyExponents, config.merchantTimeZone)),
              logger: c.get('logger'),
              what: 'reconciliation',
            })
          : reportLines(report);
      const download = c.body(body, 200, {
        ...NO_STORE,
        'Content-Type': MEDIA_TYPES[format],
        'Content-Disposition': `attachment; filename="${reportFileName(report, format)}"`,
      });
      // The route typing knows JSON and text/* answers only; this one may be JSON Lines, as declared above.
      return download as never;
    })
    .openapi(actionRoute, async (c) => {
      const action = c.req.valid('json');
      const logger = c.get('logger');
      const deps = {
        ...actionDeps,
        payments: withLogger(actionDeps.payments, logger),
        payouts: withLogger(actionDeps.payouts, logger),
      };
      const outcome = await runAction(deps, action);
      logger.info({ ...action, outcome: outcome.outcome }, 'reconciliation action');
      return c.json({ statusCode: 200, data: outcome }, 200, NO_STORE);
    });
}
