/**
 * The sandbox's admin API (`/sandbox/_admin`, same credentials as the provider API): what a test, the
 * demo playground or a developer uses to set up a scenario the provider API cannot express.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { CountrySchema, CurrencySchema, PositiveMinorUnitsSchema } from '../provider/schemas.ts';
import { applyCollectionStatus } from './collections/outcomes.ts';
import { findTransaction } from './collections/transactions.ts';
import { toVerifyResult } from './collections/mapping.ts';
import type { SandboxContext } from './context.ts';
import { applyDisbursementStatus } from './disbursements/outcomes.ts';
import { sandboxNotFound, validationError } from './errors.ts';
import { createPaymentLink, NewPaymentLinkSchema } from './links/create.ts';
import { toPaymentLink } from './links/mapping.ts';
import { sandboxListAnswer, resolvePage } from './lists.ts';
import { readBody, readQuery } from './validate.ts';
import { moveWallet, walletId } from './wallets.ts';

const FundWalletSchema = z.strictObject({
  country: CountrySchema,
  currency: CurrencySchema,
  type: z.enum(['deposit', 'disbursement']).default('disbursement'),
  amount: PositiveMinorUnitsSchema,
});

const ForceStatusSchema = z.strictObject({
  status: z.enum(['success', 'failed']),
  statusDescription: z.string().min(1).max(300).optional(),
});

const FaultsSchema = z.strictObject({
  latencyMs: z.int().min(0).max(120_000).optional(),
  errorRate: z.number().min(0).max(1).optional(),
  duplicateDeliveries: z.boolean().optional(),
  outOfOrderDeliveries: z.boolean().optional(),
  droppedDeliveries: z.boolean().optional(),
});

const DeliveryQuerySchema = z.object({
  reference: z.string().min(1).max(100).optional(),
  state: z.enum(['pending', 'delivered', 'failed']).optional(),
  page: z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9][0-9]*$/)
    .transform(Number)
    .pipe(z.int().max(100))
    .optional(),
});

export function adminRoutes(context: SandboxContext) {
  const { db } = context;
  return new Hono()
    .post('/payment-links', async (c) => {
      const row = await createPaymentLink(context, await readBody(c, NewPaymentLinkSchema));
      return c.json({ statusCode: 201, data: toPaymentLink(context, row, 0) }, 201);
    })
    .post('/wallets/fund', async (c) => {
      const { country, currency, type, amount } = await readBody(c, FundWalletSchema);
      await moveWallet(db, type, country, currency, amount, context.clock.now());
      const wallet = await db
        .selectFrom('sandbox_wallets')
        .select(['type', 'amount', 'currency', 'country', 'status'])
        .where('id', '=', walletId(type, country, currency))
        .executeTakeFirstOrThrow();
      return c.json({ statusCode: 200, data: wallet }, 200);
    })
    .post('/transactions/:reference/status', async (c) => {
      const reference = c.req.param('reference');
      const { status, statusDescription } = await readBody(c, ForceStatusSchema);
      if (!(await findTransaction(context, reference))) throw sandboxNotFound('Transaction');
      const description =
        statusDescription ?? (status === 'success' ? 'Payment successful' : 'Payment failed');
      if (!(await applyCollectionStatus(context, reference, status, description))) {
        throw validationError(`Transaction ${reference} is already final`);
      }
      const row = await findTransaction(context, reference);
      return c.json({ statusCode: 200, data: row && toVerifyResult(row) }, 200);
    })
    .post('/disbursements/:reference/status', async (c) => {
      const reference = c.req.param('reference');
      const { status, statusDescription } = await readBody(c, ForceStatusSchema);
      const known = await db
        .selectFrom('sandbox_disbursements')
        .select('reference')
        .where((eb) => eb.or([eb('reference', '=', reference), eb('external_reference', '=', reference)]))
        .executeTakeFirst();
      if (!known) throw sandboxNotFound('Disbursement');
      if (!(await applyDisbursementStatus(context, known.reference, status, statusDescription))) {
        throw validationError(`Disbursement ${reference} is already final`);
      }
      return c.json({ statusCode: 200, data: { reference: known.reference, status } }, 200);
    })
    .get('/webhook-deliveries', async (c) => {
      const query = readQuery(c, DeliveryQuerySchema);
      const page = resolvePage(query, 20);
      let filtered = db.selectFrom('sandbox_webhook_deliveries');
      if (query.reference) filtered = filtered.where('reference', '=', query.reference);
      if (query.state) filtered = filtered.where('state', '=', query.state);
      const { total } = await filtered
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await filtered
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const attempts = rows.length
        ? await db
            .selectFrom('sandbox_webhook_attempts')
            .selectAll()
            .where(
              'delivery_id',
              'in',
              rows.map((row) => row.id),
            )
            .orderBy('attempt')
            .execute()
        : [];
      const deliveries = rows.map((row) => ({
        deliveryId: row.id,
        event: row.event,
        reference: row.reference,
        url: row.url,
        state: row.state,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at).toISOString(),
        lastStatus: row.last_status,
        lastError: row.last_error,
        createdAt: new Date(row.created_at).toISOString(),
        deliveredAt: row.delivered_at === null ? null : new Date(row.delivered_at).toISOString(),
        body: JSON.parse(row.body) as unknown,
        log: attempts
          .filter((a) => a.delivery_id === row.id)
          .map((a) => ({
            attempt: a.attempt,
            at: new Date(a.at).toISOString(),
            status: a.status,
            error: a.error,
            durationMs: a.duration_ms,
          })),
      }));
      return c.json(sandboxListAnswer(deliveries, Number(total), page), 200);
    })
    .post('/webhook-deliveries/:id/redeliver', async (c) => {
      const updated = await db
        .updateTable('sandbox_webhook_deliveries')
        .set({ state: 'pending', next_attempt_at: context.clock.now() })
        .where('id', '=', c.req.param('id'))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw sandboxNotFound('Webhook delivery');
      return c.json({ statusCode: 200, data: { deliveryId: c.req.param('id'), state: 'pending' } }, 200);
    })
    .get('/faults', (c) => c.json({ statusCode: 200, data: context.faults }, 200))
    .put('/faults', async (c) => {
      Object.assign(context.faults, await readBody(c, FaultsSchema));
      return c.json({ statusCode: 200, data: context.faults }, 200);
    });
}
