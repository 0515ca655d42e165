/**
 * Whether this browser has what the widget needs. Where it does not (an engine below the floor that
 * still parses the script, a stripped-down in-app browser), `<pay-checkout>` is left undefined: the
 * browser then shows the element's own content, the merchant's fallback (a link to a payment page),
 * instead of a form that would break halfway through a payment.
 */
export const canRun = (): boolean =>
  typeof customElements !== 'undefined' &&
  typeof Element !== 'undefined' &&
  'attachShadow' in Element.prototype &&
  typeof fetch === 'function' &&
  typeof AbortController === 'function' &&
  typeof Intl === 'object' &&
  typeof Intl.NumberFormat === 'function' &&
  typeof crypto === 'object' &&
  typeof crypto.getRandomValues === 'function';
