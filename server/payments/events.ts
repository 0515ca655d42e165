/**
 * Status pushes: "payment REF is now at version N", for the SSE streams of every
 * instance. SQLite means one process, so an in-process emitter suffices; with PostgreSQL several
 * instances share the database, so changes also travel as NOTIFY on channel `payment_events` (payload
 * `reference:version`) and one dedicated connection per instance LISTENs.
 *
 * Delivery is best effort by design: a stream re-reads the payment on every heartbeat, so a lost
 * notification (a dropped LISTEN connection) delays an update by one heartbeat at worst, never loses it.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type pg from 'pg';
import type { Logger } from '../logger.ts';
import type { Store } from '../store/database.ts';

type PaymentListener = (version: number) => void;

export interface PaymentEvents {
  /**
   * Tells every subscriber of `reference` (on every instance) that it reached `version`. Never throws.
   * `logger`: the request's, when a request made the change (a failed NOTIFY is logged with it).
   */
  publish(reference: string, version: number, logger?: Pick<Logger, 'error'>): Promise<void>;
  /** Answers the unsubscribe function. */
  subscribe(reference: string, listener: PaymentListener): () => void;
  /**
   * Resolves once changes made by other instances are heard (the LISTEN is active); a subscriber reads
   * the current state after this, so no change falls between that read and the first notification.
   */
  ready(): Promise<void>;
  /** Aborted once `close()` is called: open streams end then, so none holds a shutdown up. */
  readonly closing: AbortSignal;
  close(): Promise<void>;
}

const PAYMENT_EVENTS_CHANNEL = 'payment_events';

export interface PaymentEventsOptions {
  /** The PostgreSQL URL, for the LISTEN connection (the pool's connections cannot stay listening). */
  databaseUrl?: string | undefined;
  logger: Pick<Logger, 'warn' | 'error'>;
}

export function createPaymentEvents(store: Store, options: PaymentEventsOptions): PaymentEvents {
  const local = new EventEmitter();
  const closing = new AbortController();
  // One listener per open stream: the default cap of 10 would warn about a normal load.
  local.setMaxListeners(0);
  const emit = (reference: string, version: number) => local.emit(reference, version);
  const subscribe = (reference: string, listener: PaymentListener) => {
    local.on(reference, listener);
    return () => void local.off(reference, listener);
  };

  if (store.engine !== 'postgres' || !options.databaseUrl) {
    return {
      publish: async (reference, version) => void emit(reference, version),
      subscribe,
      ready: async () => undefined,
      closing: closing.signal,
      close: async () => {
        closing.abort();
        local.removeAllListeners();
      },
    };
  }

  const { logger } = options;
  const connectionString = options.databaseUrl;
  let listening: Promise<pg.Client> | null = null;
  let closed = false;

  /** Connects on the first subscription, and again after the connection dropped. */
  function ensureListening() {
    if (closed || listening) return;
    let client: pg.Client | undefined;
    const dropped = (error?: Error) => {
      if (error)
        logger.warn(
          { err: error },
          'payment events: LISTEN connection lost; reconnecting on next subscription',
        );
      listening = null;
      client?.removeAllListeners();
      client?.end().catch(() => undefined);
    };
    // `pg` is loaded on first use, so a SQLite process never loads it.
    listening = import('pg').then(async ({ default: pg }) => {
      const connected = new pg.Client({ connectionString });
      client = connected;
      connected.on('notification', (message) => {
        const [reference, version] = (message.payload ?? '').split(':');
        if (reference && version && /^\d+$/.test(version)) emit(reference, Number(version));
      });
      connected.on('error', dropped);
      connected.on('end', () => dropped());
      await connected.connect();
      await connected.query(`LISTEN ${PAYMENT_EVENTS_CHANNEL}`);
      return connected;
    });
    listening.catch((error: unknown) => dropped(error instanceof Error ? error : new Error(String(error))));
  }

  return {
    async publish(reference, version, requestLogger: Pick<Logger, 'error'> = logger) {
      // Local streams hear at once; other instances through NOTIFY (ours hears it too, harmlessly:
      // streams skip versions they already sent).
      emit(reference, version);
      try {
        await sql`select pg_notify(${PAYMENT_EVENTS_CHANNEL}, ${`${reference}:${version}`})`.execute(
          store.db,
        );
      } catch (error) {
        requestLogger.error({ err: error, reference }, 'payment events: NOTIFY failed');
      }
    },
    subscribe(reference, listener) {
      ensureListening();
      return subscribe(reference, listener);
    },
    async ready() {
      ensureListening();
      // Best effort: without a LISTEN connection, streams still catch up on every heartbeat.
      await listening?.catch(() => undefined);
    },
    closing: closing.signal,
    async close() {
      closed = true;
      closing.abort();
      local.removeAllListeners();
      const client = await listening?.catch(() => null);
      listening = null;
      if (client) {
        client.removeAllListeners();
        await client.end().catch(() => undefined);
      }
    },
  };
}
