/**
 * The payer's payment token on the pay page: in an HttpOnly cookie scoped to that payment's pages
 * (`/pay/p/<reference>`), never in a URL, so it is in no history, log or Referer, and another payment's
 * pages never receive it. SameSite=Lax: sent when the payer comes back from the provider's page (a
 * top-level navigation), not with another site's POST.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

const COOKIE = 'pay_token';
/** Long enough to come back from a wallet app or a bank transfer the next morning. */
const MAX_AGE_SECONDS = 2 * 24 * 60 * 60;

export const paymentPath = (reference: string) => `/pay/p/${reference}`;

export function keepPaymentToken(c: Context, reference: string, token: string, secure: boolean) {
  setCookie(c, COOKIE, token, {
    path: paymentPath(reference),
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    maxAge: MAX_AGE_SECONDS,
  });
}

export const paymentToken = (c: Context): string | undefined => getCookie(c, COOKIE);
