/**
 * What a step's template is given (`StepView`), and the pieces every step's screen is built from: the
 * screen itself, links and buttons, logos and the summary of a payment.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { CheckoutState } from '../controllers/checkout-machine.ts';
import type { CheckoutConfig, Method, Payment } from '../shared/contract.ts';
import type { FormState } from '../controllers/form-state.ts';
import { fill, type Messages } from '../i18n/index.ts';
import { titleOf } from './titles.ts';

/** An amount's currency, as a config or a payment names it. */
export interface Currency {
  currency: string;
  currencyExponent: number;
}

/**
 * What every step's template is given by the element, built once per render: the payer's language, the
 * checkout's state, money and dates in that language, the form's answers, and the payer's ways on.
 */
export interface StepView {
  messages: Messages;
  locale: string;
  state: CheckoutState;
  /** The config shown: the state's, or a sample one while the real one is on its way (see the element). */
  config: CheckoutConfig;
  /** The state's payment, on the steps that have one (all after the form). */
  payment: Payment;
  /** The method the payment was made with, when it is one of this checkout's. */
  method?: Method;
  /** The provider's page opens in the checkout's popup window rather than this tab. */
  popup: boolean;
  form: FormState;
  money: (minor: number, currency: Currency) => string;
  date: (iso: string | undefined, timeOnly?: boolean) => string;
  /** Copies a value for the payer, and says so in the live region. */
  copy: (value: string) => void;
  /** Loads the checkout again. */
  retry: () => void;
  /** Back to the form, focusing the field named, if any. */
  restart: (focus?: string) => void;
  /** Asks for the payment's state again; `cancel`: the payer leaves the payment, which is cancelled. */
  ask: (cancel?: boolean) => void;
  /** For `@submit` on the payment form, and on the code step's form. */
  submit: (event: SubmitEvent) => void;
  confirm: (event: SubmitEvent) => void;
  /** "Pay on your phone": hands the answers so far to a pay page on the phone. */
  handOff: () => void;
}

/**
 * Copies `value` to the clipboard, then calls `copied`. Refused (no permission, page not focused), the
 * value stays on screen to copy by hand.
 */
export const copyText = (value: string, copied: () => void) =>
  void navigator.clipboard?.writeText(value).then(copied, () => undefined);

/** Only http(s) URLs from the config or the provider reach `src`/`href`. */
export const safeUrl = (url?: string) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/**
 * A logo from an http(s) URL or inline (`data:image/...`: the server inlines the providers' logos so they
 * cost no request; an image runs nothing), else `fallback`.
 */
export function logo<Fallback = typeof nothing>(
  url?: string,
  fallback?: Fallback,
): TemplateResult | Fallback {
  return url && /^(https?:\/\/|data:image\/)/i.test(url)
    ? html`<img class="pay__logo" src=${url} alt="" />`
    : (fallback ?? (nothing as Fallback));
}

export type Tone = 'wait' | 'success' | 'error';

/**
 * A step's screen: an icon for a result, the heading that takes focus, the step's text (none when it is
 * `nothing`), then the rest of its content.
 */
export function screen(view: StepView, tone: Tone, text: unknown, content?: unknown): TemplateResult {
  return html`<section class="pay__step ${tone === 'success' ? 'pay__step--success' : ''}">
    ${tone === 'wait' ? nothing : html`<span class="pay__icon" aria-hidden="true">${tone === 'success' ? '✓' : '!'}</span>`}
    <h2 class="pay__heading" part="status" tabindex="-1">${titleOf(view.state, view.messages)}</h2>
    ${text === nothing ? nothing : html`<p class="pay__text">${text}</p>`}${content}
  </section>`;
}

/**
 * A link to the provider's payment page, which opens in the checkout's popup window when it has one,
 * never with a `window.opener` back to this page.
 */
export function pageLink({ payment, popup }: StepView, label: string): TemplateResult | typeof nothing {
  const page = safeUrl(payment.redirectUrl);
  return page
    ? html`<a
        class="pay__button"
        part="submit"
        href=${page}
        target=${popup ? 'pay-checkout' : '_self'}
        rel="noopener"
        >${label}</a
      >`
    : nothing;
}

export function button(label: string, onClick: () => void, secondary = false): TemplateResult {
  return html`<button
    class="pay__button ${secondary ? 'pay__button--secondary' : ''}"
    part="submit"
    type="button"
    @click=${onClick}
  >
    ${label}
  </button>`;
}

/**
 * A summary row: its term, its value (the row is left out without one), and whether it can be copied.
 * A copyable value is one the payer reads out or types elsewhere (a reference, an account number): it is
 * set in monospace and may break anywhere, so a long one wraps inside the card instead of widening it.
 */
export type Row = [term: string, value: string | undefined, copyable?: boolean];

/** A payment's summary; each copyable row gets a copy button, named after its term. */
export function summary({ messages, copy }: StepView, rows: Row[]): TemplateResult {
  return html`<dl class="pay__summary">
    ${rows.map(([term, value, copyable]) =>
      value
        ? html`<div>
            <dt>${term}</dt>
            <dd class=${copyable ? 'pay__code' : ''}>
              ${value}${
                copyable
                  ? html`<button
                      class="pay__copy"
                      type="button"
                      aria-label=${fill(messages.copyWhat, { what: term })}
                      @click=${() => copy(value)}
                    >
                      ${messages.copy}
                    </button>`
                  : nothing
              }
            </dd>
          </div>`
        : nothing,
    )}
  </dl>`;
}

/** A payment's reference, which the payer may have to read out or type elsewhere: copyable. */
export const referenceRow = ({ messages, payment }: StepView): Row => [
  messages.reference,
  payment.reference,
  true,
];

/** The rows of a payment on its way or paid: what the payer pays (fee included), and its reference. */
export const paidRows = (view: StepView): Row[] => [
  [view.messages.amount, view.money(view.payment.total ?? view.payment.amount, view.payment)],
  referenceRow(view),
];
