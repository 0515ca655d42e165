/** GET /payments/v1/payment-links (list) and /payments/v1/payment-links/:id (with analytics). */
import { Hono } from 'hono';
import { DEFAULT_LIMITS, PaymentLinkListQuerySchema } from '../../provider/schemas.ts';
import type { SandboxContext } from '../context.ts';
import { sandboxNotFound } from '../errors.ts';
import { sandboxListAnswer, resolvePage } from '../lists.ts';
import { readQuery } from '../validate.ts';
import { settleDueCollections } from '../collections/outcomes.ts';
import { collectedByLink, linkAnalytics } from './analytics.ts';
import { toPaymentLink } from './mapping.ts';

export function paymentLinkRoutes(context: SandboxContext) {
  const { db } = context;
  return new Hono()
    .get('/payments/v1/payment-links', async (c) => {
      const query = readQuery(c, PaymentLinkListQuerySchema);
      await settleDueCollections(context);
      const page = resolvePage(query, DEFAULT_LIMITS.paymentLinks);
      let filtered = db.selectFrom('sandbox_payment_links');
      if (query.country) filtered = filtered.where('country', '=', query.country);
      if (query.currency) filtered = filtered.where('currency', '=', query.currency);
      const { total } = await filtered
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await filtered
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const collected = await collectedByLink(
        context,
        rows.map((row) => row.id),
      );
      const links = rows.map((row) => toPaymentLink(context, row, collected.get(row.id) ?? 0));
      return c.json(sandboxListAnswer(links, Number(total), page), 200);
    })
    .get('/payments/v1/payment-links/:id', async (c) => {
      await settleDueCollections(context);
      const row = await db
        .selectFrom('sandbox_payment_links')
        .selectAll()
        .where('id', '=', c.req.param('id'))
        .executeTakeFirst();
      if (!row) throw sandboxNotFound('Payment link');
      const analytics = await linkAnalytics(context, row.id, JSON.parse(row.providers) as string[]);
      const link = toPaymentLink(context, row, analytics.totalTransactionAmount);
      return c.json({ statusCode: 200, data: { ...link, analytics } }, 200);
    });
}
