/**
 * The pay page's form, drawn from the same CheckoutConfig the widget draws its own from: the merchant's
 * header, the amount (fixed, or typed within its bounds), the merchant's custom fields, the payer's
 * details, the methods with their fees and totals, and the phone. A plain form: it posts to the server,
 * which answers a refused field with this form again, the answers kept and the error beside the field.
 */
import type { CheckoutConfig, CustomField, Method } from '../../widget/shared/contract.ts';
import { feeOf } from '../../widget/shared/fee.ts';
import type { Messages } from '../../widget/shared/en.ts';
import { amountHint, fill } from '../../widget/shared/messages.ts';
import { html, type Html } from './html.ts';

export const HOSTED = 'hosted';

/**
 * The longest answer each kind of input takes (its `maxlength`, the API's own limit where it has one): a
 * refused form is drawn again with its answers cut to these, so a refusal is never larger than the form.
 */
export const MAX_LENGTH = { text: 500, paragraph: 5000, name: 200, email: 254, phone: 40, short: 64 } as const;

export interface FormView {
  config: CheckoutConfig;
  messages: Messages;
  money: (minor: number) => string;
  /**
   * Where the form posts (the page's own path, with its `lang` and the form's token: the token travels in
   * the URL so the server checks it before it reads a byte of the body).
   */
  action: string;
  /** Where "Pay on your phone" posts the answers so far (absent on the phone's own page); token included. */
  handoffAction?: string;
  /** The Idempotency-Key of this form's payment, made when the form was drawn. */
  idempotencyKey: string;
  /** The payer's answers by input name (`fields.company`, `customer.email`). */
  answers: Record<string, string>;
  /** Refusals by input name, in the payer's language. */
  errors: Record<string, string>;
  /** Files already stored for a file field, by input name: kept across a refusal. */
  uploaded: Record<string, { id: string; name: string }>;
  /** The amount the payer typed, when it could be read: the fees and totals are shown for it. */
  typedAmount?: number;
  alert?: string;
  /** The logo when it is on this origin (the page loads nothing from another one). */
  logo?: string;
}

/** What a control says about its hint and error, so a screen reader reads why an input is refused. */
function described(name: string, hint: string | undefined, error: string | undefined) {
  const ids = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
  return html`${ids ? html` aria-describedby="${ids}"` : ''}${error ? html` aria-invalid="true"` : ''}`;
}

function notes(name: string, hint: string | undefined, error: string | undefined) {
  return html`${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}${
    error ? html`<p class="error" id="${name}-error">${error}</p>` : ''
  }`;
}

interface Control {
  name: string;
  label: string;
  required: boolean;
  hint?: string | undefined;
  /** The refusal shown beside it, when it is not the one under its own name. */
  error?: string | undefined;
  /** A checkbox: the label holds the control, before its text. */
  inline?: boolean;
}

function labelOf(view: FormView, control: Control) {
  return html`${control.label}${control.required ? '' : html` <span class="muted">(${view.messages.optional})</span>`}`;
}

/**
 * Every input kind's frame: the label (marked optional when it is), the control, then its hint and
 * error, which the control names: `draw` is given those attributes (`aria-describedby`, `aria-invalid`)
 * to place in its tag.
 */
function field(view: FormView, control: Control, draw: (describedBy: Html) => Html): Html {
  const { name, hint, error = view.errors[name] } = control;
  const label = labelOf(view, control);
  const input = draw(described(name, hint, error));
  return html`<div class="field">
    ${
      control.inline
        ? html`<label class="inline">${input}<span>${label}</span></label>`
        : html`<label for="${name}">${label}</label>${input}`
    }${notes(name, hint, error)}
  </div>`;
}

function textInput(view: FormView, control: Control, attributes: Html = html``): Html {
  const { name } = control;
  return field(
    view,
    control,
    (describedBy) =>
      html`<input
        id="${name}"
        name="${name}"
        value="${view.answers[name] ?? ''}"
        ${attributes}${control.required ? html` required` : ''}${describedBy}
      />`,
  );
}

