/**
 * What every part of the sandbox shares: its settings, the database, the clock, the outbound fetch for
 * webhooks, and the faults an operator injected through the admin API.
 */
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Database } from '../store/schema.ts';
import type { SandboxConfig } from './config.ts';

export interface Faults {
  /** Added to every provider API answer. */
  latencyMs: number;
  /** Share (0..1) of provider API calls answered with a 500 `ProviderError`. */
  errorRate: number;
  /** Send every webhook twice (same deliveryId), as providers do after a lost acknowledgement. */
  duplicateDeliveries: boolean;
  /** Deliver due webhooks newest first, so receivers see later statuses before earlier ones. */
  outOfOrderDeliveries: boolean;
  /**
   * Lose every due webhook: each delivery is given up at once, never sent, as a provider whose messages
   * never arrive. What a receiver then knows comes only from verify and the lists (reconciliation).
   */
  droppedDeliveries: boolean;
}

export const NO_FAULTS: Faults = {
  latencyMs: 0,
  errorRate: 0,
  duplicateDeliveries: false,
  outOfOrderDeliveries: false,
  droppedDeliveries: false,
};

export interface SandboxContext {
  config: SandboxConfig;
  db: Kysely<Database>;
  clock: Clock;
  /** Outbound HTTP for webhook deliveries (a test passes its own). */
  fetch: typeof fetch;
  /** Uniform random number in [0, 1); injectable so fault injection is deterministic in tests. */
  random: () => number;
  faults: Faults;
  /** References whose `05` (answer 500 once) has already fired. */
  failedOnce: Set<string>;
}
