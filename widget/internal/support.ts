/**
 * Whether this browser has what the widget needs. Where it does not (an engine below the floor that
 * still parses the script, a stripped-down in-app browser), `<pay-checkout>` is left undefined: the
 * browser then shows the element's own content, the merchant's fallback (a link to a payment page),
 * instead of a form that would break halfway through a payment.
 */
import { RUNTIME_NEEDS } from './runtime-needs.ts';

/**
 * Each of RUNTIME_NEEDS is there: a path of properties from the global object, every step of it an
 * object or a function (truthy), so a missing one ends the walk with `undefined`.
 */
export const canRun = (scope: object = globalThis): boolean =>
  RUNTIME_NEEDS.every((path) =>
    path.split('.').reduce<unknown>((value, key) => value && (value as Record<string, unknown>)[key], scope),
  );
