/**
 * What the payer typed into the form (and the code step), what is wrong with it, and the uploads on
 * their way; and, from the answers, the `CreatePayment` request. The answers outlive a step: "try
 * again" and a cancelled hosted page bring the payer back to the form as they left it.
 */
import type { ReactiveControllerHost } from 'lit';
import type { CheckoutState } from './checkout-machine.ts';
import type {
  ApiError,
  CheckoutConfig,
  CreatePayment,
  Customer,
  FieldAnswer,
  Upload,
} from '../shared/contract.ts';
import type { FieldProps } from '../fields/index.ts';
import { fill, type Messages } from '../i18n/index.ts';
import { parseAmount } from '../shared/money.ts';
import { formatMoney, numberFormat } from '../shared/format.ts';
import { isPhoneNumber, normalizePhone } from '../shared/phone.ts';

/** Each phone field's twin: the method's, and the details' shown for the provider's page. */
const OTHER_PHONE: Record<string, string> = {
  'method.phoneNumber': 'customer.phoneNumber',
  'customer.phoneNumber': 'method.phoneNumber',
};

/** The element the form belongs to: its prefill, its language and its state. */
export interface FormHost extends ReactiveControllerHost {
  customer?: Customer;
  /** The page a provider's page sends the payer back to, when not this one. */
  returnUrl?: string;
  readonly _messages: Messages;
  _state: CheckoutState;
  /** Where the form's controls are, to tell the fields it shows. */
  readonly renderRoot: ParentNode;
}

export class FormState {
  /** The answers, by the server's path of each value (`customer.email`, `fields.company`, `otp`). */
  values: Record<string, FieldAnswer> = {};
  /** What is wrong with an answer, by the same path. */
  errors: Record<string, string> = {};
  /** Uploads on their way (0 to 1), and the names of the files uploaded, by field. */
  readonly progress: Record<string, number> = {};
  readonly uploaded: Record<string, string> = {};
  private readonly _host: FormHost;
  /** The locale amounts are typed in. */
  private readonly _locale: () => string;
  /** Uploads a file; rejects with the error, already announced. */
  private readonly _upload: (file: File, onProgress: (fraction: number) => void) => Promise<Upload>;

  constructor(
    host: FormHost,
    locale: () => string,
    upload: (file: File, onProgress: (fraction: number) => void) => Promise<Upload>,
  ) {
    this._host = host;
    this._locale = locale;
    this._upload = upload;
  }

  /** The form's control for the answer `name`, where it is on screen. */
  control(name: string): HTMLElement | null {
    return this._host.renderRoot.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  }

  /** Forgets the answers and what was wrong with them (uploads on their way go on). */
  clear() {
    this.values = {};
    this.errors = {};
  }

  /**
   * Shows what the server found wrong on the fields the form shows, and answers the refusal with those
   * alone. One naming none of them (the page's return URL, which only the merchant can fix) gets the
   * general message: "correct the highlighted fields" with nothing highlighted would leave the payer stuck.
   */
  refused(error: ApiError): ApiError {
    if (!error.fields?.length) return error;
    const fields = error.fields.filter(({ path }) => this.control(path));
    for (const { path, message } of fields) this.errors[path] = message;
    return fields.length ? { ...error, fields } : { ...error, message: this._host._messages.error, fields };
  }

  /**
   * An answer; else, for a phone field, the number typed in the other one (the method's, or the details'
   * when the provider's page is chosen: switching method keeps the number); else the merchant's prefill.
   */
  value(name: string): FieldAnswer | undefined {
    const customer = this._host.customer ?? {};
    return (
      this.values[name] ??
      this.values[OTHER_PHONE[name] ?? ''] ??
      {
        'customer.name': customer.name,
        'customer.email': customer.email,
        'method.phoneNumber': customer.phoneNumber,
        'customer.phoneNumber': customer.phoneNumber,
      }[name]
    );
  }

  /** The method chosen: the first one until the payer picks another; `hosted` for the provider's page. */
  provider(config: CheckoutConfig): string {
    return String(this.values['method.provider'] ?? config.methods[0]?.provider ?? 'hosted');
  }

  props(name: string, label: string, required: boolean, hint?: string): FieldProps {
    return {
      name,
      label,
      required,
      value: this.value(name),
      hint,
      error: this.errors[name],
      optional: this._host._messages.optional,
    };
  }

