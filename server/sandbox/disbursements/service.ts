/**
 * The disbursement side of the sandbox without HTTP: paying out (debit, row and `processing` webhook in
 * one transaction), listing, verifying and reading wallets.
 */
import { sql, type Transaction } from 'kysely';
import {
  DEFAULT_LIMITS,
  type DisbursementListQuery,
  type DisbursementRequest,
  type WalletQuery,
} from '../../provider/schemas.ts';
import type { Database, SandboxDisbursementRow } from '../../store/schema.ts';
import { feeFor } from '../config.ts';
import type { SandboxContext } from '../context.ts';
import { sandboxNotFound, SandboxError } from '../errors.ts';
import { newDisbursementReference, newId, newProvidersReference } from '../ids.ts';
import { dateRange, sandboxListAnswer, resolvePage } from '../lists.ts';
import { ensureWallet, walletBalance, walletId } from '../wallets.ts';
import { enqueueWebhook } from '../webhooks.ts';
import { DISBURSEMENT_WEBHOOK_EVENT, findDisbursement, toDisbursement, toWebhookData } from './mapping.ts';
import { failureReason, settleDueDisbursements, STATUS_DESCRIPTIONS } from './outcomes.ts';
import type { RecipientAccount } from './recipients.ts';

const duplicateReference = (reference: string) =>
  new SandboxError(409, 'DuplicateReference', `A disbursement with reference '${reference}' already exists`);

async function referenceTaken(db: SandboxContext['db'] | Transaction<Database>, reference: string) {
  const row = await db
    .selectFrom('sandbox_disbursements')
    .select('id')
    .where('external_reference', '=', reference)
    .executeTakeFirst();
  return row !== undefined;
}

/** Debits `needed` only if the balance covers it: one conditional UPDATE, so no race can overdraw. */
async function debitDisbursementWallet(trx: Transaction<Database>, row: SandboxDisbursementRow) {
  const { country, currency, amount, charge, created_at: now } = row;
  const needed = amount + charge;
  await ensureWallet(trx, 'disbursement', country, currency, now);
  const result = await trx
    .updateTable('sandbox_wallets')
    .set({ amount: sql`amount - ${needed}`, updated_at: now })
    .where('id', '=', walletId('disbursement', country, currency))
    .where('amount', '>=', needed)
    .executeTakeFirst();
  if (result.numUpdatedRows > 0n) return;
  const balance = await walletBalance(trx, 'disbursement', country, currency);
  throw new SandboxError(
    400,
    'InsufficientBalance',
    `Insufficient balance: the ${country} ${currency} disbursement wallet holds ${balance} and this disbursement ` +
      `needs ${needed} (amount ${amount} + charge ${charge}), in minor units`,
  );
}

export async function createDisbursement(context: SandboxContext, request: DisbursementRequest) {
  const recipient = await context.db
    .selectFrom('sandbox_recipients')
    .selectAll()
    .where('id', '=', request.transferRecipientId)
    .executeTakeFirst();
  if (!recipient) throw sandboxNotFound(`Transfer recipient '${request.transferRecipientId}'`);
  if (await referenceTaken(context.db, request.reference)) throw duplicateReference(request.reference);

  const now = context.clock.now();
  const fails = failureReason(JSON.parse(recipient.account) as RecipientAccount, request.amount) !== null;
  const row: SandboxDisbursementRow = {
    id: newId('dsb'),
    reference: newDisbursementReference(),
    external_reference: request.reference,
    providers_reference: newProvidersReference(),
    transfer_recipient_id: recipient.id,
    transfer_recipient_label: recipient.account_label,
    amount: request.amount,
    charge: feeFor(request.amount, context.config.payoutFeeBps),
    currency: recipient.currency,
    country: recipient.country,
    provider: recipient.provider,
    channel: recipient.channel,
    status: 'processing',
    status_description: STATUS_DESCRIPTIONS.processing,
    narration: request.narration ?? null,
    webhook_url: request.webhook ?? null,
    due_status: fails ? 'failed' : 'success',
    due_at: now + context.config.outcomeDelayMs,
    created_at: now,
    completed_at: null,
  };
  try {
    await context.db.transaction().execute(async (trx) => {
      if (await referenceTaken(trx, request.reference)) throw duplicateReference(request.reference);
      await debitDisbursementWallet(trx, row);
      await trx.insertInto('sandbox_disbursements').values(row).execute();
      await enqueueWebhook(context, trx, {
        event: DISBURSEMENT_WEBHOOK_EVENT,
        reference: row.reference,
        url: row.webhook_url,
        data: toWebhookData(context, row, now),
      });
    });
  } catch (error) {
    // A concurrent request with the same reference can pass the check and then lose at the unique index.
    if (!(error instanceof SandboxError) && (await referenceTaken(context.db, request.reference))) {
      throw duplicateReference(request.reference);
    }
    throw error;
  }
  return toDisbursement(context, row);
}

export async function listDisbursements(context: SandboxContext, query: DisbursementListQuery) {
  await settleDueDisbursements(context);
  const page = resolvePage(query, DEFAULT_LIMITS.disbursements);
  const { from, toExclusive } = dateRange(query.dateFrom, query.dateTo);
  let rows = context.db.selectFrom('sandbox_disbursements');
  if (from !== undefined) rows = rows.where('created_at', '>=', from);
  if (toExclusive !== undefined) rows = rows.where('created_at', '<', toExclusive);
  const counted = await rows.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow();
  const total = Number(counted.total);
  // A page past the end answers no data without asking the database for an absurd offset.
  const found =
    page.offset >= total
      ? []
      : await rows
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute();
  return sandboxListAnswer(
    found.map((row) => toDisbursement(context, row)),
    total,
    page,
  );
}

/** By either reference; a due outcome is applied first so the answer is current. */
export async function verifyDisbursement(context: SandboxContext, reference: string) {
  const row = await findDisbursement(context.db, reference);
  if (!row) throw sandboxNotFound(`Disbursement '${reference}'`);
  const changed = await settleDueDisbursements(context, row.reference);
  const current = changed > 0 ? await findDisbursement(context.db, row.reference) : row;
  return toDisbursement(context, current ?? row);
}

export async function listWallets(context: SandboxContext, query: WalletQuery) {
  let wallets = context.db
    .selectFrom('sandbox_wallets')
    .select(['type', 'amount', 'currency', 'country', 'status']);
  if (query.country !== undefined) wallets = wallets.where('country', '=', query.country);
  if (query.currency !== undefined) wallets = wallets.where('currency', '=', query.currency);
  return wallets.orderBy('country').orderBy('currency').orderBy('type').execute();
}
