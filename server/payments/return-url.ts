/**
 * Where the provider's page (a hosted checkout, or a direct charge answered `redirect`) sends the payer
 * back: the widget's own page, which must be http(s) on an allowed origin, so a payment can never be
 * turned into an open redirect to a phishing page. Our reference rides along so the widget can resume; the cancel URL adds a marker.
 */
import { validationFailed } from '../http/errors.ts';
import { pageOrigins } from '../http/page-origins.ts';

/** Query parameters the widget reads on its page after the hosted checkout. */
export const RETURN_REFERENCE_PARAM = 'pay_reference';
export const RETURN_CANCEL_PARAM = 'pay_cancel';

export type ReturnOrigins = ReadonlySet<string> | 'any';

/**
 * `ALLOWED_ORIGINS` (`*`: any), or this server's own origin when unset; this server's own origin always,
 * since its pay page sends payers to the provider's page and takes them back itself.
 */
export function returnOrigins(
  allowedOrigins: readonly string[] | undefined,
  publicUrl: string,
): ReturnOrigins {
  if (allowedOrigins?.includes('*')) return 'any';
  return new Set([...pageOrigins(allowedOrigins, publicUrl), new URL(publicUrl).origin]);
}

/**
 * The return origins the embedded sandbox registers for its hosted page: the same ones, as a list;
 * none (any) when any origin may embed the checkout.
 */
export function sandboxReturnOrigins(
  allowedOrigins: readonly string[] | undefined,
  publicUrl: string,
): string[] | undefined {
  const origins = returnOrigins(allowedOrigins, publicUrl);
  return origins === 'any' ? undefined : [...origins];
}

/** 400 at `method.returnUrl` unless the URL is http(s) on an allowed origin. */
export function checkReturnUrl(returnUrl: string, origins: ReturnOrigins): URL {
  let url: URL | undefined;
  try {
    url = new URL(returnUrl);
  } catch {
    url = undefined;
  }
  const refuse = (message: string) =>
    validationFailed([{ path: 'method.returnUrl', code: 'invalid', message }]);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw refuse('must be an absolute http(s) URL');
  if (url.username || url.password) throw refuse('must not carry credentials');
  if (origins !== 'any' && !origins.has(url.origin))
    throw refuse('must be on an origin this checkout is embedded on');
  return url;
}

/** The provider's `redirectURL` and `cancelURL` for a payment returning to `returnUrl`. */
export function hostedReturnUrls(
  returnUrl: URL,
  reference: string,
): { redirectURL: string; cancelURL: string } {
  const back = new URL(returnUrl);
  back.searchParams.set(RETURN_REFERENCE_PARAM, reference);
  const cancel = new URL(back);
  cancel.searchParams.set(RETURN_CANCEL_PARAM, '1');
  return { redirectURL: back.toString(), cancelURL: cancel.toString() };
}
