/**
 * The merchant's delivery log (issue 6), behind the merchant key or the console's cookie: the list of
 * notifications with their attempts, and a manual retry (`POST /:id/retry`) of one that gave up.
 */
import { createRoute } from '@hono/zod-openapi';
import { errors, MERCHANT_ONLY, page, pathIds, single } from '../contract/describe.ts';
import { NotificationSchema } from '../contract/notifications.ts';
import { createOpenApiApp, type AppDeps } from '../env.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { requireMerchant } from '../middleware/merchant-auth.ts';
import { listNotifications, NotificationListQuerySchema, retryNotification } from './list.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

const listRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['Merchant'],
  operationId: 'listNotifications',
  summary: 'Notifications sent to MERCHANT_WEBHOOK_URL, with every delivery attempt',
  description:
    'Each final payment or payout status is announced once as a Standard Webhooks message (`webhook-id`, `webhook-timestamp`, `webhook-signature`), retried with backoff until delivered or given up (`failed`).',
  security: MERCHANT_ONLY,
  request: { query: NotificationListQuerySchema },
  responses: {
    200: page('A page of notifications, newest first', NotificationSchema),
    ...errors(400, 401, 429),
  },
});

const retryRoute = createRoute({
  method: 'post',
  path: '/{id}/retry',
  tags: ['Merchant'],
  operationId: 'retryNotification',
  summary: 'Send a notification again now',
  description:
    'A `failed` (or `delivered`) notification is queued at once with a fresh round of attempts, under the same `webhook-id` and body; a `pending` one is already queued and is answered as it is. A notification purged under RETENTION_DAYS is 404.',
  security: MERCHANT_ONLY,
  request: { params: pathIds('id', 'Notification id (the webhook-id)') },
  responses: { 200: single('The notification', NotificationSchema), ...errors(400, 401, 403, 404, 429) },
});

export function notificationRoutes(deps: Pick<AppDeps, 'config' | 'store' | 'clock'>) {
  const { config, store, clock } = deps;
  const merchant = requireMerchant(config.merchantApiKeys);

  return createOpenApiApp()
    .openapi({ ...listRoute, middleware: merchant }, async (c) =>
      c.json(await listNotifications(store.db, c.req.valid('query')), 200, NO_STORE),
    )
    .openapi({ ...retryRoute, middleware: merchant }, async (c) => {
      const { id } = c.req.valid('param');
      const notification = await retryNotification(
        store.db,
        id,
        clock.now(),
        config.merchantWebhookMaxAttempts,
      );
      if (!notification) throw notFound('Notification');
      if (notification.purgedAt) {
        // Its payload held customer data and is gone: there is nothing left to send.
        throw new ApiError(
          404,
          'not_found',
          'This notification was purged under RETENTION_DAYS and cannot be sent again',
        );
      }
      c.get('logger').info(
        { notification: id, status: notification.status },
        'merchant notification re-queued by the merchant',
      );
      return c.json({ statusCode: 200, data: notification }, 200, NO_STORE);
    });
}
