/**
 * How many payment event streams may be open at once on this instance: per payment (a payer's tabs,
 * a reconnecting widget) and per client IP (payers behind one carrier NAT share it, so it is wider).
 * A stream holds a connection for up to 30 minutes: without a cap one client could hold them all.
 * Past a cap: 429 `rate_limited`, and the widget follows the payment by polling instead.
 */
import { ApiError } from '../http/errors.ts';
import { HEARTBEAT_MS } from './stream.ts';

export interface StreamCaps {
  perPayment: number;
  perIp: number;
}

export interface StreamSlots {
  /** Takes a slot for a stream of `reference` from `ip`, or throws 429; answers its release (idempotent). */
  take(reference: string, ip: string): () => void;
}

export function createStreamSlots(caps: StreamCaps): StreamSlots {
  const byPayment = new Map<string, number>();
  const byIp = new Map<string, number>();
  return {
    take(reference, ip) {
      if ((byPayment.get(reference) ?? 0) >= caps.perPayment) {
        throw refusal(`At most ${caps.perPayment} event streams may follow one payment at once`);
      }
      if ((byIp.get(ip) ?? 0) >= caps.perIp) {
        throw refusal(`At most ${caps.perIp} event streams may be open from one address at once`);
      }
      add(byPayment, reference, 1);
      add(byIp, ip, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(byPayment, reference, -1);
        add(byIp, ip, -1);
      };
    },
  };
}

/** A slot frees when a stream ends; a heartbeat's wait is a fair guess before trying again. */
const refusal = (message: string) =>
  new ApiError(429, 'rate_limited', message, { retryAfterSeconds: HEARTBEAT_MS / 1000 });

function add(counts: Map<string, number>, key: string, delta: number) {
  const next = (counts.get(key) ?? 0) + delta;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
