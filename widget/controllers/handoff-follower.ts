/**
 * "Pay on your phone" from the widget: the answers typed so far become a handoff (a pay page for the
 * phone, prefilled, behind a QR code), which the payment follower then polls with the follow token only
 * this page holds, until the payment made on the phone is final.
 */
import type { Api, Handoff } from '../internal/api.ts';
import type { CheckoutConfig, CreatePayment, Payment } from '../shared/contract.ts';

/**
 * What is handed to the phone: the checkout and the answers so far, from the request the form would
 * make, without the method (chosen on the phone) and without files (the phone uploads its own).
 */
export function handoffRequest(
  { link, session, amount, customer, fields }: CreatePayment,
  config: CheckoutConfig,
  /** The checkout's language: the phone's page opens in it, whatever the phone's browser prefers. */
  lang: string,
) {
  for (const { name, type } of config.customFields) if (type === 'file-upload') delete fields?.[name];
  // A phone number not typed yet is the phone's to give, not an empty one to refuse.
  return {
    link,
    session,
    lang,
    amount,
    customer: { ...customer, phoneNumber: customer?.phoneNumber || undefined },
    fields,
  };
}

/** A payment made on the phone, with its provider (absent: the hosted page), for the desktop to name. */
export type HandedOffPayment = Payment & { provider?: string };

/** The payment made on the phone through `handoff`, if any yet. */
export const handedOffPayment = (api: Api, { id, followToken }: Handoff, signal: AbortSignal) =>
  api
    .handoff(id, followToken, signal)
    .then(({ payment, provider }): HandedOffPayment | undefined => payment && { ...payment, provider });