function customInput(view: FormView, custom: CustomField): Html {
  const name = `fields.${custom.name}`;
  const control: Control = { name, label: custom.label, required: custom.required };
  const value = view.answers[name] ?? '';
  const required = custom.required ? html` required` : '';
  switch (custom.type) {
    case 'paragraph-text':
      return field(
        view,
        control,
        (describedBy) =>
          html`<textarea id="${name}" name="${name}" rows="4" maxlength="${MAX_LENGTH.paragraph}" ${required}${describedBy}>
${value}</textarea>`,
      );
    case 'dropdown':
      return field(
        view,
        control,
        (describedBy) =>
          html`<select id="${name}" name="${name}" ${required}${describedBy}>
            <option value="">${view.messages.choose}</option>
            ${(custom.options ?? []).map(
              (option) => html`<option${option === value ? html` selected` : ''}>${option}</option>`,
            )}
          </select>`,
      );
    case 'number':
      return textInput(view, control, html` type="text" inputmode="decimal" maxlength="${MAX_LENGTH.short}"`);
    case 'date':
      return textInput(view, control, html` type="date" maxlength="${MAX_LENGTH.short}"`);
    case 'checkbox':
      return field(
        view,
        { ...control, inline: true },
        (describedBy) =>
          html`<input
            type="checkbox"
            id="${name}"
            name="${name}"
            value="true"
            ${value === 'true' ? html` checked` : ''}${required}${describedBy}
          />`,
      );
    case 'file-upload': {
      const kept = view.uploaded[name];
      const hint = kept && fill(view.messages.uploaded, { name: kept.name });
      return field(
        view,
        { ...control, hint },
        (describedBy) =>
          html`<input
              id="${name}"
              name="${name}"
              type="file"
              accept="image/png,image/jpeg,application/pdf"
              ${custom.required && !kept ? required : ''}${describedBy}
            />${
              kept ? html`<input type="hidden" name="${`uploaded.${custom.name}`}" value="${kept.id}" />` : ''
            }`,
      );
    }
    default:
      return textInput(view, control, html` type="text" maxlength="${MAX_LENGTH.text}"`);
  }
}

function amountPart(view: FormView): Html {
  const { config, messages, money } = view;
  const { fixed } = config.amount;
  if (fixed !== null)
    // The spaces are for text browsers (lynx): a flex container does not draw them.
    return html`<p class="amount"><span>${messages.amountToPay}</span> <strong>${money(fixed)}</strong></p>`;
  const hint = amountHint(messages, config.amount, money);
  return textInput(
    view,
    {
      name: 'amount',
      label: `${messages.amount} (${config.currency})`,
      required: true,
      hint: hint || undefined,
    },
    html` type="text" inputmode="decimal" autocomplete="off" maxlength="${MAX_LENGTH.short}"`,
  );
}

/**
 * The fee that every method adds to `amount`, when they all add the same (none, or one rate for all);
 * undefined while no amount is known, or when the fee depends on the method the payer picks.
 */
function sharedFee(methods: readonly Method[], amount: number | undefined): number | undefined {
  if (!amount) return undefined;
  const fees = new Set(methods.map((method) => feeOf(amount, method.fee)));
  return fees.size > 1 ? undefined : ([...fees][0] ?? 0);
}

/**
 * A method's line: its name, then its fee and the total for the amount, when there is one to show; when
 * the methods' fees differ, every method's total, a fee of none included, since the button names no sum.
 */
function methodOption(view: FormView, method: Method, amount: number | undefined, checked: boolean): Html {
  const fee = amount === undefined ? 0 : feeOf(amount, method.fee);
  const costs =
    amount !== undefined && (fee > 0 || sharedFee(view.config.methods, amount) === undefined)
      ? html`<small
          >${view.messages.fee} ${view.money(fee)} · ${view.messages.total} ${view.money(amount + fee)}</small
        >`
      : '';
  return html`<label class="option"
    ><input
      type="radio"
      name="method.provider"
      value="${method.provider}"
      ${checked ? html` checked` : ''}
    /><span>${method.label} ${costs}</span></label
  >`;
}

