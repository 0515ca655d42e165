/** Creating collection transactions: defaults shared by direct charges and hosted checkouts. */
import type { SandboxTransactionRow } from '../../store/schema.ts';
import type { SandboxContext } from '../context.ts';
import { SandboxError } from '../errors.ts';
import { newId, newProvidersReference, newReference } from '../ids.ts';
import { feeFor } from '../config.ts';
import { first, insertRow, prepared } from '../../store/prepared.ts';

type NewTransaction = Pick<
  SandboxTransactionRow,
  'kind' | 'currency' | 'country' | 'amount' | 'customer' | 'status' | 'action' | 'scenario' | 'status_description'
> &
  Partial<SandboxTransactionRow>;

/** The link a payment belongs to, for the link's analytics: `metadata.paymentLinkId` when it names one. */
export async function linkIdFromMetadata(context: SandboxContext, metadata: Record<string, unknown> | undefined) {
  const id = metadata?.paymentLinkId;
  if (typeof id !== 'string') return null;
  const link = await first(linkById(context.db, id));
  return link?.id ?? null;
}
const linkById = prepared((db, id: string) => db.selectFrom('sandbox_payment_links').select('id').where('id', '=', id));

export async function insertTransaction(context: SandboxContext, fields: NewTransaction): Promise<SandboxTransactionRow> {
  const now = context.clock.now();
  const charge = fields.charge ?? feeFor(fields.amount, context.config.collectionFeeBps);
  const row: SandboxTransactionRow = {
    reference: newReference(),
    checkout_id: newId('chk'),
    session_id: newId('ses'),
    client_id: context.config.clientId,
    payment_link_id: null,
    provider: null,
    network: null,
    channel: null,
    providers_reference: newProvidersReference(),
    otp_attempts: 0,
    due_status: null,
    due_at: null,
    webhook_url: null,
    redirect_url: null,
    cancel_url: null,
    metadata: null,
    narration: null,
    bank_transfer: null,
    paid_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
    charge,
    total_amount: fields.amount + charge,
  };
  try {
    await insertRow(context.db, 'sandbox_transactions', row);
  } catch (error) {
    // A reference already used (now or by a request at the same moment): the primary key decides, 409.
    if (/unique|duplicate key/i.test(String(error))) throw duplicateReference(row.reference);
    throw error;
  }
  return row;
}

const duplicateReference = (reference: string) =>
  new SandboxError(409, 'DuplicateReference', `A transaction with reference ${reference} already exists`);

export async function findTransaction(context: SandboxContext, reference: string) {
  return context.db
    .selectFrom('sandbox_transactions')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
}