  /** For `@input` and `@change` on a form: keeps the answer, and checks again a field shown wrong. */
  onInput = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const { name } = input;
    if (!name) return;
    if (input.type === 'file') {
      if (event.type === 'change') void this._uploadFile(input);
      return;
    }
    if (input.type === 'radio' && !input.checked) return;
    this.values[name] = input.type === 'checkbox' ? input.checked : input.value;
    if (name in this.errors) {
      const message = this._check(input);
      if (message) this.errors[name] = message;
      else delete this.errors[name];
    }
    this._host.requestUpdate();
  };

  private async _uploadFile(input: HTMLInputElement) {
    const { name } = input;
    const file = input.files?.[0];
    delete this.values[name];
    delete this.uploaded[name];
    delete this.errors[name];
    if (!file) return this._host.requestUpdate();
    const progress = (fraction: number) => {
      this.progress[name] = fraction;
      this._host.requestUpdate();
    };
    progress(0);
    try {
      const upload = await this._upload(file, progress);
      this.values[name] = upload.id;
      this.uploaded[name] = upload.name;
    } catch (failure) {
      this.errors[name] = (failure as ApiError).message;
    }
    delete this.progress[name];
    this._host.requestUpdate();
  }

  /** Checks every named control; shows what is wrong, and returns the first wrong one's name, if any. */
  validate(form: HTMLFormElement): string | undefined {
    this.errors = {};
    for (const input of form.elements as unknown as Iterable<HTMLInputElement>) {
      const message = input.name && input.willValidate ? this._check(input) : undefined;
      if (message) this.errors[input.name] ??= message;
    }
    this._host.requestUpdate();
    return Object.keys(this.errors)[0];
  }

  /** Our own message for what the platform's constraint validation found wrong, if anything. */
  private _check(input: HTMLInputElement): string | undefined {
    const messages = this._host._messages;
    const { validity, type, name } = input;
    if (name in this.progress) return messages.uploadPending;
    if (validity.valueMissing) return messages.required;
    if (name === 'amount') return this._checkAmount(input.value);
    if (validity.typeMismatch) return type === 'email' ? messages.invalidEmail : messages.invalidValue;
    // Checked here rather than by a `pattern` attribute: the browser would test the number as typed.
    if (type === 'tel' && input.value.trim() && !isPhoneNumber(input.value, this._phonePattern(name)))
      return messages.invalidPhone;
    if (validity.badInput && type === 'number') return messages.invalidNumber;
    return validity.valid ? undefined : messages.invalidValue;
  }

  /** The config's own pattern for a method's phone input, if it gives one. */
  private _phonePattern(name: string): string | undefined {
    const config = this._host._state.config!;
    const method = config.methods.find((candidate) => candidate.provider === this.provider(config));
    return method?.inputs.find((input) => `method.${input.name}` === name)?.pattern;
  }

  private _checkAmount(text: string): string | undefined {
    const config = this._host._state.config!;
    const messages = this._host._messages;
    const locale = this._locale();
    const { min = 1, max, remaining } = config.amount;
    // Through Intl: a check follows the payer's typing, long after the form's first frame (see the element).
    const money = (minor: number) => formatMoney(minor, config.currency, config.currencyExponent, locale);
    const amount = parseAmount(text, config.currencyExponent, locale);
    if (amount === undefined)
      return fill(messages.invalidAmount, {
        example: numberFormat(locale, { minimumFractionDigits: config.currencyExponent }).format(1500),
      });
    const ceiling = Math.min(max ?? Infinity, remaining ?? Infinity);
    if (amount < min) return fill(messages.tooLow, { min: money(min) });
    if (amount > ceiling) return fill(messages.tooHigh, { max: money(ceiling) });
  }

  /** The request the answers make, with exactly what is sent (no `undefined`): also `pay-submit`'s detail. */
  request(config: CheckoutConfig): CreatePayment {
    const text = (name: string) => String(this.value(name) ?? '').trim() || undefined;
    const fields: Record<string, FieldAnswer> = {};
    for (const { name, type } of config.customFields) {
      const answer = this.values[`fields.${name}`];
      if (type === 'checkbox') fields[name] = answer === true;
      else if (answer !== undefined && answer !== '')
        fields[name] = type === 'number' ? Number(answer) : answer;
    }
    const provider = this.provider(config);
    const method = config.methods.find((candidate) => candidate.provider === provider);
    const phone = (name: string) => {
      const typed = text(name);
      return typed && normalizePhone(typed);
    };
    const phoneNumber = phone('method.phoneNumber') ?? '';
    const returnUrl = new URL(this._host.returnUrl || location.href);
    returnUrl.searchParams.delete('pay_reference');
    returnUrl.searchParams.delete('pay_cancel');
    return JSON.parse(
      JSON.stringify({
        [config.kind]: config.id,
        amount:
          config.amount.fixed === null
            ? parseAmount(text('amount') ?? '', config.currencyExponent, this._locale())
            : undefined,
        customer: {
          name: text('customer.name'),
          email: text('customer.email'),
          phoneNumber: method ? phoneNumber : phone('customer.phoneNumber'),
        },
        fields,
        method: method
          ? {
              kind: 'direct',
              provider,
              network: text('method.network') ?? method.networks?.[0]?.value,
              phoneNumber,
              // A charge the provider answers with its own page brings the payer back here.
              returnUrl: returnUrl.href,
            }
          : { kind: 'hosted', returnUrl: returnUrl.href },
      } satisfies CreatePayment),
    ) as CreatePayment;
  }
}
