/**
 * Final statuses of collections. A transaction becomes `success` or `failed` exactly once (forward
 * only); the same database transaction credits the deposit wallet and records the signed webhook, so
 * state, money and notification never disagree.
 */
import type { SandboxContext } from '../context.ts';
import { moveWallet } from '../wallets.ts';
import { enqueueWebhook } from '../webhooks.ts';
import { toCollectionWebhookData } from './mapping.ts';
import { outcomeOf } from './scenarios.ts';
import { first, prepared, updateWhere } from '../../store/prepared.ts';

const transactionByReference = prepared((db, reference: string) =>
  db.selectFrom('sandbox_transactions').selectAll().where('reference', '=', reference),
);

export type FinalCollectionStatus = 'success' | 'failed';

/** Answers false when the transaction does not exist or is already final. */
export async function applyCollectionStatus(
  context: SandboxContext,
  reference: string,
  status: FinalCollectionStatus,
  description: string,
  /** Whether the merchant hears of it by webhook (not for a checkout the payer abandoned). */
  notify = true,
): Promise<boolean> {
  const now = context.clock.now();
  return context.db.transaction().execute(async (trx) => {
    const row = await first(transactionByReference(trx, reference));
    if (!row || row.status === 'success' || row.status === 'failed') return false;

    const final = {
      status,
      action: 'none',
      status_description: description,
      paid_at: status === 'success' ? now : null,
      due_status: null,
      due_at: null,
      updated_at: now,
    };
    // The status guard makes a concurrent second settlement a no-op instead of a double credit.
    const updated = await updateWhere(trx, 'sandbox_transactions', final, { reference, status: row.status });
    if (updated !== 1) return false;

    if (status === 'success') await moveWallet(trx, 'deposit', row.country, row.currency, row.amount, now);
    if (!notify) return true;
    await enqueueWebhook(context, trx, {
      event: status === 'success' ? 'payment.completed' : 'payment.failed',
      reference,
      url: row.webhook_url,
      data: toCollectionWebhookData({ ...row, status, paid_at: final.paid_at }),
    });
    return true;
  });
}

/** Applies every scheduled outcome whose time has come. */
export async function settleDueCollections(context: SandboxContext, reference?: string): Promise<void> {
  let query = context.db
    .selectFrom('sandbox_transactions')
    .select(['reference', 'due_status', 'scenario'])
    .where('due_at', '<=', context.clock.now())
    .where('due_status', 'is not', null);
  if (reference !== undefined) query = query.where('reference', '=', reference);
  const due = await query.orderBy('due_at').limit(500).execute();
  // All at once: each is its own transaction on its own charge, and on SQLite they then share one
  // commit (group-commit.ts). One after another, each waited for a commit of its own, and under load a
  // tick settled far fewer charges than came due.
  await Promise.all(
    due.map((charge) => {
      const status = charge.due_status === 'success' ? 'success' : 'failed';
      const outcome = outcomeOf(charge.scenario);
      const description =
        outcome?.status === status
          ? outcome.description
          : status === 'success'
            ? 'Payment successful'
            : 'Payment failed';
      return applyCollectionStatus(context, charge.reference, status, description);
    }),
  );
}

/** Moves a transaction to `processing` and schedules its final status after the configured delay. */
export function scheduledOutcome(context: SandboxContext, outcome: { status: FinalCollectionStatus } | null) {
  return {
    status: 'processing',
    action: 'processing',
    due_status: outcome?.status ?? null,
    due_at: outcome ? context.clock.now() + context.config.outcomeDelayMs : null,
  } as const;
}
