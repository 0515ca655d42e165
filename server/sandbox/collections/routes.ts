/**
 * Collections: hosted checkouts, direct charge with its customer-input steps, verify, and the list of
 * collection transactions. Behaviour per payer phone number follows scenarios.ts.
 */
import { Hono } from 'hono';
import {
  CheckoutCreateRequestSchema,
  CheckoutListQuerySchema,
  ConfirmRequestSchema,
  DEFAULT_LIMITS,
  DirectChargeRequestSchema,
} from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { sandboxNotFound } from '../errors.ts';
import { dateRange, sandboxListAnswer, resolvePage } from '../lists.ts';
import { findProvider, providerLogoUrl } from '../providers.ts';
import { readBody, readQuery } from '../validate.ts';
import { walletBalance } from '../wallets.ts';
import { confirmCustomerInput } from './confirm.ts';
import { createDirectCharge } from './direct-charge.ts';
import { createHostedCheckout } from './hosted-checkout.ts';
import { hostedPageUrl, toCollectionTransaction, toDirectChargeResult, toVerifyResult } from './mapping.ts';
import { settleDueCollections } from './outcomes.ts';
import { assertReturnTarget } from '../return-targets.ts';
import { assertWebhookTarget } from '../webhook-targets.ts';

export function collectionRoutes(context: SandboxContext) {
  const { db } = context;
  return new Hono()
    .post('/payments/v1/checkouts', async (c) => {
      const request = await readBody(c, CheckoutCreateRequestSchema);
      assertWebhookTarget(context, request.webhook);
      assertReturnTarget(context, 'redirectURL', request.redirectURL);
      assertReturnTarget(context, 'cancelURL', request.cancelURL);
      const row = await createHostedCheckout(context, request);
      const url = hostedPageUrl(context, row);
      return c.json(
        {
          statusCode: 201,
          data: { url, shortURL: url, reference: row.reference, amount: row.amount, currency: row.currency },
        },
        201,
      );
    })
    .get('/payments/v1/checkouts', async (c) => {
      const query = readQuery(c, CheckoutListQuerySchema);
      await settleDueCollections(context);
      const page = resolvePage(query, DEFAULT_LIMITS.checkouts);
      const { from, toExclusive } = dateRange(query.dateFrom, query.dateTo);
      let filtered = db.selectFrom('sandbox_transactions');
      if (from !== undefined) filtered = filtered.where('created_at', '>=', from);
      if (toExclusive !== undefined) filtered = filtered.where('created_at', '<', toExclusive);
      const { total } = await filtered
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await filtered
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('reference', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const items = [];
      for (const row of rows) {
        const balance = await walletBalance(db, 'deposit', row.country, row.currency);
        items.push(toCollectionTransaction(context, row, balance));
      }
      return c.json(sandboxListAnswer(items, Number(total), page), 200);
    })
    .post('/payments/v1/payments/direct-charge', async (c) => {
      const request = await readBody(c, DirectChargeRequestSchema);
      assertWebhookTarget(context, request.webhook);
      assertReturnTarget(context, 'redirectURL', request.redirectURL);
      const row = await createDirectCharge(context, request, c.req.raw.signal);
      return c.json({ statusCode: 201, data: toDirectChargeResult(context, row) }, 201);
    })
    .get('/payments/v1/payments/direct-charge/:provider/properties', (c) => {
      const provider = findProvider(c.req.param('provider'));
      if (!provider || provider.channel !== 'mobile-money') throw sandboxNotFound('Provider');
      const image = providerLogoUrl(context.config.publicUrl, provider.slug);
      return c.json(
        { statusCode: 200, data: { networks: provider.networks.map((n) => ({ ...n, image })) } },
        200,
      );
    })
    .post('/payments/v1/payments/confirm', async (c) => {
      const request = await readBody(c, ConfirmRequestSchema);
      const row = await confirmCustomerInput(context, request);
      return c.json({ statusCode: 201, data: toDirectChargeResult(context, row) }, 201);
    })
    .get('/payments/v1/payments/verify/:reference', async (c) => {
      const reference = c.req.param('reference');
      await settleDueCollections(context, reference);
      const row = await db
        .selectFrom('sandbox_transactions')
        .selectAll()
        .where('reference', '=', reference)
        .executeTakeFirst();
      if (!row) throw sandboxNotFound('Transaction');
      return c.json({ statusCode: 200, data: toVerifyResult(row) }, 200);
    });
}
