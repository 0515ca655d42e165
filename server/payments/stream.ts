/**
 * `GET /api/v1/payments/:reference/events`: Server-Sent Events, `event: payment`,
 * `data:` the Payment, `id:` its version. The current state goes out at once, then every change; a
 * `: heartbeat` comment every 15 seconds keeps proxies from closing an idle stream, and on each one the
 * payment is re-read (and verified, throttled), so a lost notification costs one heartbeat at most (the
 * first comes once the verify throttle allows, within 5 s). The stream ends after a final status, when
 * the client leaves, when this instance shuts down, or after a while (the widget reconnects).
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { PaymentRow } from '../store/schema.ts';
import { isFinal } from './lifecycle.ts';
import { findPayment, toPayment } from './repository.ts';
import { refreshPayment, VERIFY_THROTTLE_MS, type VerifyContext } from './verify.ts';

export const HEARTBEAT_MS = 15_000;
/** Long enough for any payer step; a stream left open by a vanished client still ends. */
const MAX_STREAM_MS = 30 * 60_000;

/** `release` frees the stream's slot (stream-slots.ts) once it has ended, however it ends. */
export function paymentStream(
  c: Context,
  context: VerifyContext,
  first: PaymentRow,
  release: () => void = () => undefined,
): Response {
  c.header('X-Accel-Buffering', 'no'); // nginx: pass events through as they come
  return streamSSE(c, async (stream) => {
    const gone = new AbortController();
    const end = () => gone.abort();
    stream.onAbort(end);
    c.req.raw.signal.addEventListener('abort', end, { once: true });
    // This instance shutting down ends the stream too (the widget then polls, reaching another). The
    // signal lives as long as the process: the listener goes with the stream, or each one would stay.
    const { closing } = context.events;
    if (closing.aborted) end();
    closing.addEventListener('abort', end, { once: true });
    const changes = changeSignal(context, first.reference);
    try {
      await follow(stream, context, first, changes, gone.signal);
    } catch (error) {
      context.logger.error({ err: error, reference: first.reference }, 'payment stream failed');
    } finally {
      closing.removeEventListener('abort', end);
      changes.close();
      release();
    }
  });
}

async function follow(
  stream: SSEStreamingApi,
  context: VerifyContext,
  first: PaymentRow,
  changes: ChangeSignal,
  gone: AbortSignal,
) {
  const endsAt = context.clock.now() + MAX_STREAM_MS;
  // Subscribed and listening: whatever changes after this read is notified.
  await context.events.ready();
  let current = (await findPayment(context.db, first.reference)) ?? first;
  let sent = 0;
  // The first look comes as soon as verify may run again, not a heartbeat later: a payer back from the
  // provider's page seconds after the last verify (a cancel there sends no webhook) sees it within 5 s.
  const throttled =
    current.verified_at === null ? 0 : current.verified_at + VERIFY_THROTTLE_MS - context.clock.now();
  let wait = throttled > 0 ? throttled : HEARTBEAT_MS;
  for (;;) {
    if (current.version > sent) {
      await stream.writeSSE({
        event: 'payment',
        data: JSON.stringify(toPayment(current, context.receiptUrl)),
        id: String(current.version),
      });
      sent = current.version;
    }
    if (isFinal(current.status) || gone.aborted || context.clock.now() >= endsAt) return;
    const changed = await changes.next(wait, gone);
    wait = HEARTBEAT_MS;
    if (gone.aborted) return;
    if (changed) {
      current = (await findPayment(context.db, first.reference)) ?? current;
    } else {
      await stream.write(': heartbeat\n\n');
      current = await refreshPayment(context, current);
    }
  }
}

interface ChangeSignal {
  /** True when a change was published, false after `ms` of quiet (or when `gone` aborts). */
  next(ms: number, gone: AbortSignal): Promise<boolean>;
  close(): void;
}

/** Published versions of one payment, as "something changed" wake-ups; none is lost between waits. */
function changeSignal(context: VerifyContext, reference: string): ChangeSignal {
  let missed = false;
  let wake: (() => void) | null = null;
  const unsubscribe = context.events.subscribe(reference, () => {
    missed = true;
    wake?.();
  });
  return {
    async next(ms, gone) {
      if (missed) {
        missed = false;
        return true;
      }
      const quiet = new AbortController();
      const changed = new Promise<boolean>((resolve) => (wake = () => resolve(true)));
      // Sleeping on the injected clock: tests move time instead of waiting 15 seconds.
      const slept = context.clock.sleep(ms, AbortSignal.any([quiet.signal, gone])).then(
        () => false,
        () => false,
      );
      const result = await Promise.race([changed, slept]);
      wake = null;
      missed = false;
      quiet.abort();
      return result;
    },
    close: unsubscribe,
  };
}