/** A network to choose, per method that has more than one (one network is sent without asking). */
function networkChoice(view: FormView, method: Method): Html {
  const networks = method.networks ?? [];
  if (networks.length < 2) return html``;
  const name = `network.${method.provider}`;
  const chosen = view.answers[name] ?? networks[0]?.value;
  // No "optional" beside it: one network is always chosen. Its refusal is the request's `method.network`.
  const label = `${view.messages.network} (${method.label})`;
  return field(
    view,
    { name, label, required: true, error: view.errors['method.network'] },
    (describedBy) =>
      html`<select id="${name}" name="${name}" ${describedBy}>
        ${networks.map(
          (network) =>
            html`<option value="${network.value}" ${network.value === chosen ? html` selected` : ''}>
              ${network.name}
            </option>`,
        )}
      </select>`,
  );
}

function methodPart(view: FormView, amount: number | undefined): Html {
  const { config, messages } = view;
  const chosen = view.answers['method.provider'] ?? config.methods[0]?.provider ?? HOSTED;
  const options = [
    ...config.methods.map((method) => methodOption(view, method, amount, method.provider === chosen)),
    config.hosted
      ? html`<label class="option"
          ><input
            type="radio"
            name="method.provider"
            value="${HOSTED}"
            ${chosen === HOSTED ? html` checked` : ''}
          /><span>${messages.hosted}</span></label
        >`
      : '',
  ];
  const error = view.errors['method.provider'];
  return html`<fieldset${error ? html` aria-describedby="method.provider-error"` : ''}><legend>${messages.payWith}</legend>${options}${notes('method.provider', undefined, error)}</fieldset>${config.methods.map((method) => networkChoice(view, method))}`;
}

/**
 * The pay button's text. Without script it cannot follow the method the payer picks, so it names the sum
 * the payer will pay, the fee included, only when every method costs the same; else "Pay now", and each
 * method's line names its own total.
 */
function payLabel({ config, messages, money }: FormView, amount: number | undefined): string {
  const fee = sharedFee(config.methods, amount);
  return amount && fee !== undefined ? fill(messages.pay, { amount: money(amount + fee) }) : messages.payNow;
}

export function formBody(view: FormView): Html {
  const { config, messages } = view;
  const amount = config.amount.fixed ?? view.typedAmount;
  const required = !config.anonymous;
  return html`<header>
      ${view.logo ? html`<img class="logo" src="${view.logo}" alt="" width="48" height="48" />` : ''}
      <h1>${config.title}</h1>
      ${config.description ? html`<p class="muted">${config.description}</p>` : ''}
    </header>
    ${view.alert ? html`<p class="alert" role="alert">${view.alert}</p>` : ''}
    <form method="post" action="${view.action}" enctype="multipart/form-data" novalidate>
      <input type="hidden" name="_key" value="${view.idempotencyKey}" />
      ${amountPart(view)} ${config.customFields.map((custom) => customInput(view, custom))}
      <fieldset>
        <legend>${messages.details}</legend>
        ${textInput(view, { name: 'customer.name', label: messages.name, required }, html` type="text" autocomplete="name" maxlength="${MAX_LENGTH.name}"`)}
        ${textInput(view, { name: 'customer.email', label: messages.email, required }, html` type="email" autocomplete="email" maxlength="${MAX_LENGTH.email}"`)}
        ${textInput(view, { name: 'method.phoneNumber', label: messages.phone, required: required || config.methods.length > 0 }, html` type="tel" autocomplete="tel" maxlength="${MAX_LENGTH.phone}"`)}
      </fieldset>
      ${methodPart(view, amount)}
      <button class="button" type="submit">${payLabel(view, amount)}</button>
      ${
        view.handoffAction
          ? html`<button
              class="button secondary wide-only"
              type="submit"
              formaction="${view.handoffAction}"
              formnovalidate
            >
              ${messages.payOnPhone}
            </button>`
          : ''
      }
    </form>`;
}
