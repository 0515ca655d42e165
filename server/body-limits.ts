/**
 * Every request body's byte limit, by route family, in one table that createApp applies in front of
 * every route (server/http/body.ts's `limitBodies`): a declared Content-Length over it is refused before
 * a byte is read, a chunked body (no length) once it grows past it. Over it: 413 `payload_too_large`.
 *
 * A chunked body is read (up to its family's limit, never more) before the route's own checks (the
 * merchant key, a payment token, an upload quota) run; a declared length is judged without reading.
 * Browsers, the provider and merchant servers send a length, so the checks still come first for them.
 */
import type { BodyFamily } from './http/body.ts';
import { payloadTooLarge } from './http/body.ts';
import { ApiError } from './http/errors.ts';
import { MAX_UPLOAD_BYTES } from './uploads/service.ts';

/** A JSON request of the API (a session's cart and metadata, the demo's forms): far above a real one. */
const JSON_BODY_LIMIT = 64 * 1024;
/** A payment's creation carries the payer's answers: fifty of up to 5,000 characters fit. */
const PAYMENT_BODY_LIMIT = 1024 * 1024;
/** What a payer sends about a payment once it exists: an OTP or a customer code. */
const PAYER_ACTION_LIMIT = 4 * 1024;
/** A payout or a recipient to validate: an account, an amount, a narration. */
const PAYOUT_BODY_LIMIT = 8 * 1024;
/** A webhook is well under 2 kB; 256 kB refuses floods without refusing a verbose provider. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** The console's login form holds one API key. */
const CONSOLE_FORM_LIMIT = 4 * 1024;
/** The file plus the multipart envelope around it (boundaries, part headers, a long file name). */
const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

export const BODY_FAMILIES: readonly BodyFamily[] = [
  { path: '/console/*', maxSize: CONSOLE_FORM_LIMIT },
  {
    path: '/webhooks/*',
    maxSize: WEBHOOK_BODY_LIMIT,
    tooLarge: () => payloadTooLarge(WEBHOOK_BODY_LIMIT, 'A webhook body'),
  },
  {
    path: '/api/v1/uploads/*',
    maxSize: UPLOAD_BODY_LIMIT,
    tooLarge: () =>
      new ApiError(413, 'payload_too_large', `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`),
  },
  { path: '/api/v1/payments', maxSize: PAYMENT_BODY_LIMIT },
  { path: '/api/v1/payments/*', maxSize: PAYER_ACTION_LIMIT },
  { path: '/api/v1/payouts/*', maxSize: PAYOUT_BODY_LIMIT },
  // The pay page: a code typed on a payment's page; the form itself, its ceiling the upload's, lowered to
  // the form's own (payFormLimit) once the route knows the form.
  { path: '/pay/p/*', maxSize: PAYER_ACTION_LIMIT },
  { path: '/pay/*', maxSize: UPLOAD_BODY_LIMIT },
  // The embedded provider limits its own bodies, refusing as the provider does.
  { path: '/sandbox/*', maxSize: null },
  // The rest of the API, the demo site's forms, and any route added later.
  { path: '/*', maxSize: JSON_BODY_LIMIT },
];

/**
 * A pay page form's body limit follows the form: what the API takes for the same request (a payment's
 * creation, or a handoff's, a JSON body), and the upload's size only where the checkout has a file field.
 */
export function payFormLimit(form: 'payment' | 'handoff', hasFileField: boolean): number {
  if (form === 'handoff') return JSON_BODY_LIMIT; // a handoff carries no file
  return hasFileField ? UPLOAD_BODY_LIMIT : PAYMENT_BODY_LIMIT;
}
