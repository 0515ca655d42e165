/**
 * `GET /api/v1/payments` for the merchant: our payments, newest first, with the
 * payer's custom-field answers, the uploads those answers name, and what the payment paid for (link or
 * session). Query rules are the provider's list rules (docs/sandbox.md#list-rules): UTC dates with `dateTo`
 * inclusive to the end of that day, `page` from 1, `limit` 1 to 100, `pages = ceil(total / limit)`.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  PAYMENT_STATUSES,
  type FieldAnswer,
  type Payment,
  type Payout,
} from '../../widget/shared/contract.ts';
import { datedListQuerySchema, datedPage } from '../http/dated-list.ts';
import { DEFAULT_LIMITS } from '../provider/schemas.ts';
import type { Database, PaymentRow } from '../store/schema.ts';
import { toPayment } from './repository.ts';

export const PaymentListQuerySchema = datedListQuerySchema(PAYMENT_STATUSES);
export type PaymentListQuery = z.infer<typeof PaymentListQuerySchema>;

export interface MerchantPayment extends Payment {
  createdAt: string;
  method: string;
  provider?: string;
  customer: Record<string, string>;
  fields: Record<string, FieldAnswer>;
  uploads: { field: string; id: string; name: string; size: number; type: string }[];
  link?: string;
  session?: string;
  /**
   * Why the merchant should look: `duplicate`, `over_limit`, `late_success`, `amount_mismatch`,
   * `conflicting_final`, `found_by_reconciliation`.
   */
  flag?: string;
  /** The number a direct payment was made from, masked: where a refund goes. */
  payerPhone?: string;
  /** The payout that sends this payment back. */
  refund?: { payout: string; status: Payout['status'] };
  /** When RETENTION_DAYS blanked the customer, answers and uploads (they are then empty). */
  purgedAt?: string;
}

/** `receiptUrl`: each payment's receipt address, shown to the merchant whatever its status. */
export async function listPayments(
  db: Kysely<Database>,
  query: PaymentListQuery,
  receiptUrl?: (reference: string) => string,
) {
  const { rows, ...pages } = await datedPage(db, 'payments', query, DEFAULT_LIMITS.checkouts);
  const data = await toMerchantPayments(db, rows);
  if (receiptUrl) for (const item of data) item.receiptUrl = receiptUrl(item.reference);
  return { statusCode: 200, ...pages, data };
}

/**
 * Rows as the merchant sees them: the list's items, and the `data` of payment notifications (which
 * pass their transaction as `db`, so the item shows the row being written).
 */
export async function toMerchantPayments(
  db: Kysely<Database>,
  rows: PaymentRow[],
): Promise<MerchantPayment[]> {
  const answers = rows.map((row) => JSON.parse(row.fields) as Record<string, FieldAnswer>);
  // Upload fields hold upload ids; look them up by id (a retry may have moved `payment_reference` on).
  const ids = answers.flatMap((fields) =>
    Object.values(fields).filter((v): v is string => typeof v === 'string' && v.startsWith('upl_')),
  );
  const uploads = ids.length
    ? await db
        .selectFrom('uploads')
        .select(['id', 'name', 'size', 'type'])
        .where('id', 'in', [...new Set(ids)])
        .execute()
    : [];
  const byId = new Map(uploads.map((upload) => [upload.id, upload]));
  const refunds = await refundStatuses(db, rows);
  return rows.map((row, index) => {
    const fields = answers[index] ?? {};
    const item: MerchantPayment = {
      ...toPayment(row),
      createdAt: new Date(row.created_at).toISOString(),
      method: row.method,
      customer: JSON.parse(row.customer) as Record<string, string>,
      fields,
      uploads: Object.entries(fields).flatMap(([field, value]) => {
        const upload = typeof value === 'string' ? byId.get(value) : undefined;
        return upload ? [{ field, ...upload }] : [];
      }),
    };
    // The provider's own words, which the payer's view leaves out once the payment is final.
    if (row.message) item.message = row.message;
    if (row.provider) item.provider = row.provider;
    if (row.link_id) item.link = row.link_id;
    if (row.session_id) item.session = row.session_id;
    if (row.flag) item.flag = row.flag;
    if (row.phone_number) item.payerPhone = maskPhone(row.phone_number);
    const refund = row.refund_payout === null ? undefined : refunds.get(row.refund_payout);
    if (refund && row.refund_payout) item.refund = { payout: row.refund_payout, status: refund };
    if (row.purged_at !== null) item.purgedAt = new Date(row.purged_at).toISOString();
    return item;
  });
}

/** `****0101`: enough for the merchant to recognise the payer's number, not to use it elsewhere. */
export const maskPhone = (phone: string) => `****${phone.slice(-4)}`;

/** The status of each refund payout the rows name, by payout reference. */
export async function refundStatuses(db: Kysely<Database>, rows: PaymentRow[]) {
  const references = rows.flatMap((row) => (row.refund_payout === null ? [] : [row.refund_payout]));
  if (references.length === 0) return new Map<string, Payout['status']>();
  const payouts = await db
    .selectFrom('payouts')
    .select(['reference', 'status'])
    .where('reference', 'in', references)
    .execute();
  return new Map(payouts.map((payout) => [payout.reference, payout.status as Payout['status']]));
}
