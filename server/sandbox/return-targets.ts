/**
 * Where the hosted page may send the payer once they have decided (a checkout's `redirectURL` and
 * `cancelURL`, a direct charge's `redirectURL`). A page on the sandbox's address that forwards to any URL
 * it was given is an open redirect: anyone holding the (public, in the demo) credentials could create a
 * checkout whose approve button lands on a phishing page under a trusted address. A real provider sends
 * the payer back only to the return addresses the merchant registered; the embedded sandbox registers its
 * backend's page origins (ALLOWED_ORIGINS, else its own), the same ones the backend accepts a payment's
 * return URL on. Checked when the URL is given (a 400 ValidationError) and again before the page uses
 * it, so no stored row can redirect elsewhere.
 */
import type { SandboxContext } from './context.ts';
import { validationError } from './errors.ts';

/** Whether the hosted page may send the payer to `url`; any, when no return origins are configured. */
export function isAllowedReturn(context: SandboxContext, url: string): boolean {
  const origins = context.config.returnOrigins;
  if (origins === undefined) return true;
  try {
    return origins.includes(new URL(url).origin);
  } catch {
    return false;
  }
}

/** Throws the provider's 400 ValidationError when `field` names a return address not registered. */
export function assertReturnTarget(context: SandboxContext, field: string, url: string | undefined): void {
  if (url === undefined || isAllowedReturn(context, url)) return;
  throw validationError(
    `${field}: this sandbox sends payers back only to ${context.config.returnOrigins?.join(', ') || 'no address'}`,
  );
}
