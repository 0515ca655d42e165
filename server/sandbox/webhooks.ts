/**
 * Signed webhook deliveries with retries. A delivery is a row: its body is fixed and signed once, and
 * every retry sends the same bytes with the same `deliveryId`. Due deliveries go out when `deliverDue`
 * runs (the server's scheduler, or a test); failures back off exponentially up to a cap.
 */
import type { Kysely, Transaction } from 'kysely';
import { signWebhook } from '../provider/signature.ts';
import { insertRow, updateWhere } from '../store/prepared.ts';
import type { Database, SandboxWebhookDeliveryRow } from '../store/schema.ts';
import type { SandboxContext } from './context.ts';
import { newSortableId } from './ids.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface WebhookToSend {
  event: string;
  reference: string;
  /** Per-request webhook URL, else the configured one; no URL means nothing to send. */
  url: string | null | undefined;
  /** The event without `deliveryId` and `clientId`, which this module adds. */
  data: Record<string, unknown>;
}

/** Records a delivery to be sent; call inside the same transaction as the state change it reports. */
export async function enqueueWebhook(sandbox: SandboxContext, db: Executor, webhook: WebhookToSend) {
  const url = webhook.url ?? sandbox.config.webhookUrl;
  if (!url) return null;
  const now = sandbox.clock.now();
  const id = newSortableId('dlv', now);
  const body = JSON.stringify({
    event: webhook.event,
    clientId: sandbox.config.clientId,
    deliveryId: id,
    data: webhook.data,
  });
  await insertRow(db, 'sandbox_webhook_deliveries', {
    id,
    event: webhook.event,
    reference: webhook.reference,
    url,
    body,
    signature: signWebhook(body, sandbox.config.clientSecret),
    state: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_status: null,
    last_error: null,
    created_at: now,
    delivered_at: null,
  });
  return id;
}

/** Backoff before attempt n+1 after n failures: base * 2^(n-1), capped. */
export function backoffMs(failures: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
}

/** Sends every delivery that is due now; answers how many were attempted. */
export async function deliverDue(sandbox: SandboxContext): Promise<number> {
  const now = sandbox.clock.now();
  const due = await sandbox.db
    .selectFrom('sandbox_webhook_deliveries')
    .selectAll()
    .where('state', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('created_at', sandbox.faults.outOfOrderDeliveries ? 'desc' : 'asc')
    .orderBy('id', sandbox.faults.outOfOrderDeliveries ? 'desc' : 'asc')
    .limit(DELIVERIES_PER_ROUND)
    .execute();
  // A payment's deliveries go out in order, one after another; different payments' go out side by side
  // (at most DELIVERIES_IN_FLIGHT at once), so one slow receiver or a busy server does not leave the
  // round's other payments waiting, and the sandbox keeps up with a merchant taking many payments.
  const byReference = new Map<string, SandboxWebhookDeliveryRow[]>();
  for (const delivery of due) {
    const queue = byReference.get(delivery.reference);
    if (queue) queue.push(delivery);
    else byReference.set(delivery.reference, [delivery]);
  }
  const queues = [...byReference.values()];
  const worker = async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) {
      for (const delivery of queue) await deliver(sandbox, delivery);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELIVERIES_IN_FLIGHT, queues.length) }, worker));
  return due.length;
}

/** Deliveries one round sends at most, and how many of them are on their way at once. */
const DELIVERIES_PER_ROUND = 500;
const DELIVERIES_IN_FLIGHT = 25;

async function deliver(sandbox: SandboxContext, delivery: SandboxWebhookDeliveryRow) {
  if (sandbox.faults.droppedDeliveries) {
    await updateWhere(
      sandbox.db,
      'sandbox_webhook_deliveries',
      { state: 'failed', last_error: 'Dropped by fault injection', next_attempt_at: null },
      { id: delivery.id },
    );
    return;
  }
  const copies = sandbox.faults.duplicateDeliveries ? 2 : 1;
  let outcome = await attempt(sandbox, delivery.url, delivery.body, delivery.signature);
  for (let copy = 1; copy < copies; copy++)
    outcome = await attempt(sandbox, delivery.url, delivery.body, delivery.signature);
  await recordAttempt(sandbox, delivery.id, delivery.attempts + 1, outcome);
}

interface AttemptOutcome {
  status: number | null;
  error: string | null;
  durationMs: number;
}

async function attempt(
  sandbox: SandboxContext,
  url: string,
  body: string,
  signature: string,
): Promise<AttemptOutcome> {
  const started = performance.now();
  try {
    const response = await sandbox.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-webhook-signature': signature },
      body,
      // A redirect is not followed: its Location could name any address, past the checks the webhook URL
      // passed when it was given (a 307 keeps the method and the signed body). It fails the attempt.
      redirect: 'manual',
      signal: AbortSignal.timeout(sandbox.config.webhookTimeoutMs),
    });
    // The body is irrelevant, but reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    const redirected = response.status >= 300 && response.status < 400;
    return {
      status: response.status,
      error: ok ? null : redirected ? `HTTP ${response.status}: redirects are not followed` : `HTTP ${response.status}`,
      durationMs: elapsed(started),
    };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { status: null, error: message.slice(0, 300), durationMs: elapsed(started) };
  }
}

const elapsed = (started: number) => Math.round(performance.now() - started);

async function recordAttempt(
  sandbox: SandboxContext,
  id: string,
  attemptNumber: number,
  outcome: AttemptOutcome,
) {
  const { config, clock } = sandbox;
  const now = clock.now();
  const delivered = outcome.error === null;
  const givenUp = !delivered && attemptNumber >= config.webhookMaxAttempts;
  await sandbox.db.transaction().execute(async (trx) => {
    await insertRow(trx, 'sandbox_webhook_attempts', {
      delivery_id: id,
      attempt: attemptNumber,
      at: now,
      status: outcome.status,
      error: outcome.error,
      duration_ms: outcome.durationMs,
    });
    const delivery = {
      state: delivered ? 'delivered' : givenUp ? 'failed' : 'pending',
      attempts: attemptNumber,
      last_status: outcome.status,
      last_error: outcome.error,
      delivered_at: delivered ? now : null,
      next_attempt_at:
        delivered || givenUp
          ? null
          : now + backoffMs(attemptNumber, config.webhookBackoffBaseMs, config.webhookBackoffCapMs),
    };
    await updateWhere(trx, 'sandbox_webhook_deliveries', delivery, { id });
  });
}
