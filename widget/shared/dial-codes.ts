/**
 * USSD codes in a provider's instructions ("Dial *144*8*1# to get a code") and the `tel:` link that dials
 * one. Free of lit, so the server's pay pages import it without loading lit at start: a module loaded at
 * start stays resident for the process's life (`npm run bench`, its `peak RSS under load` line).
 */

/** A USSD code: `*`, then digits and further `*`, ending in `#` ("*126#", "*144*8*1#"). */
export const USSD = /\*[0-9][0-9*]*#/g;

/** The dialler's URI of a code: `#` must be escaped, or the browser reads it as the URI's fragment. */
export const telHref = (code: string) => `tel:${code.replace(/#/g, '%23')}`;
