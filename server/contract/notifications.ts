/**
 * The merchant's view of notification deliveries (GET /api/v1/notifications): one message to
 * MERCHANT_WEBHOOK_URL with its delivery state and every attempt. Server-only: the widget never reads
 * these, so there is no type in widget/shared/contract.ts to check against.
 */
import { z } from 'zod';
import { InstantSchema } from './common.ts';

export const NOTIFICATION_STATUSES = ['pending', 'delivered', 'failed'] as const;
const NOTIFICATION_TYPES = [
  'payment.succeeded',
  'payment.failed',
  'payment.expired',
  'payment.cancelled',
  // A payment already final was flagged for the merchant's attention (e.g. `over_limit`): look, maybe refund.
  'payment.flagged',
  'payout.succeeded',
  'payout.failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const NotificationAttemptSchema = z
  .object({
    attempt: z.int().min(1),
    at: InstantSchema,
    statusCode: z.int().optional().describe("The merchant endpoint's HTTP status; absent when it gave none"),
    error: z.string().optional(),
    durationMs: z.int().min(0),
  })
  .meta({ id: 'NotificationAttempt' });

export const NotificationSchema = z
  .object({
    id: z.string().describe('The `webhook-id`, the same on every attempt'),
    type: z.enum(NOTIFICATION_TYPES),
    subject: z.string().describe('The payment or payout reference'),
    status: z.enum(NOTIFICATION_STATUSES),
    attempts: z.int().min(0),
    nextAttemptAt: InstantSchema.optional(),
    lastStatusCode: z.int().optional(),
    lastError: z.string().optional(),
    createdAt: InstantSchema,
    deliveredAt: InstantSchema.optional(),
    payload: z
      .object({ type: z.string(), timestamp: InstantSchema, data: z.record(z.string(), z.unknown()) })
      .optional()
      .describe('The Standard Webhooks payload, as signed and sent; absent once purged'),
    purgedAt: InstantSchema.optional().describe(
      'When RETENTION_DAYS removed the payload (it held customer data); it cannot be sent again',
    ),
    history: z.array(NotificationAttemptSchema),
  })
  .meta({ id: 'Notification' });

export type Notification = z.infer<typeof NotificationSchema>;
export type NotificationAttempt = z.infer<typeof NotificationAttemptSchema>;
