/**
 * How a payout ends: a recipient phone ending `04`, or an amount ending in `13`, ends
 * `failed`; any other ends `success`. The outcome is scheduled when the payout is made (`due_status`,
 * `due_at`) and applied by `settleDueDisbursements`, which the sandbox's `runDue` calls, and which the
 * list and verify routes call first so what they show is current.
 */
import type { SandboxContext } from '../context.ts';
import { sandboxNotFound } from '../errors.ts';
import { enqueueWebhook } from '../webhooks.ts';
import { moveWallet } from '../wallets.ts';
import { DISBURSEMENT_WEBHOOK_EVENT, findDisbursement, toWebhookData } from './mapping.ts';
import type { RecipientAccount } from './recipients.ts';

export type FinalDisbursementStatus = 'success' | 'failed';

export const STATUS_DESCRIPTIONS = {
  processing: 'Disbursement is being processed',
  success: 'Disbursement completed successfully',
  failed: 'Disbursement failed',
} as const;

/** Why a payout to this account of this amount fails, or null when it succeeds. */
export function failureReason(account: RecipientAccount | null, amount: number): string | null {
  if (account && 'phoneNumber' in account && account.phoneNumber.endsWith('04')) {
    return 'Recipient account is not reachable';
  }
  if (amount % 100 === 13) return "Transfer rejected by the recipient's provider";
  return null;
}

/**
 * Moves a `processing` disbursement (found by either reference) to its final status: refunds amount
 * plus charge to the disbursement wallet on `failed`, stamps `completed_at`, clears the scheduled
 * outcome and enqueues the `disbursement.status` webhook, all in one transaction. Forward only: a final
 * disbursement is never changed, and the answer is then false. An unknown reference is a 404.
 */
export async function applyDisbursementStatus(
  context: SandboxContext,
  reference: string,
  status: FinalDisbursementStatus,
  statusDescription: string = STATUS_DESCRIPTIONS[status],
): Promise<boolean> {
  return context.db.transaction().execute(async (trx) => {
    const row = await findDisbursement(trx, reference);
    if (!row) throw sandboxNotFound(`Disbursement '${reference}'`);
    if (row.status !== 'processing') return false;
    const now = context.clock.now();
    const changes = {
      status,
      status_description: statusDescription,
      completed_at: now,
      due_status: null,
      due_at: null,
    };
    // Conditional on the status, so two settlers racing on PostgreSQL cannot both apply (and refund).
    const result = await trx
      .updateTable('sandbox_disbursements')
      .set(changes)
      .where('id', '=', row.id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    if (status === 'failed') {
      await moveWallet(trx, 'disbursement', row.country, row.currency, row.amount + row.charge, now);
    }
    await enqueueWebhook(context, trx, {
      event: DISBURSEMENT_WEBHOOK_EVENT,
      reference: row.reference,
      url: row.webhook_url,
      data: toWebhookData(context, { ...row, ...changes }, now),
    });
    return true;
  });
}

/**
 * Applies every scheduled outcome that is due now (only that of `reference`, a service reference, when
 * given); answers how many disbursements changed.
 */
export async function settleDueDisbursements(context: SandboxContext, reference?: string): Promise<number> {
  let query = context.db
    .selectFrom('sandbox_disbursements as d')
    .leftJoin('sandbox_recipients as r', 'r.id', 'd.transfer_recipient_id')
    .select(['d.reference', 'd.amount', 'd.due_status', 'r.account'])
    .where('d.status', '=', 'processing')
    .where('d.due_at', '<=', context.clock.now())
    .orderBy('d.due_at')
    .orderBy('d.id');
  if (reference !== undefined) query = query.where('d.reference', '=', reference);
  let changed = 0;
  for (const due of await query.execute()) {
    const account = due.account === null ? null : (JSON.parse(due.account) as RecipientAccount);
    const applied =
      due.due_status === 'failed'
        ? await applyDisbursementStatus(
            context,
            due.reference,
            'failed',
            failureReason(account, due.amount) ?? STATUS_DESCRIPTIONS.failed,
          )
        : await applyDisbursementStatus(context, due.reference, 'success');
    if (applied) changed++;
  }
  return changed;
}
