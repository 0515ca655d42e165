import { LitElement, html, nothing, render, type PropertyValues, type TemplateResult } from 'lit';
import { Api, ApiFailure, LatestRequest, isInconclusive } from './api.ts';
import { Step, isFinal, transition, type CheckoutEvent, type CheckoutState } from './checkout-machine.ts';
import type {
  ApiError,
  CheckoutConfig,
  CreatePayment,
  Customer,
  FieldAnswer,
  Method,
  MethodInput,
  Payment,
} from './contract/index.ts';
import { formatDate } from './dates.ts';
import {
  PayCancelEvent,
  PayErrorEvent,
  PayFailedEvent,
  PayOtpRequiredEvent,
  PayPendingEvent,
  PayReadyEvent,
  PaySubmitEvent,
  PaySuccessEvent,
} from './events.ts';
import { customField, textField, type FieldProps } from './fields/index.ts';
import { dropdownField } from './fields/dropdown.ts';
import { LocaleController, en, fill, type Messages } from './i18n/index.ts';
import { formatMoney, intlReady, numberFormat, parseAmount, plainMoney } from './money.ts';
import { feeOf } from './fee.ts';
import { isPhoneNumber, normalizePhone } from './phone.ts';
import { withDialLinks } from './ussd.ts';
import { styles } from './pay-checkout.styles.ts';
import { button, screen, summary, type Row } from './steps/parts.ts';
import { loadingSkeleton } from './steps/loading.ts';
import { skeletonStyles, stepStyles } from './steps/steps.styles.ts';
import { unfinishedStep } from './steps/unfinished.ts';
import { browserTransport, type Transport } from './transport.ts';

/** Where this file was loaded from (a classic script knows only while it runs): default API origin and locales. */
const scriptUrl = (globalThis.document?.currentScript as HTMLScriptElement | null)?.src || import.meta.url;

const GIVE_UP_MS = 180_000;
const POLL_MS = 3_000;
/** Steps where the payment moves on outside the widget, so it follows the payment. */
const WAITING: readonly Step[] = [Step.Processing, Step.Redirecting, Step.Unfinished, Step.BankTransfer];
const WAITING_FOR_PAGE: readonly Step[] = [Step.Idle, Step.Loading, Step.Resuming];

