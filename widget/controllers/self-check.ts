/**
 * What Pay runs, run once in this browser with nothing sent, before the checkout says it can take the
 * payment (`pay-ready`): the phone rule, a typed amount read and an amount shown in the checkout's
 * currency (Intl), the request built from the answers, and a random Idempotency-Key (crypto). A browser
 * short of any of them throws here, where the widget gives way to the pay page (see the element), rather
 * than at Pay, behind a button that would do nothing. Run once the form is on screen with Intl: Intl's
 * first, slow use is paid by then.
 */
import type { CheckoutConfig } from '../shared/contract.ts';
import { idempotencyKey } from '../internal/api.ts';
import { parseAmount } from '../shared/money.ts';
import { formatMoney } from '../shared/format.ts';
import { isPhoneNumber } from '../shared/phone.ts';
import type { FormState } from './form-state.ts';

export function selfCheck(form: FormState, config: CheckoutConfig, locale: string) {
  isPhoneNumber('0');
  parseAmount('1', config.currencyExponent, locale);
  formatMoney(1, config.currency, config.currencyExponent, locale);
  form.request(config);
  idempotencyKey();
}
