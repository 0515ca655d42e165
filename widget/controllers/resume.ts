/**
 * The payment a checkout started in this tab, kept in `sessionStorage` so it survives a reload and the
 * way back from the provider's page (`?pay_reference=`). Storage can be blocked: resuming is then not
 * possible, paying still is.
 */
import type { Api } from '../internal/api.ts';
import type { FieldAnswer, Payment } from '../contract/index.ts';

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
}

const keyOf = (checkout: string) => `pay-checkout:${checkout}`;

/** The payment of checkout `checkout` (a link or session id) started in this tab, if any. */
export function savedPayment(checkout: string): Saved | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(keyOf(checkout)) ?? 'null') as Saved | null;
    // Back from a provider's page with another payment's reference: that one is not this tab's to resume.
    const returned = new URLSearchParams(location.search).get('pay_reference');
    return saved && (!returned || returned === saved.reference) ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function savePayment(checkout: string, saved: Saved) {
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
