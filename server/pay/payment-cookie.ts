/**
 * The payer's payment token on the pay page: in an HttpOnly cookie scoped to that payment's pages
 * (`/pay/p/<reference>`), never in a URL, so it is in no history, log or Referer, and another payment's
 * pages never receive it. SameSite=Lax: sent when the payer comes back from the provider's page (a
 * top-level navigation), not with another site's POST.
 *
 * That cookie is set by the form's post, whose path (`/pay/<link>`) is not under the cookie's path. Browsers
 * that follow RFC 2109 (lynx) reject such a cookie, so the token also rides, for one hop, in a cookie they
 * accept: `pay_next`, `Path=/pay`, ten minutes, holding the reference and the token. The payment's own page
 * moves it to its own cookie (set from a path under its own, which every browser keeps) and deletes it.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const COOKIE = 'pay_token';
const CARRIED = 'pay_next';
/** Long enough to come back from a wallet app or a bank transfer the next morning. */
const MAX_AGE_SECONDS = 2 * 24 * 60 * 60;
/** The carried token waits for the form's redirect only: minutes, not days. */
const CARRIED_MAX_AGE_SECONDS = 10 * 60;

export const paymentPath = (reference: string) => `/pay/p/${reference}`;

const options = (path: string, secure: boolean, maxAge: number) =>
  ({ path, httpOnly: true, sameSite: 'Lax', secure, maxAge }) as const;

/** After the form's post: the token for the payment's pages, and carried to the first of them. */
export function keepPaymentToken(c: Context, reference: string, token: string, secure: boolean) {
  setCookie(c, COOKIE, token, options(paymentPath(reference), secure, MAX_AGE_SECONDS));
  setCookie(c, CARRIED, `${reference}.${token}`, options('/pay', secure, CARRIED_MAX_AGE_SECONDS));
}

/**
 * The token this request presents for `reference`: its own cookie, else the one carried from the form.
 * A carried token is deleted once a payment's page is reached; `moveCarried` also keeps it where it belongs.
 */
export function paymentToken(c: Context, reference: string): { token?: string; carried: boolean } {
  const own = getCookie(c, COOKIE);
  const carried = getCookie(c, CARRIED);
  if (carried !== undefined) deleteCookie(c, CARRIED, { path: '/pay' });
  if (own) return { token: own, carried: false };
  const [carriedReference, token] = carried?.split('.') ?? [];
  return carriedReference === reference && token ? { token, carried: true } : { carried: false };
}

/** The carried token, proven right, kept in the payment's own cookie (set from one of its pages). */
export function moveCarried(c: Context, reference: string, token: string, secure: boolean) {
  setCookie(c, COOKIE, token, options(paymentPath(reference), secure, MAX_AGE_SECONDS));
}
