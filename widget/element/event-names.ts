/**
 * Every event `<pay-checkout>` fires, by name (their classes and details: events.ts). For code that
 * listens to all of them: the isolation frame that relays them, the demo's event log, the tests. Kept out
 * of the package's exports, so the bundles carry it only where it is used.
 */
import type {} from './events.ts';

export const PAY_EVENTS = [
  'pay-ready',
  'pay-submit',
  'pay-otp-required',
  'pay-pending',
  'pay-success',
  'pay-failed',
  'pay-cancel',
  'pay-error',
] as const satisfies readonly (keyof HTMLElementEventMap)[];

export type PayEventName = (typeof PAY_EVENTS)[number];
