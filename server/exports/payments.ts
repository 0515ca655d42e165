/**
 * The payments export: every payment of the range (the list's status filter applied), oldest first,
 * with the payer's answers, the flag, the fee and total, and the refund that sent it back.
 */
import type { Kysely } from 'kysely';
import type { FieldAnswer } from '../../widget/shared/contract.ts';
import { keysetPages } from '../http/dated-list.ts';
import { maskPhone, refundStatuses } from '../payments/list.ts';
import type { Database, PaymentRow } from '../store/schema.ts';
import type { ExportRecord } from './stream.ts';
import { amount, amountColumns, instant, instantColumns } from './values.ts';

export const PAYMENT_COLUMNS = [
  'reference',
  ...instantColumns('created_at'),
  'status',
  'flag',
  'method',
  'provider',
  'network',
  'country',
  'currency',
  'currency_exponent',
  ...amountColumns('amount'),
  ...amountColumns('fee'),
  ...amountColumns('total'),
  ...instantColumns('paid_at'),
  'provider_reference',
  'message',
  'link',
  'session',
  'payer_phone',
  'customer_name',
  'customer_email',
  'customer_phone',
  'custom_fields',
  'refund_payout',
  'refund_status',
  ...instantColumns('purged_at'),
] as const;

/** Rows read per database query: large enough to amortise the query, small enough to hold. */
export const EXPORT_PAGE_ROWS = 500;

export interface PaymentExportQuery {
  status?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

function toRecord(row: PaymentRow, refund: string | undefined, timeZone: string): ExportRecord {
  const customer = JSON.parse(row.customer) as Record<string, string | undefined>;
  const exponent = row.currency_exponent;
  return {
    reference: row.reference,
    ...instant('created_at', row.created_at, timeZone),
    status: row.status,
    flag: row.flag,
    method: row.method,
    provider: row.provider,
    network: row.network,
    country: row.country,
    currency: row.currency,
    currency_exponent: exponent,
    ...amount('amount', row.amount, exponent),
    ...amount('fee', row.fee, exponent),
    ...amount('total', row.total, exponent),
    ...instant('paid_at', row.paid_at, timeZone),
    provider_reference: row.provider_reference,
    message: row.message,
    link: row.link_id,
    session: row.session_id,
    payer_phone: row.phone_number ? maskPhone(row.phone_number) : null,
    customer_name: customer.name ?? null,
    customer_email: customer.email ?? null,
    customer_phone: customer.phoneNumber ?? null,
    custom_fields: JSON.parse(row.fields) as Record<string, FieldAnswer>,
    refund_payout: row.refund_payout,
    refund_status: refund ?? null,
    ...instant('purged_at', row.purged_at, timeZone),
  };
}

export async function* paymentRecords(
  db: Kysely<Database>,
  query: PaymentExportQuery,
  timeZone: string,
): AsyncGenerator<ExportRecord[]> {
  for await (const rows of keysetPages(db, 'payments', query, EXPORT_PAGE_ROWS)) {
    const refunds = await refundStatuses(db, rows);
    yield rows.map((row) =>
      toRecord(row, row.refund_payout === null ? undefined : refunds.get(row.refund_payout), timeZone),
    );
  }
}
