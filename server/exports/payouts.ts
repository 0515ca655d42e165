/**
 * The payouts export: every payout of the ledger in the range (the list's status filter applied),
 * oldest first. Each row is one ledger entry as we hold it: both references, the recipient, the amount,
 * the status and when it became final, and the payment a refund sends back.
 */
import type { Kysely } from 'kysely';
import { currencyExponent, UnknownCurrencyError } from '../checkout/currency.ts';
import { keysetPages } from '../http/dated-list.ts';
import type { Database, PayoutRow } from '../store/schema.ts';
import { EXPORT_PAGE_ROWS, type PaymentExportQuery } from './payments.ts';
import type { ExportRecord } from './stream.ts';
import { amount, amountColumns, instant, instantColumns } from './values.ts';

export const PAYOUT_COLUMNS = [
  'reference',
  ...instantColumns('created_at'),
  'status',
  'final',
  'merchant_reference',
  'provider_reference',
  'provider',
  'country',
  'currency',
  'currency_exponent',
  ...amountColumns('amount'),
  'transfer_recipient_id',
  'recipient_label',
  'narration',
  'status_description',
  ...instantColumns('completed_at'),
  'refund_of',
  ...instantColumns('purged_at'),
] as const;

/**
 * The backend's exponent for a currency (CURRENCY_EXPONENTS over ISO 4217); null for one it does not
 * know, whose major-unit column is then left empty rather than guessed.
 */
export function exponentOf(currency: string, overrides: Readonly<Record<string, number>>): number | null {
  try {
    return currencyExponent(currency, overrides);
  } catch (error) {
    if (error instanceof UnknownCurrencyError) return null;
    throw error;
  }
}

function toRecord(row: PayoutRow, exponent: number | null, timeZone: string): ExportRecord {
  return {
    reference: row.reference,
    ...instant('created_at', row.created_at, timeZone),
    status: row.status,
    final: row.final === 1,
    merchant_reference: row.merchant_reference,
    provider_reference: row.provider_reference,
    provider: row.provider,
    country: row.country,
    currency: row.currency,
    currency_exponent: exponent,
    ...amount('amount', row.amount, exponent),
    transfer_recipient_id: row.transfer_recipient_id,
    recipient_label: row.label,
    narration: row.narration,
    status_description: row.status_description,
    ...instant('completed_at', row.completed_at, timeZone),
    refund_of: row.refund_of,
    ...instant('purged_at', row.purged_at, timeZone),
  };
}

export async function* payoutRecords(
  db: Kysely<Database>,
  query: PaymentExportQuery,
  timeZone: string,
  exponents: Readonly<Record<string, number>>,
): AsyncGenerator<ExportRecord[]> {
  for await (const rows of keysetPages(db, 'payouts', query, EXPORT_PAGE_ROWS))
    yield rows.map((row) => toRecord(row, exponentOf(row.currency, exponents), timeZone));
}