/** Only http(s) URLs from the config or the provider reach `src`/`href`. */
const safeUrl = (url?: string) => (url && /^https?:\/\//i.test(url) ? url : undefined);

/**
 * A config whose form holds most of the templates of any form (a typed amount, the payer, a method and a
 * network to choose, the phone), without a logo: an image would be fetched even in a detached fragment.
 * It holds only what `#renderForm` reads.
 */
const SAMPLE_CONFIG = {
  amount: { fixed: null },
  customFields: [],
  methods: [{ provider: '', label: ' ', inputs: [], networks: [{ name: ' ' }] }],
  hosted: true,
} as unknown as CheckoutConfig;

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

interface Saved {
  reference: string;
  token: string;
  /** The method's provider slug, for a direct charge: named on the way back to its page. */
  provider?: string;
}

/**
 * A checkout for a payment link or a checkout session: the form, the provider's steps (OTP, hosted page,
 * bank transfer), then the verified result. Set `api` when the widget is bundled into an app: it
 * defaults to the origin that served the widget's file.
 *
 * @summary Embeddable mobile-money checkout.
 *
 * @event pay-ready - The config arrived and the checkout is on screen. `detail: {config}`
 * @event pay-submit - The payer submitted a valid form; cancelable. `detail: {request}`
 * @event pay-otp-required - The provider asks for a code. `detail: {payment}`
 * @event pay-pending - The payment waits on the phone, a hosted page or a transfer. `detail: {payment}`
 * @event pay-success - The payment is verified as paid. `detail: {payment}`
 * @event pay-failed - The payment failed or expired. `detail: {payment}`
 * @event pay-cancel - The payer cancelled on the hosted page. `detail: {payment}`
 * @event pay-error - A request failed. `detail: {error, status}`
 *
 * @csspart base - The card around everything.
 * @csspart form - The payment form and the code form.
 * @csspart field - One label, input and message.
 * @csspart label - A field's label.
 * @csspart input - Inputs, selects and text areas.
 * @csspart amount - The fixed amount.
 * @csspart method - The method picker.
 * @csspart otp - The code form.
 * @csspart submit - The main button of each step.
 * @csspart status - Step headings and status texts.
 * @csspart error - Error messages.
 *
 * @cssproperty --pay-color-primary - Buttons, focus ring and the chosen method.
 * @cssproperty --pay-color-on-primary - Text on the primary colour.
 * @cssproperty --pay-color-text - Text.
 * @cssproperty --pay-color-muted - Secondary text.
 * @cssproperty --pay-color-background - The card's background.
 * @cssproperty --pay-color-surface - Inputs' and summaries' background.
 * @cssproperty --pay-color-border - Borders.
 * @cssproperty --pay-color-error - Errors.
 * @cssproperty --pay-color-success - Success.
 * @cssproperty --pay-radius - Corner radius.
 * @cssproperty --pay-font - Font family.
 * @cssproperty --pay-spacing - Base spacing.
 */
export class PayCheckout extends LitElement {
  static override styles = [styles, stepStyles, skeletonStyles];

  static override properties = {
    link: { reflect: true },
    session: { reflect: true },
    api: {},
    locale: {},
    theme: { reflect: true },
    popup: { type: Boolean },
    customer: { attribute: false },
    transport: { attribute: false },
    _state: { state: true },
  };

  /** Payment link id. */
  declare link?: string;
  /** Checkout session id (created by the merchant's server); wins over `link`. */
  declare session?: string;
  /** Base URL of the backend; defaults to the origin the widget's file came from. */
  declare api?: string;
  /** BCP 47 locale; else the config's, else `<html lang>`. */
  declare locale?: string;
  /** `light` or `dark`; else the system's preference. */
  declare theme?: 'light' | 'dark';
  /** Open the hosted page in a popup (opened on the click) instead of leaving the page. */
  declare popup: boolean;
  /** Prefills the payer's details. */
  declare customer?: Customer;
  /** The network edge; tests and special hosts pass their own. */
  declare transport: Transport;
  /** @internal */
  declare _state: CheckoutState;

  #values: Record<string, FieldAnswer> = {};
  #errors: Record<string, string> = {};
  #progress: Record<string, number> = {};
  #uploaded: Record<string, string> = {};
  #token = '';
  /** The provider slug of the payment on its way, when it is a direct charge. */
  #paidWith?: string;
  #attempt?: { key: string; body: string };
  #popup?: Window | null;
  #loading = new LatestRequest();
  #watching?: AbortController;
  #timers = new Set<number>();
  #focus?: string | true;
  #i18n = new LocaleController(this, {
    requested: () => this.locale,
    config: () => this._state.config,
    configPending: () => this._state.step === Step.Loading,
    localesUrl: () => new URL('locales/', this.api ? new URL('/widget/', this.api) : scriptUrl),
    transport: () => this.transport,
  });
  /** A value was just copied: the live region says so until the step changes. */
  #copied = false;
  /** The next render formats money by hand: it shows the form, and Intl's first use would not fit its frame. */
  #plainMoney = false;

  constructor() {
    super();
    this.popup = false;
    this.transport = browserTransport;
    this._state = { step: Step.Idle };
  }

  get #api() {
    return new Api(this.api || new URL(scriptUrl).origin, this.transport);
  }

  /** The language of every text on screen (English until the locale's messages are in). */
  get _messages(): Messages {
    return this.#i18n.messages ?? en;
  }

  get #locale() {
    return this.#i18n.locale;
  }

  override connectedCallback() {
    super.connectedCallback();
    if (WAITING.includes(this._state.step)) this.#watch();
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    this.#stopWaiting();
    this.#loading.abort();
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (changed.has('link') || changed.has('session') || changed.has('api')) void this.#load();
  }

  protected override updated() {
    if (this.#plainMoney) {
      // Once that form is painted, render it again with Intl. The real clock, not the transport's: this
      // is no delay of the checkout, only a yield to the browser's paint.
      this.#plainMoney = false;
      requestAnimationFrame(() => setTimeout(() => this.requestUpdate()));
    }
    const target = this.#focus;
    if (!target) return;
    this.#focus = undefined;
    const selector = target === true ? '.pay__heading' : `[name="${CSS.escape(target)}"]`;
    this.renderRoot.querySelector<HTMLElement>(selector)?.focus();
  }

  // --- State ----------------------------------------------------------------------------------------

  #send(event: CheckoutEvent) {
    const before = this._state;
    const state = (this._state = transition(before, event));
    const { step, payment, config } = state;
    if (step === before.step) return;
    this.#copied = false;
    const refused = state.error && (before.step === Step.Submitting || before.step === Step.Confirming);
    // Focus follows the payer's own progress, never the page load, and never leaves a refused form.
    if (
      !WAITING_FOR_PAGE.includes(before.step) &&
      !refused &&
      step !== Step.Submitting &&
      step !== Step.Confirming
    )
      this.#focus = true;
    if (before.step === Step.Loading && (step === Step.Form || step === Step.Resuming)) {
      this.#plainMoney = !intlReady();
      this.#dispatch(new PayReadyEvent(config!));
    }
    if (WAITING.includes(step)) {
      this.#watch();
      if (payment) this.#dispatch(new PayPendingEvent(payment));
    } else this.#stopWaiting();
    if (!payment) {
      if (state.cancelled && event.type === 'payment') {
        this.#forget();
        this.#dispatch(new PayCancelEvent(event.payment));
      }
      return;
    }
    if (isFinal(step)) this.#forget();
    switch (step) {
      case Step.Otp:
      case Step.PreOtp:
        if (before.step !== Step.Confirming) this.#dispatch(new PayOtpRequiredEvent(payment));
        break;
      case Step.Processing:
        this.#after(GIVE_UP_MS, () => this.#send({ type: 'give-up' }));
        break;
      case Step.Redirecting:
        this.#redirect(payment);
        break;
      case Step.Success:
        this.#dispatch(new PaySuccessEvent(payment));
        break;
      case Step.Failed:
      case Step.Expired:
        this.#dispatch(new PayFailedEvent(payment));
    }
  }

  #dispatch(event: Event) {
    this.dispatchEvent(event);
  }

  /** An `ApiError` for any failure, announced as `pay-error`. */
  #failure(failure: unknown): ApiError {
    const known = failure instanceof ApiFailure;
    const error: ApiError = known ? failure.error : { code: 'internal', message: String(failure) };
    this.#dispatch(new PayErrorEvent(error, known ? failure.status : 0));
    return known && failure.status === 0 ? { ...error, message: this._messages.networkError } : error;
  }

  #after(ms: number, callback: () => void) {
    const id = this.transport.setTimeout(() => {
      this.#timers.delete(id);
      callback();
    }, ms);
    this.#timers.add(id);
  }

  #stopWaiting() {
    this.#watching?.abort();
    this.#watching = undefined;
    for (const id of this.#timers) this.transport.clearTimeout(id);
    this.#timers.clear();
  }

  /** Follows the payment by its event stream; when the stream fails or ends early, by polling. */
  #watch() {
    const payment = this._state.payment;
    if (this.#watching || !payment) return;
    const controller = (this.#watching = new AbortController());
    const { signal } = controller;
    const update = (next: Payment) => signal.aborted || this.#send({ type: 'payment', payment: next });
    const poll = () =>
      signal.aborted ||
      this.#after(POLL_MS, () =>
        this.#api
          .payment(payment.reference, this.#token, signal)
          .then(update, () => undefined)
          .then(poll),
      );
    this.#api.follow(payment.reference, this.#token, signal, update).then(poll, poll);
  }

  // --- Loading and resuming -------------------------------------------------------------------------

  get #id() {
    return this.session || this.link || '';
  }

  async #load() {
    const id = this.#id;
    this.#stopWaiting();
    this.#values = {};
    this.#errors = {};
    if (!id) return;
    this.#send({ type: 'load' });
    try {
      const loading = this.#loading.run((signal) =>
        this.#api.config(this.session ? 'session' : 'link', id, signal),
      );
      // Read while the config is on its way (it does not depend on it): a page's first storage access is slow.
      const saved = this.#saved();
      // While it is on its way, in time the page is idle (after the loading state's paint, and behind any
      // task of the answer): the form for a sample config, rendered into a detached fragment. Lit keeps
      // the templates it prepares and V8 the code it compiles, so the form's real first render, which the
      // payer waits for, only clones and fills them. Skipped if the config came first, and where there is
      // no requestIdleCallback (Safari).
      (window as Partial<Window>).requestIdleCallback?.(
        () =>
          this._state.step === Step.Loading &&
          render(this.#renderForm(SAMPLE_CONFIG), new DocumentFragment()),
      );
      const config = await loading;
      if (!config) return;
      this.#send({ type: 'loaded', config, resume: !!saved });
      if (saved && this._state.step === Step.Resuming) {
        this.#token = saved.token;
        this.#paidWith = saved.provider;
        const query = new URLSearchParams(location.search);
        this.#send({
          type: 'payment',
          returned: query.has('pay_reference'),
          payment: await this.#api.payment(saved.reference, saved.token, undefined, query.has('pay_cancel')),
        });
      }
    } catch (failure) {
      if (this._state.step === Step.Resuming) this.#forget();
      this.#send({ type: 'load-failed', error: this.#failure(failure) });
    }
  }

  /** The payment of this checkout started in this tab (before a reload or a hosted page), if any. */
  #saved(): Saved | undefined {
    try {
      const saved = JSON.parse(sessionStorage.getItem(`pay-checkout:${this.#id}`) ?? 'null') as Saved | null;
      const returned = new URLSearchParams(location.search).get('pay_reference');
      return saved && (!returned || returned === saved.reference) ? saved : undefined;
    } catch {
      return undefined;
    }
  }

  #forget() {
    try {
      sessionStorage.removeItem(`pay-checkout:${this.#id}`);
    } catch {
      // Storage can be blocked; resuming is then not possible, paying still is.
    }
  }

  // --- The form -------------------------------------------------------------------------------------

  #value(name: string): FieldAnswer | undefined {
    const customer = this.customer ?? {};
    return (
      this.#values[name] ??
      {
        'customer.name': customer.name,
        'customer.email': customer.email,
        'method.phoneNumber': customer.phoneNumber,
      }[name]
    );
  }

  #provider(config: CheckoutConfig): string {
    return String(this.#values['method.provider'] ?? config.methods[0]?.provider ?? 'hosted');
  }

  #onInput = (event: Event) => {
    const input = event.target as HTMLInputElement;
    const { name } = input;
    if (!name) return;
    if (input.type === 'file') {
      if (event.type === 'change') void this.#upload(input);
      return;
    }
    if (input.type === 'radio' && !input.checked) return;
    this.#values[name] = input.type === 'checkbox' ? input.checked : input.value;
    if (name in this.#errors) {
      const message = this.#check(input);
      if (message) this.#errors[name] = message;
      else delete this.#errors[name];
    }
    this.requestUpdate();
  };

  async #upload(input: HTMLInputElement) {
    const { name } = input;
    const file = input.files?.[0];
    delete this.#values[name];
    delete this.#uploaded[name];
    delete this.#errors[name];
    if (!file) return this.requestUpdate();
    const progress = (fraction: number) => {
      this.#progress[name] = fraction;
      this.requestUpdate();
    };
    progress(0);
    try {
      const upload = await this.#api.upload(file, progress, new AbortController().signal);
      this.#values[name] = upload.id;
      this.#uploaded[name] = upload.name;
    } catch (failure) {
      this.#errors[name] = this.#failure(failure).message;
    }
    delete this.#progress[name];
    this.requestUpdate();
  }

  /** Our own message for what the platform's constraint validation found wrong, if anything. */
  #check(input: HTMLInputElement): string | undefined {
    const messages = this._messages;
    const { validity, type, name } = input;
    if (name in this.#progress) return messages.uploadPending;
    if (validity.valueMissing) return messages.required;
    if (name === 'amount') return this.#checkAmount(input.value);
    if (validity.typeMismatch) return type === 'email' ? messages.invalidEmail : messages.invalidValue;
    // Checked here rather than by a `pattern` attribute: the browser would test the number as typed.
    if (type === 'tel' && input.value.trim() && !isPhoneNumber(input.value, this.#phonePattern(name)))
      return messages.invalidPhone;
    if (validity.badInput && type === 'number') return messages.invalidNumber;
    return validity.valid ? undefined : messages.invalidValue;
  }

  /** The config's own pattern for a method's phone input, if it gives one. */
  #phonePattern(name: string): string | undefined {
    const config = this._state.config!;
    const method = config.methods.find((candidate) => candidate.provider === this.#provider(config));
    return method?.inputs.find((input) => `method.${input.name}` === name)?.pattern;
  }

  #checkAmount(text: string): string | undefined {
    const config = this._state.config!;
    const { min = 1, max, remaining } = config.amount;
    const money = (minor: number) => this.#money(minor, config);
    const amount = parseAmount(text, config.currencyExponent, this.#locale);
    if (amount === undefined)
      return fill(this._messages.invalidAmount, {
        example: numberFormat(this.#locale, { minimumFractionDigits: config.currencyExponent }).format(1500),
      });
    const ceiling = Math.min(max ?? Infinity, remaining ?? Infinity);
    if (amount < min) return fill(this._messages.tooLow, { min: money(min) });
    if (amount > ceiling) return fill(this._messages.tooHigh, { max: money(ceiling) });
  }

  /** Validates every named control; on failure shows the messages and focuses the first wrong one. */
  #validate(form: HTMLFormElement): boolean {
    this.#errors = {};
    for (const input of form.elements as unknown as Iterable<HTMLInputElement>) {
      const message = input.name && input.willValidate ? this.#check(input) : undefined;
      if (message) this.#errors[input.name] ??= message;
    }
    const first = Object.keys(this.#errors)[0];
    this.#focus = first;
    this.requestUpdate();
    return !first;
  }

  #request(config: CheckoutConfig): CreatePayment {
    const text = (name: string) => String(this.#value(name) ?? '').trim() || undefined;
    const fields: Record<string, FieldAnswer> = {};
    for (const { name, type } of config.customFields) {
      const answer = this.#values[`fields.${name}`];
      if (type === 'checkbox') fields[name] = answer === true;
      else if (answer !== undefined && answer !== '')
        fields[name] = type === 'number' ? Number(answer) : answer;
    }
    const provider = this.#provider(config);
    const method = config.methods.find((candidate) => candidate.provider === provider);
    const phone = (name: string) => {
      const typed = text(name);
      return typed && normalizePhone(typed);
    };
    const phoneNumber = phone('method.phoneNumber') ?? '';
    const returnUrl = new URL(location.href);
    returnUrl.searchParams.delete('pay_reference');
    returnUrl.searchParams.delete('pay_cancel');
    // Through JSON so the request (and the pay-submit detail) holds exactly what is sent: no undefined.
    return JSON.parse(
      JSON.stringify({
        [config.kind]: config.id,
        amount:
          config.amount.fixed === null
            ? parseAmount(text('amount') ?? '', config.currencyExponent, this.#locale)
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
            }
          : { kind: 'hosted', returnUrl: returnUrl.href },
      } satisfies CreatePayment),
    ) as CreatePayment;
  }

  #submit = (event: SubmitEvent) => {
    event.preventDefault();
    const { step, config } = this._state;
    if (step !== Step.Form || !config || !this.#validate(event.target as HTMLFormElement)) return;
    const request = this.#request(config);
    const submit = new PaySubmitEvent(request);
    this.#dispatch(submit);
    if (submit.defaultPrevented) return;
    // A popup must open during the click itself, or the browser blocks it.
    if (this.popup && request.method.kind === 'hosted') this.#popup = window.open('', 'pay-checkout');
    this.#send({ type: 'submit' });
    void this.#create(request, config);
  };

  /** One Idempotency-Key per attempt; re-sending the same answers after no answer reuses it. */
  async #create(request: CreatePayment, config: CheckoutConfig) {
    const body = JSON.stringify(request);
    const attempt = (this.#attempt =
      this.#attempt?.body === body ? this.#attempt : { key: randomKey(), body });
    try {
      const { payment, token } = await this.#api.create(request, attempt.key);
      this.#attempt = undefined;
      this.#token = token;
      this.#paidWith = request.method.kind === 'direct' ? request.method.provider : undefined;
      try {
        const saved: Saved = { reference: payment.reference, token, provider: this.#paidWith };
        sessionStorage.setItem(`pay-checkout:${config.id}`, JSON.stringify(saved));
      } catch {
        // Without storage the payment cannot resume after a reload, but it goes on.
      }
      this.#send({ type: 'payment', payment });
    } catch (failure) {
      if (!(failure instanceof ApiFailure && isInconclusive(failure))) this.#attempt = undefined;
      this.#popup?.close();
      const error = this.#failure(failure);
      for (const { path, message } of error.fields ?? []) this.#errors[path] = message;
      this.#focus = error.fields?.[0]?.path;
      this.#send({ type: 'rejected', error });
    }
  }

  // --- The provider's steps -------------------------------------------------------------------------

  #confirm = async (event: SubmitEvent) => {
    event.preventDefault();
    const { step, payment } = this._state;
    if (
      (step !== Step.Otp && step !== Step.PreOtp) ||
      !payment ||
      !this.#validate(event.target as HTMLFormElement)
    )
      return;
    const otp = step === Step.Otp;
    const code = String(this.#values[otp ? 'otp' : 'customerCode']).trim();
    this.#send({ type: 'confirm' });
    try {
      const next = await this.#api.confirm(
        payment.reference,
        this.#token,
        otp ? { otp: code } : { customerCode: code },
      );
      this.#send({ type: 'payment', payment: next });
    } catch (failure) {
      delete this.#values[otp ? 'otp' : 'customerCode'];
      this.#focus = otp ? 'otp' : 'customerCode';
      this.#send({ type: 'rejected', error: this.#failure(failure) });
    }
  };

  #redirect(payment: Payment) {
    const url = safeUrl(payment.redirectUrl);
    if (!url) return;
    if (this.#popup && !this.#popup.closed) this.#popup.location.href = url;
    else if (!this.popup) this.transport.navigate(url);
  }

  #restart(focus?: string) {
    this.#forget();
    this.#popup = undefined;
    this.#send({ type: 'restart' });
    if (focus) this.#focus = focus;
  }

  /**
   * Leaves a payment that waits on the provider's page: it is cancelled (so the page cannot charge it
   * later unseen) and forgotten, and the payer is back on the form. If the provider settled it first,
   * its result shows instead.
   */
  #startAgain = async () => {
    const payment = this._state.payment!;
    try {
      this.#send({
        type: 'payment',
        payment: await this.#api.payment(payment.reference, this.#token, undefined, true),
      });
    } catch (failure) {
      this.#failure(failure);
      this.#restart();
    }
  };

  #checkAgain = async () => {
    const payment = this._state.payment!;
    try {
      this.#send({ type: 'payment', payment: await this.#api.payment(payment.reference, this.#token) });
    } catch (failure) {
      this.#failure(failure);
    }
  };

  // --- Rendering ------------------------------------------------------------------------------------

  #money(minor: number, { currency, currencyExponent }: { currency: string; currencyExponent: number }) {
    return this.#plainMoney
      ? plainMoney(minor, currency, currencyExponent)
      : formatMoney(minor, currency, currencyExponent, this.#locale);
  }

  #date(iso: string | undefined, timeOnly = false) {
    return formatDate(iso, this.#locale, timeOnly);
  }

  #props(name: string, label: string, required: boolean, hint?: string): FieldProps {
    const value = this.#value(name);
    return {
      name,
      label,
      required,
      value,
      hint,
      error: this.#errors[name],
      optional: this._messages.optional,
    };
  }

  /** The title of each step, used as its heading and announced in the live region. */
  #title(): string {
    const { step, payment, config } = this._state;
    const messages = this._messages;
    const titles: Partial<Record<Step, string>> = {
      [Step.Loading]: messages.loading,
      [Step.Resuming]: messages.loading,
      [Step.Unavailable]: messages.unavailable,
      [Step.Error]: messages.error,
      [Step.Form]: config?.title,
      [Step.Submitting]: messages.wait,
      [Step.Otp]: messages.otpTitle,
      [Step.PreOtp]: messages.preOtpTitle,
      [Step.Confirming]: payment?.action === 'otp' ? messages.otpTitle : messages.preOtpTitle,
      [Step.Redirecting]: messages.redirectTitle,
      [Step.Unfinished]: messages.unfinishedTitle,
      [Step.BankTransfer]: messages.bankTitle,
      [Step.Processing]: messages.processingTitle,
      [Step.TimedOut]: messages.timedOutTitle,
      [Step.Success]: messages.successTitle,
      [Step.Failed]: messages.failedTitle,
      [Step.Expired]: messages.expiredTitle,
    };
    return titles[step] ?? '';
  }

  /**
   * What the live region says: the step, or what just went wrong on it. A screen reader hears a refused
   * form or code only through this text changing: focus may already be on the field that is wrong.
   */
  #status(): string {
    const { step, error, cancelled, payment } = this._state;
    const messages = this._messages;
    if (step === Step.Form) {
      if (cancelled) return messages.cancelled;
      if (error) return this.#formError(error);
      return Object.keys(this.#errors).length ? messages.fixErrors : '';
    }
    const problem = (step === Step.Otp || step === Step.PreOtp) && this.#codeError(payment!);
    if (!problem) return this.#copied ? messages.copied : this.#title();
    const left = error?.attemptsLeft;
    return left === undefined ? problem : `${problem} ${fill(messages.triesLeft, { n: left })}`;
  }

  /** What is wrong with the code the payer typed, if anything: our own check, else the server's answer. */
  #codeError(payment: Payment): string | undefined {
    const { error } = this._state;
    const name = payment.action === 'otp' ? 'otp' : 'customerCode';
    return (
      this.#errors[name] ??
      (error && (error.code === 'invalid_otp' ? this._messages.wrongCode : error.message))
    );
  }

  #formError(error: ApiError): string {
    return error.fields?.length ? this._messages.fixErrors : error.message;
  }

  protected override render() {
    const { step, config } = this._state;
    // Until the messages of its language are in, the checkout shows its loading state, without text.
    const ready = !!this.#i18n.messages;
    const body = ready ? this.#renderStep() : loadingSkeleton();
    return html`<div class="pay" part="base" lang=${this.#locale}>
      <div class="pay__live" role="status">${ready ? this.#status() : ''}</div>
      ${
        ready && config && step !== Step.Form && step !== Step.Submitting
          ? html`<div class="pay__merchant">${this.#logo(config.logo)}<span>${config.title}</span></div>`
          : nothing
      }
      ${body}
    </div>`;
  }

  #renderStep(): TemplateResult | typeof nothing {
    const { step, config, payment, error } = this._state;
    const messages = this._messages;
    switch (step) {
      case Step.Idle:
        return nothing;
      case Step.Loading:
      case Step.Resuming:
        return loadingSkeleton();
      case Step.Unavailable:
        return screen('error', this.#title(), html`<p class="pay__text">${messages.unavailableText}</p>`);
      case Step.Error:
        return screen(
          'error',
          this.#title(),
          html`<p class="pay__text">${error?.message}</p>
            ${button(messages.retry, () => void this.#load())}`,
        );
      case Step.Form:
      case Step.Submitting:
        return this.#renderForm(config!);
    }
    const paid = payment!;
    switch (step) {
      case Step.Redirecting:
        return screen(
          'wait',
          this.#title(),
          html`<p class="pay__text">${messages.redirectText}</p>
            <progress class="pay__progress" aria-label=${messages.redirectTitle}></progress>
            ${
              safeUrl(paid.redirectUrl)
                ? html`<a
                    class="pay__button"
                    part="submit"
                    href=${safeUrl(paid.redirectUrl)!}
                    target=${this.popup ? 'pay-checkout' : '_self'}
                    >${messages.openPage}</a
                  >`
                : nothing
            }`,
        );
      case Step.Unfinished:
        return unfinishedStep({
          messages,
          title: this.#title(),
          pageUrl: safeUrl(paid.redirectUrl),
          provider: config!.methods.find((method) => method.provider === this.#paidWith)?.label,
          popup: this.popup,
          summary: this.#summary([
            [messages.amount, this.#money(paid.total ?? paid.amount, paid)],
            [messages.reference, paid.reference, true],
          ]),
          startAgain: this.#startAgain,
        });
      case Step.BankTransfer: {
        const transfer = paid.bankTransfer;
        return screen(
          'wait',
          this.#title(),
          html`${this.#summary([
            [messages.bank, transfer?.bankName],
            [messages.account, transfer?.accountNumber, true],
            [messages.accountName, transfer?.accountName],
            [messages.amount, this.#money(paid.total ?? paid.amount, paid)],
            [messages.reference, paid.reference, true],
          ])}
          ${
            transfer?.expiresAt
              ? html`<p class="pay__text">
                  ${fill(messages.transferBefore, { time: this.#date(transfer.expiresAt) })}
                </p>`
              : nothing
          }`,
        );
      }
      case Step.Processing:
        return screen(
          'wait',
          this.#title(),
          html`<p class="pay__text">${messages.processingText}</p>
            <progress class="pay__progress" aria-label=${messages.processingTitle}></progress>
            ${this.#summary([
              [messages.amount, this.#money(paid.total ?? paid.amount, paid)],
              [messages.reference, paid.reference, true],
            ])}`,
        );
      case Step.TimedOut:
        return screen(
          'wait',
          this.#title(),
          html`<p class="pay__text">${messages.timedOutText}</p>
            ${this.#summary([[messages.reference, paid.reference, true]])}
            ${button(messages.checkAgain, this.#checkAgain)}`,
        );
      case Step.Success:
        return screen(
          'success',
          this.#title(),
          html`${this.#summary([
            [messages.amount, this.#money(paid.total ?? paid.amount, paid)],
            [messages.reference, paid.reference, true],
            [messages.date, this.#date(paid.paidAt)],
          ])}
          ${
            // The receipt stays until the payer leaves: no timer takes the page away while it is read.
            safeUrl(config?.redirectUrl)
              ? html`<a class="pay__button" part="submit" href=${safeUrl(config?.redirectUrl)!}
                  >${fill(messages.returnTo, { merchant: config!.title })}</a
                >`
              : nothing
          }`,
        );
      case Step.Failed:
      case Step.Expired: {
        const expired = step === Step.Expired;
        return screen(
          'error',
          this.#title(),
          html`<p class="pay__text">
              ${expired ? messages.expiredText : paid.message || messages.failedText}
            </p>
            ${this.#summary([[messages.reference, paid.reference, true]])}
            ${button(messages.retry, () => this.#restart())}
            ${expired ? nothing : button(messages.otherNumber, () => this.#restart('method.phoneNumber'), true)}`,
        );
      }
    }
    return this.#renderCode(paid);
  }

  #logo(url?: string) {
    const src = safeUrl(url);
    return src ? html`<img class="pay__logo" src=${src} alt="" />` : nothing;
  }

  /** A payment's summary; rows marked copyable get a copy button that announces its success. */
  #summary(rows: Row[]) {
    const messages = this._messages;
    return summary(rows, {
      label: (term) => fill(messages.copyWhat, { what: term }),
      text: messages.copy,
      copy: (value) =>
        void navigator.clipboard?.writeText(value).then(
          () => {
            this.#copied = true;
            this.requestUpdate();
          },
          // Refused (no permission, page not focused): the value stays on screen to copy by hand.
          () => undefined,
        ),
    });
  }

  #renderForm(config: CheckoutConfig) {
    const messages = this._messages;
    const busy = this._state.step === Step.Submitting;
    const { fixed, min, max, remaining } = config.amount;
    const money = (minor: number) => this.#money(minor, config);
    const typed = parseAmount(String(this.#value('amount') ?? ''), config.currencyExponent, this.#locale);
    const amount = fixed ?? typed;
    const hint = [
      min !== undefined && max !== undefined
        ? fill(messages.between, { min: money(min), max: money(max) })
        : min !== undefined
          ? fill(messages.atLeast, { min: money(min) })
          : max !== undefined && fill(messages.atMost, { max: money(max) }),
      remaining !== undefined && fill(messages.remaining, { amount: money(remaining) }),
    ]
      .filter(Boolean)
      .join(' · ');
    const provider = this.#provider(config);
    const method = config.methods.find((candidate) => candidate.provider === provider);
    // What the payer will pay, the method's fee included, before they commit.
    const fee = amount ? feeOf(amount, method?.fee) : 0;
    const required = !config.anonymous;
    const error = this._state.error;
    return html`<form
      class="pay__form"
      part="form"
      novalidate
      aria-busy=${busy}
      @submit=${this.#submit}
      @input=${this.#onInput}
      @change=${this.#onInput}
    >
      <header class="pay__header">
        ${this.#logo(config.logo)}
        <h2 class="pay__heading" part="status" tabindex="-1">${config.title}</h2>
        ${config.description ? html`<p class="pay__description">${config.description}</p>` : nothing}
      </header>
      ${
        fixed === null
          ? textField(
              this.#props('amount', `${messages.amount} (${config.currency})`, true, hint || undefined),
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
        const progress = this.#progress[name];
        const uploaded = this.#uploaded[name];
        const hint =
          progress !== undefined
            ? fill(messages.uploading, {
                percent: numberFormat(this.#locale, { style: 'percent' }).format(progress),
              })
            : uploaded && fill(messages.uploaded, { name: uploaded });
        return customField(
          custom,
          this.#props(name, custom.label, custom.required, hint),
          messages.choose,
          progress,
        );
      })}
      <fieldset class="pay__group">
        <legend class="pay__legend">${messages.details}</legend>
        ${textField(this.#props('customer.name', messages.name, required), { autocomplete: 'name' })}
        ${textField(this.#props('customer.email', messages.email, required), { type: 'email', autocomplete: 'email' })}
        ${method ? nothing : textField(this.#props('customer.phoneNumber', messages.phone, required), { type: 'tel', autocomplete: 'tel' })}
      </fieldset>
      ${this.#renderMethods(config, provider, method)}
      ${this._state.cancelled ? html`<p class="pay__notice">${messages.cancelled}</p>` : nothing}
      ${error ? html`<p class="pay__alert" part="error">${this.#formError(error)}</p>` : nothing}
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
    </form>`;
  }

  #renderMethods(config: CheckoutConfig, provider: string, method?: Method) {
    const messages = this._messages;
    const choices = config.methods.map(({ provider, label, logo }) => ({ value: provider, label, logo }));
    if (config.hosted) choices.push({ value: 'hosted', label: messages.hosted, logo: undefined });
    const network = String(this.#values['method.network'] ?? method?.networks?.[0]?.value ?? '');
    const inputs: MethodInput[] = method?.inputs.length
      ? method.inputs
      : [{ name: 'phoneNumber', label: messages.phone, type: 'tel', required: true }];
    const radio = (name: string, value: string, checked: boolean, label: string, logo?: string) =>
      html`<label class="pay__option"
        ><input class="pay__radio" type="radio" name=${name} .value=${value} .checked=${checked} />${
          safeUrl(logo)
            ? this.#logo(logo)
            : html`<span class="pay__logo pay__initial" aria-hidden="true">${label[0]}</span>`
        }<span>${label}</span></label
      >`;
    return html`${
      choices.length > 1 || !method
        ? html`<fieldset class="pay__group" part="method">
            <legend class="pay__legend">${messages.payWith}</legend>
            <div class="pay__options">
              ${choices.map((choice) => radio('method.provider', choice.value, choice.value === provider, choice.label, choice.logo))}
            </div>
          </fieldset>`
        : nothing
    }
    ${
      // One network is no choice: it is sent without asking.
      method?.networks && method.networks.length > 1
        ? html`<fieldset class="pay__group" part="method">
            <legend class="pay__legend">${messages.network}</legend>
            <div class="pay__options pay__options--grid">
              ${method.networks.map((choice) => radio('method.network', choice.value, choice.value === network, choice.name, choice.image))}
            </div>
          </fieldset>`
        : nothing
    }
    ${
      method
        ? inputs.map((input) =>
            input.type === 'select'
              ? dropdownField(
                  this.#props(`method.${input.name}`, input.label, input.required),
                  input.options ?? [],
                  messages.choose,
                )
              : textField(
                  this.#props(
                    `method.${input.name}`,
                    input.name === 'phoneNumber' ? messages.phone : input.label,
                    input.required,
                  ),
                  input.type === 'tel'
                    ? { type: 'tel', autocomplete: 'tel' }
                    : { type: 'text', pattern: input.pattern },
                ),
          )
        : nothing
    }`;
  }

  #renderCode(payment: Payment) {
    const messages = this._messages;
    const otp = payment.action === 'otp';
    const busy = this._state.step === Step.Confirming;
    const error = this._state.error;
    const left = error?.attemptsLeft ?? payment.attemptsLeft;
    const name = otp ? 'otp' : 'customerCode';
    const hint = [
      left !== undefined && fill(messages.triesLeft, { n: left }),
      payment.expiresAt && fill(messages.expires, { time: this.#date(payment.expiresAt, true) }),
    ]
      .filter(Boolean)
      .join(' · ');
    const props = this.#props(name, otp ? messages.code : messages.customerCode, true, hint || undefined);
    props.error = this.#codeError(payment);
    return screen(
      'wait',
      this.#title(),
      html`<p class="pay__text">
          ${
            // A code by SMS needs no instructions of the provider's, whose text is in its own language:
            // ours is in the payer's. A customer code does (which number to dial), so its message stays.
            otp ? messages.otpText : payment.message ? withDialLinks(payment.message) : ''
          }
        </p>
        ${this.#summary([
          [messages.amount, this.#money(payment.amount, payment)],
          [messages.fee, payment.fee === undefined ? undefined : this.#money(payment.fee, payment)],
          [messages.total, payment.total === undefined ? undefined : this.#money(payment.total, payment)],
        ])}
        <form
          class="pay__form"
          part="form otp"
          novalidate
          aria-busy=${busy}
          @submit=${this.#confirm}
          @input=${this.#onInput}
        >
          ${textField(props, otp ? { autocomplete: 'one-time-code', inputmode: 'numeric', pattern: '[0-9]*', maxlength: 12 } : {})}
          <button class="pay__button" part="submit" type="submit" aria-disabled=${busy}>
            ${busy ? messages.wait : messages.confirm}
          </button>
        </form>
        ${button(messages.otherNumber, () => this.#restart('method.phoneNumber'), true)}`,
    );
  }
}
