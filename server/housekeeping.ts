/**
 * Housekeeping: deleting what has lapsed and that nothing else deletes (spent idempotency keys, uploads
 * no payment used, ended console sessions, rate-limit windows no longer counted, "Pay on your phone"
 * handoffs a day after they expired). Each lapsed row is
 * already ignored by the code that reads it, so this only keeps the tables small; it changes no answer.
 * main.ts runs it on the reconciliation's interval, as its own round: a failed reconciliation does not
 * stop it, nor it a reconciliation.
 */
import type { Clock } from './clock.ts';
import { purgeExpiredConsoleSessions } from './console/sessions.ts';
import { purgeLapsedHandoffs } from './handoffs/service.ts';
import { purgeIdempotencyKeys } from './idempotency/keys.ts';
import { purgeEndedRateLimitWindows } from './rate-limits/window-counter.ts';
import type { Store } from './store/database.ts';
import { purgeExpiredUploads } from './uploads/service.ts';

/** How many rows of each kind one round deleted. */
export interface HousekeepingReport {
  idempotencyKeys: number;
  uploads: number;
  consoleSessions: number;
  rateLimitWindows: number;
  handoffs: number;
}

export async function housekeeping(deps: { store: Store; clock: Clock }): Promise<HousekeepingReport> {
  const { store, clock } = deps;
  const now = clock.now();
  return {
    idempotencyKeys: await purgeIdempotencyKeys(store.db, now),
    uploads: await purgeExpiredUploads({ store, clock }),
    consoleSessions: await purgeExpiredConsoleSessions(store.db, now),
    rateLimitWindows: await purgeEndedRateLimitWindows(store.db, now),
    handoffs: await purgeLapsedHandoffs(store.db, now),
  };
}
