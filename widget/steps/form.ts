/**
 * The payment form: the merchant's header, the amount (fixed, or typed within the link's limits), the
 * merchant's own fields, the payer's details, the method, and a pay button that shows what the payer
 * will pay, the method's fee included, before they commit.
 */
import { html, nothing, render, type RootPart, type TemplateResult } from 'lit';
import type { CheckoutConfig } from '../shared/contract.ts';
import { feeOf } from '../shared/fee.ts';
import { customField, textField } from '../fields/index.ts';
import { amountHint, fill } from '../i18n/index.ts';
import { parseAmount } from '../shared/money.ts';
import { numberFormat } from '../shared/format.ts';
import { methodPicker } from './methods.ts';
import { logo, type StepView } from './parts.ts';
import { formError } from './titles.ts';

export function formStep(view: StepView): TemplateResult {
  const { messages, config, form, locale, state } = view;
  const busy = state.step === 'submitting';
  const { fixed } = config.amount;
  const money = (minor: number) => view.money(minor, config);
  const typed = parseAmount(String(form.value('amount') ?? ''), config.currencyExponent, locale);
  const amount = fixed ?? typed;
  const hint = amountHint(messages, config.amount, money);
  const provider = form.provider(config);
  const method = config.methods.find((candidate) => candidate.provider === provider);
  // What the payer will pay, the method's fee included, before they commit.
  const fee = amount ? feeOf(amount, method?.fee) : 0;
  const required = !config.anonymous;
  const error = state.error;
  return html`<form
    class="pay__form"
    part="form"
    novalidate
    aria-busy=${busy}
    @submit=${view.submit}
    @input=${form.onInput}
    @change=${form.onInput}
  >
    <header class="pay__header">
      ${logo(config.logo)}
      <h2 class="pay__heading" part="status" tabindex="-1">${config.title}</h2>
      ${config.description ? html`<p class="pay__description">${config.description}</p>` : nothing}
    </header>
    ${
      fixed === null
        ? textField(
            form.props('amount', `${messages.amount} (${config.currency})`, true, hint || undefined),
            {
              inputmode: 'decimal',
              autocomplete: 'off',
            },
          )
        : html`<p class="pay__amount" part="amount">
            <span>${messages.amountToPay}</span><strong>${money(fixed)}</strong>
          </p>`
    }
    ${config.customFields.map((custom) => {
      const name = `fields.${custom.name}`;
      const progress = form.progress[name];
      const uploaded = form.uploaded[name];
      const hint =
        progress !== undefined
          ? fill(messages.uploading, { percent: numberFormat(locale, { style: 'percent' }).format(progress) })
          : uploaded && fill(messages.uploaded, { name: uploaded });
      return customField(
        custom,
        form.props(name, custom.label, custom.required, hint),
        messages.choose,
        progress,
      );
    })}
    <fieldset class="pay__group">
      <legend class="pay__legend">${messages.details}</legend>
      ${textField(form.props('customer.name', messages.name, required), { autocomplete: 'name' })}
      ${textField(form.props('customer.email', messages.email, required), { type: 'email', autocomplete: 'email' })}
      ${method ? nothing : textField(form.props('customer.phoneNumber', messages.phone, required), { type: 'tel', autocomplete: 'tel' })}
    </fieldset>
    ${methodPicker(view, provider, method)}
    ${state.cancelled ? html`<p class="pay__notice">${messages.cancelled}</p>` : nothing}
    ${error ? html`<p class="pay__alert" part="error">${formError(error, messages)}</p>` : nothing}
    <button
      class="pay__button"
      part="submit"
      type="submit"
      aria-disabled=${busy}
      aria-describedby=${fee ? 'pay-fee' : nothing}
    >
      ${busy ? messages.wait : amount ? fill(messages.pay, { amount: money(amount + fee) }) : messages.payNow}
    </button>
    ${fee ? html`<p class="pay__hint pay__fee" id="pay-fee">${fill(messages.includesFee, { fee: money(fee) })}</p>` : nothing}
    <button class="pay__button pay__button--secondary pay__phone" type="button" @click=${view.handOff}>
      ${messages.payOnPhone}
    </button>
  </form>`;
}

/**
 * A config whose form holds most of the templates of any form (a typed amount, the payer, a method and a
 * network to choose, the phone), without a logo: an image would be fetched even in a detached fragment.
 * Its texts are empty: only the templates it prepares matter.
 */
export const SAMPLE_CONFIG: CheckoutConfig = {
  kind: 'link',
  id: '',
  title: '',
  currency: '',
  currencyExponent: 0,
  country: '',
  amount: { fixed: null },
  customFields: [],
  methods: [{ provider: '', label: ' ', inputs: [], networks: [{ name: ' ', value: '' }] }],
  hosted: true,
  anonymous: false,
  status: 'active',
};

/**
 * Renders the form (for `SAMPLE_CONFIG`, while the real config is on its way) into a detached fragment.
 * Lit keeps the templates it prepares and V8 the code it compiles, so the form's real first render, which
 * the payer waits for, only clones and fills them. The element calls it when the page is idle (after the
 * loading state's paint, and behind any task of the answer); not where there is no requestIdleCallback
 * (Safari).
 */
export const prerenderForm = (view: StepView): RootPart => render(formStep(view), new DocumentFragment());
