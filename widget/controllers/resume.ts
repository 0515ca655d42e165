/**
 * The payment a checkout started in this tab, kept in `sessionStorage` so it survives a reload and the
 * way back from the provider's page (`?pay_reference=`); before its answer, the attempt that creates it.
 * Storage can be blocked: resuming is then not possible, paying still is.
 */
import type { Api } from '../internal/api.ts';
import type { CheckoutConfig, FieldAnswer, Payment } from '../shared/contract.ts';

export interface Saved {
  reference: string;
  token: string;
  /** The method's provider slug, for a direct charge: named on the way back to its page. */
  provider?: string | undefined;
  /**
   * The form's answers: back from a provider's page (this page was left, and the form with it), "Try
   * again" shows them as the payer typed them. In this tab's storage only, and gone with the payment.
   */
  answers?: Record<string, FieldAnswer>;
  /**
   * The checkout's config as the payment was made: once this payment has paid the checkout (a session),
   * the checkout answers 409 and no config, and the payer back from the provider's page sees the payment
   * with this one.
   */
  config?: CheckoutConfig | undefined;
}

/**
 * A payment's creation sent and not answered yet (the answer may have been lost after the server made
 * the payment): a reload sends it again, same Idempotency-Key and body, and the server answers the
 * payment it made instead of making a second one. `at`: when it was first sent.
 */
export interface Attempt {
  key: string;
  body: string;
  at: number;
  answers?: Record<string, FieldAnswer>;
}

/**
 * An attempt older than this is not sent again: a payment it made has lapsed by then (a code step lasts
 * 10 minutes, a provider's page 30), and one it never made is not pushed to the payer's phone unasked.
 */
const ATTEMPT_MS = 30 * 60_000;

const keyOf = (checkout: string) => `pay-checkout:${checkout}`;

/** The payment (or its attempt) of checkout `checkout` (a link or session id) started in this tab, if any. */
export function savedPayment(checkout: string): Saved | Attempt | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(keyOf(checkout)) ?? 'null') as
      (Saved & Partial<Attempt>) | null;
    // Back from a provider's page with another payment's reference: that one is not this tab's to resume.
    const returned = new URLSearchParams(location.search).get('pay_reference');
    return saved && (!returned || returned === saved.reference) && !(saved.at! < Date.now() - ATTEMPT_MS)
      ? saved
      : undefined;
  } catch {
    return undefined;
  }
}

export function savePayment(checkout: string, saved: Saved | Attempt) {
  try {
    sessionStorage.setItem(keyOf(checkout), JSON.stringify(saved));
  } catch {
    // Without storage the payment cannot resume after a reload, but it goes on.
  }
}

export function forgetPayment(checkout: string) {
  try {
    sessionStorage.removeItem(keyOf(checkout));
  } catch {
    // Nothing was saved where storage is blocked.
  }
}

/**
 * The saved payment as it is now. `returned`: the payer is back from the provider's page
 * (`?pay_reference=`); back from its cancel (`?pay_cancel`), the payment is cancelled first.
 */
export async function resumed(api: Api, saved: Saved): Promise<{ payment: Payment; returned: boolean }> {
  const query = new URLSearchParams(location.search);
  return {
    returned: query.has('pay_reference'),
    payment: await api.payment(saved.reference, saved.token, undefined, query.has('pay_cancel')),
  };
}
