/**
 * The notifications export: every message to MERCHANT_WEBHOOK_URL in the range (the list's status
 * filter applied), oldest first, with its delivery outcome and the signed payload it carries (empty
 * once RETENTION_DAYS purged it).
 */
import type { Kysely } from 'kysely';
import { keysetPages } from '../http/dated-list.ts';
import type { Database, MerchantNotificationRow } from '../store/schema.ts';
import { EXPORT_PAGE_ROWS, type PaymentExportQuery } from './payments.ts';
import type { ExportRecord } from './stream.ts';
import { instant, instantColumns } from './values.ts';

export const NOTIFICATION_COLUMNS = [
  'id',
  ...instantColumns('created_at'),
  'type',
  'subject',
  'status',
  'attempts',
  'last_status_code',
  'last_error',
  ...instantColumns('next_attempt_at'),
  ...instantColumns('delivered_at'),
  ...instantColumns('purged_at'),
  'payload',
] as const;

function toRecord(row: MerchantNotificationRow, timeZone: string): ExportRecord {
  return {
    id: row.id,
    ...instant('created_at', row.created_at, timeZone),
    type: row.type,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    ...instant('next_attempt_at', row.status === 'pending' ? row.next_attempt_at : null, timeZone),
    ...instant('delivered_at', row.delivered_at, timeZone),
    ...instant('purged_at', row.purged_at, timeZone),
    payload: row.purged_at === null ? (JSON.parse(row.payload) as Record<string, unknown>) : null,
  };
}

export async function* notificationRecords(
  db: Kysely<Database>,
  query: PaymentExportQuery,
  timeZone: string,
): AsyncGenerator<ExportRecord[]> {
  for await (const rows of keysetPages(db, 'merchant_notifications', query, EXPORT_PAGE_ROWS))
    yield rows.map((row) => toRecord(row, timeZone));
}
