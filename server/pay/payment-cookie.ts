/**
 * The payer's payment token on the pay page: in an HttpOnly cookie scoped to that payment's pages
 * (`/pay/p/<reference>`), never in a URL, so it is in no history, log or Referer. SameSite=Lax: sent when
 * the payer comes back from the provider's page (a top-level navigation), not with another site's POST.
 *
 * Some browsers never send that cookie back to the payment's pages: lynx keeps a cookie only when its path
 * is above the request's (RFC 2109), and the form's post (`/pay/<link>`) is not under `/pay/p/<reference>`;
 * and it matches a path against the URL with its query, so `/pay/p/<reference>?lang=en` is not under it
 * either. So the token also rides in `pay_next` (`<reference>.<token>`, `Path=/pay`), which such a browser
 * keeps and sends. A payment's page reads it only when its own cookie is missing and the reference is its
 * own; the payment's end deletes it, and the next payment's form replaces it.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

const COOKIE = 'pay_token';
const CARRIED = 'pay_next';
/** Long enough to come back from a wallet app or a bank transfer the next morning. */
const MAX_AGE_SECONDS = 2 * 24 * 60 * 60;

export const paymentPath = (reference: string) => `/pay/p/${reference}`;

const options = (path: string, secure: boolean) =>
  ({ path, httpOnly: true, sameSite: 'Lax', secure, maxAge: MAX_AGE_SECONDS }) as const;

/** After the form's post: the token for the payment's pages, in both cookies. */
export function keepPaymentToken(c: Context, reference: string, token: string, secure: boolean) {
  setCookie(c, COOKIE, token, options(paymentPath(reference), secure));
  setCookie(c, CARRIED, `${reference}.${token}`, options('/pay', secure));
}

/** The token this request presents for `reference`: its own cookie, else the one carried from the form. */
export function paymentToken(c: Context, reference: string): string | undefined {
  const own = getCookie(c, COOKIE);
  if (own) return own;
  const [carriedReference, token] = getCookie(c, CARRIED)?.split('.') ?? [];
  return carriedReference === reference ? token : undefined;
}

/** The payment has ended (its receipt opens by its own address): the carried token is no longer needed. */
export function forgetCarried(c: Context, reference: string) {
  if (getCookie(c, CARRIED)?.startsWith(`${reference}.`)) deleteCookie(c, CARRIED, { path: '/pay' });
}
