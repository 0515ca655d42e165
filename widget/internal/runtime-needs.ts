/**
 * What the widget needs from the browser that a page might not have, as paths from the global object:
 * `canRun()` (support.ts) leaves `<pay-checkout>` undefined unless every one is there, and the lint
 * (eslint.config.js) lets widget code use them unguarded, even one newer than the browser floor, because
 * no browser without it gets that far. A feature the lint flags in widget code is either guarded where it
 * is used or added here, so what `canRun()` tests and what the lint allows are one list.
 */
// One string split at load: as an array literal it ships 34 B (brotli) more in the classic script.
export const RUNTIME_NEEDS: readonly string[] =
  'customElements Element.prototype.attachShadow fetch AbortController Intl.NumberFormat crypto.getRandomValues'.split(
    ' ',
  );
