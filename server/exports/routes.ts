/**
 * `GET /api/v1/{payments,collections,payouts,notifications}/export`: the merchant's lists as files, for
 * a date range and the lists' filters, in CSV or JSON Lines, behind the same merchant gate as the lists.
 * Each is a sub-app mounted at its export path ahead of the list's own sub-app, whose `/{reference}`
 * would otherwise take the word `export` for a reference.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { PAYMENT_STATUSES } from '../../widget/shared/contract.ts';
import { answer, errors, MERCHANT_ONLY, PROVIDER_ERRORS } from '../contract/describe.ts';
import { NOTIFICATION_STATUSES } from '../contract/notifications.ts';
import { createOpenApiApp, type AppDeps, type AppEnv } from '../env.ts';
import {
  datedExportQuerySchema,
  ExportFormatSchema,
  RANGE_IN_ORDER,
  type ExportFormat,
} from '../http/dated-list.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { DateOnlySchema, DISBURSEMENT_STATUSES } from '../provider/schemas.ts';
import { COLLECTION_COLUMNS, collectionRecords } from './collections.ts';
import { NOTIFICATION_COLUMNS, notificationRecords } from './notifications.ts';
import { PAYMENT_COLUMNS, paymentRecords } from './payments.ts';
import { PAYOUT_COLUMNS, payoutRecords } from './payouts.ts';
import { exportBody, MEDIA_TYPES, type ExportRecord } from './stream.ts';

const PaymentExportQuerySchema = datedExportQuerySchema(PAYMENT_STATUSES);
const PayoutExportQuerySchema = datedExportQuerySchema(DISBURSEMENT_STATUSES);
const NotificationExportQuerySchema = datedExportQuerySchema(NOTIFICATION_STATUSES);
const CollectionExportQuerySchema = z
  .strictObject({
    format: ExportFormatSchema,
    dateFrom: DateOnlySchema.optional().meta({ description: 'UTC, inclusive' }),
    dateTo: DateOnlySchema.optional().meta({ description: 'UTC, inclusive to the end of that day' }),
  })
  .refine(...RANGE_IN_ORDER);

const FILE_ANSWER = answer(
  'The file, streamed: CSV (RFC 4180, UTF-8 with BOM, a header row) or JSON Lines, by `format`. Amounts in major units as text beside the minor-unit integer; times in UTC and in MERCHANT_TIME_ZONE.',
  {
    'text/csv': { schema: z.string() },
    'application/x-ndjson': { schema: z.string() },
  },
);

/** What the four export routes share; each adds its query. */
function exportRoute(what: string, operationId: string, extra = '') {
  return {
    tags: ['Merchant'],
    security: MERCHANT_ONLY,
    method: 'get' as const,
    path: '/',
    operationId,
    summary: `Export ${what} for a date range (CSV or JSON Lines)`,
    description: `Every ${what.replace(/s$/, '')} the filters keep, without pages: the whole range in one streamed download. Unknown parameters (\`page\` and \`limit\` included) are 400 \`validation_failed\`.${extra}`,
    responses: { 200: FILE_ANSWER, ...errors(400, 401, 429) },
  };
}

/** `payments-2026-11-01-2026-11-30.csv`: the file names the range it holds. */
function fileName(what: string, query: { dateFrom?: string; dateTo?: string }, format: ExportFormat) {
  const range = [query.dateFrom ?? 'start', query.dateTo ?? 'now'].join('-');
  return `${what}-${range}.${format}`;
}

function download(
  c: Context<AppEnv>,
  what: string,
  query: { format: ExportFormat; dateFrom?: string; dateTo?: string },
  columns: readonly string[],
  pages: AsyncIterator<ExportRecord[]>,
) {
  const body = exportBody({ format: query.format, columns, pages, logger: c.get('logger'), what });
  return c.body(body, 200, {
    'Content-Type': MEDIA_TYPES[query.format],
    'Content-Disposition': `attachment; filename="${fileName(what, query, query.format)}"`,
    'Cache-Control': 'no-store',
  });
}

/**
 * `source` with its first page already read: the provider's refusal of the first call is answered in
 * the error envelope with its own status, before any byte of the file is sent.
 */
async function primed(source: AsyncGenerator<ExportRecord[]>): Promise<AsyncIterator<ExportRecord[]>> {
  const first = await source.next();
  let replayed = false;
  return {
    next: () => {
      if (replayed) return source.next();
      replayed = true;
      return Promise.resolve(first);
    },
    return: (value?: unknown) => source.return(value as undefined),
  };
}

export function exportRoutes(deps: Pick<AppDeps, 'config' | 'store' | 'provider'>) {
  const { config, store, provider } = deps;
  const merchant = requireMerchant(config.merchantApiKeys);
  const zone = config.merchantTimeZone;
  const exponents = config.currencyExponents;

  return {
    /** Mount at /api/v1/payments/export. */
    payments: createOpenApiApp().openapi(
      createRoute({
        ...exportRoute('payments', 'exportPayments', ' Oldest first.'),
        request: { query: PaymentExportQuerySchema },
        middleware: merchant,
      }),
      (c) => {
        const query = c.req.valid('query');
        const pages = paymentRecords(store.db, query, zone);
        return download(c, 'payments', query, PAYMENT_COLUMNS, pages);
      },
    ),
    /** Mount at /api/v1/payouts/export. */
    payouts: createOpenApiApp().openapi(
      createRoute({
        ...exportRoute('payouts', 'exportPayouts', ' Oldest first.'),
        request: { query: PayoutExportQuerySchema },
        middleware: merchant,
      }),
      (c) => {
        const query = c.req.valid('query');
        const pages = payoutRecords(store.db, query, zone, exponents);
        return download(c, 'payouts', query, PAYOUT_COLUMNS, pages);
      },
    ),
    /** Mount at /api/v1/notifications/export. */
    notifications: createOpenApiApp().openapi(
      createRoute({
        ...exportRoute('notifications', 'exportNotifications', ' Oldest first.'),
        request: { query: NotificationExportQuerySchema },
        middleware: merchant,
      }),
      (c) => {
        const query = c.req.valid('query');
        const pages = notificationRecords(store.db, query, zone);
        return download(c, 'notifications', query, NOTIFICATION_COLUMNS, pages);
      },
    ),
    /** Mount at /api/v1/collections/export. */
    collections: createOpenApiApp().openapi(
      createRoute({
        ...exportRoute(
          'collections',
          'exportCollections',
          " The provider's list, in its order (newest first), read to its last page.",
        ),
        request: { query: CollectionExportQuerySchema },
        responses: { 200: FILE_ANSWER, ...errors(400, 401, 429, ...PROVIDER_ERRORS) },
        middleware: merchant,
      }),
      async (c) => {
        const query = c.req.valid('query');
        const pages = await primed(collectionRecords(provider, query, zone, exponents));
        return download(c, 'collections', query, COLLECTION_COLUMNS, pages);
      },
    ),
  };
}
