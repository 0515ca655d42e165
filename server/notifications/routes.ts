/**
 * The merchant's delivery log (issue 6), behind the merchant key or the console's cookie: the list of
 * notifications with their attempts, and a manual retry (`POST /:id/retry`) of one that gave up.
 */
import { factory, type AppDeps } from '../env.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import { requireMerchant } from '../http/merchant-auth.ts';
import { readQuery } from '../merchant/query.ts';
import { listNotifications, NotificationListQuerySchema, retryNotification } from './list.ts';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function notificationRoutes(deps: Pick<AppDeps, 'config' | 'store' | 'clock'>) {
  const { config, store, clock } = deps;
  const merchant = requireMerchant(config.merchantApiKeys);

  return factory
    .createApp()
    .get('/', merchant, async (c) => {
      const query = readQuery(c, NotificationListQuerySchema);
      return c.json(await listNotifications(store.db, query), 200, NO_STORE);
    })
    .post('/:id/retry', merchant, async (c) => {
      const id = pathId(c, 'id');
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
