import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { Api, ApiFailure, LatestRequest, idempotencyKey, isInconclusive } from '../internal/api.ts';
import { isFinal, movesFocus, transition } from '../controllers/checkout-machine.ts';
import type { CheckoutEvent, CheckoutState } from '../controllers/checkout-machine.ts';
import type { ApiError, CheckoutConfig, CreatePayment, Customer, FieldAnswer } from '../contract/index.ts';
import { formatDate } from '../internal/dates.ts';
import { announcement } from '../controllers/announcements.ts';
import { PayErrorEvent, PayReadyEvent, PaySubmitEvent } from './events.ts';
import { FormState } from '../controllers/form-state.ts';
import { isolate } from '../isolation/frame-host.ts';
import { LocaleController, en, ours, type Messages } from '../i18n/index.ts';
import { formatMoney, intlReady, plainMoney } from '../internal/money.ts';
import { styles } from './pay-checkout.styles.ts';
import { followPayment } from '../controllers/payment-follower.ts';
import { handoffRequest } from '../controllers/handoff-follower.ts';
import { forgetPayment, resumed, savePayment, savedPayment, type Saved } from '../controllers/resume.ts';
import { loadingSkeleton, prerenderForm, SAMPLE_CONFIG, stepTemplates } from '../steps/index.ts';
import { copyText, logo, safeUrl, type Currency, type StepView } from '../steps/parts.ts';
import { skeletonStyles, stepStyles } from '../steps/steps.styles.ts';
import { refusesCode, statusOf } from '../steps/titles.ts';
import { browserTransport, type Transport } from '../internal/transport.ts';

/** Where this file was loaded from (a classic script knows only while it runs): default API origin and locales. */
const scriptUrl = (globalThis.document?.currentScript as HTMLScriptElement | null)?.src || import.meta.url;

/**
 * A checkout for a payment link or a checkout session: the form, the provider's steps (OTP, hosted page,
 * bank transfer), then the verified result. Set `api` when the widget is bundled into an app: it
 * defaults to the origin that served the widget's file.
 *
 * With `isolation="iframe"` it runs in a frame of the backend's (`/embed`), out of reach of the page's
 * scripts; its events come without phone numbers or codes, and `pay-submit` cannot be cancelled.
 *
 * @summary Embeddable mobile-money checkout.
 *
 * @event pay-ready - The form (or a resumed payment) is on screen, in its language. `detail: {config}`
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
    isolation: {},
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
  /** `iframe`: the checkout in a frame of the backend's, out of this page's reach; read with `link`. */
  declare isolation?: 'iframe';
  /** Where a provider's page sends the payer back (with `?pay_reference=`); default: this page. */
  declare returnUrl?: string;
  /** The network edge; tests and special hosts pass their own. */
  declare transport: Transport;
  /** @internal */
  declare _state: CheckoutState;

  /** The payment on its way: its token, its provider (a direct charge's) and the answers it was made with. */
  #saved?: Saved;
  #attempt?: { key: string; body: string };
  #popup?: Window | null;
  #isolate?: ReturnType<typeof isolate>;
  #frame?: HTMLIFrameElement;
  #loading = new LatestRequest(this);
  #focus?: string | true;
  /** The config of a form (or resumed payment) not on screen yet: `pay-ready` waits for its messages. */
  #ready?: CheckoutConfig;
  /** A value was just copied: the live region says so until the step changes. */
  #copied = false;
  /** The next render formats money by hand: it shows the form, and Intl's first use would not fit its frame. */
  #plainMoney = false;
  #i18n = new LocaleController(this, {
    // In iframe mode the language is the frame's: this page fetches no messages.
    requested: () => (this.isolation ? 'en' : this.locale),
    config: () => this._state.config,
    configPending: () => this._state.step === 'loading',
    localesUrl: () => new URL('locales/', this.api ? new URL('/widget/', this.api) : scriptUrl),
    transport: () => this.transport,
  });
  #form = new FormState(
    this,
    () => this.#i18n.locale,
    (file, onProgress) =>
      this.#api.upload(file, onProgress, new AbortController().signal).catch((failure) => {
        throw this.#failure(failure);
      }),
  );

  constructor() {
    super();
    this.popup = false;
    this.transport = browserTransport;
    this._state = { step: 'idle' };
    followPayment(
      this,
      () => this.#api,
      () => this.#saved?.token ?? '',
      (event) => this.#send(event),
    );
  }

  /**
   * Puts answers in the form, by the API's path of each (`amount`, `fields.<name>`, `customer.email`,
   * `method.phoneNumber`, `method.provider`, `method.network`), and moves the focus to the control of
   * `focus`: what the payer typed into a form of the page's own before the checkout came (the pay page).
   */
  answer(answers: Record<string, FieldAnswer>, focus?: string) {
    Object.assign(this.#form.values, answers);
    this.#focus = focus;
    this.requestUpdate();
  }

  get #api() {
    return new Api(this.api || new URL(scriptUrl).origin, this.transport);
  }

  /** The language of every text on screen (English until the locale's messages are in). */
  get _messages(): Messages {
    return this.#i18n.messages ?? en;
  }

  get #id() {
    return this.session || this.link || '';
  }

  /**
   * Where this element keeps the payment it started (resume.ts): its checkout, and, when the page holds
   * several elements of one checkout, which of them it is (in document order), or that it runs in a frame
   * (the isolation page's frame shares the storage of a page of the same origin). Otherwise two such
   * elements shared one record: back from the provider's page, either could resume it, and the one the
   * payer used showed an empty form.
   */
  get #savedKey() {
    const id = this.#id;
    const twins = [...document.querySelectorAll<PayCheckout>('pay-checkout')].filter(
      (element) => (element.session || element.link || '') === id,
    );
    const index = twins.indexOf(this);
    return `${id}${index > 0 ? `#${index}` : ''}${window.top === window ? '' : '@frame'}`;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has('link') && !changed.has('session') && !changed.has('api')) return;
    if (this.isolation !== 'iframe') void this.#load();
    else if (this.#id)
      this.#frame = (this.#isolate ??= isolate(this))(
        this.api || new URL(scriptUrl).origin,
        this.session ? 'session' : 'link',
        this.#id,
      );
  }

  protected override updated() {
    // Ready once the form (or the resumed payment) is on screen, which waits for its language's messages.
    const ready = this.#ready;
    if (ready && this.#i18n.messages) {
      this.#ready = undefined;
      this.#dispatch(new PayReadyEvent(ready));
    }
    if (this.#plainMoney) {
      // Once that form is painted, render it again with Intl. The real clock, not the transport's: this
      // is no delay of the checkout, only a yield to the browser's paint.
      this.#plainMoney = false;
      requestAnimationFrame(() => setTimeout(() => this.requestUpdate()));
    }
    const target = this.#focus;
    this.#focus = undefined;
    if (target === true) this.renderRoot.querySelector<HTMLElement>('.pay__heading')?.focus();
    else if (target) this.#form.control(target)?.focus();
  }

  #send(event: CheckoutEvent) {
    const before = this._state;
    const state = (this._state = transition(before, event));
    const { step, payment, config } = state;
    if (step === before.step) return;
    this.#copied = false;
    if (movesFocus(before.step, state)) this.#focus = true;
    if (before.step === 'loading' && (step === 'form' || step === 'resuming')) {
      this.#plainMoney = !intlReady();
      this.#ready = config;
    }
    if (isFinal(step) || state.cancelled) forgetPayment(this.#savedKey);
    const announced = announcement(before.step, state, event);
    if (announced) this.#dispatch(announced);
    if (step === 'redirecting') this.#redirect(payment!.redirectUrl);
  }

  /** Not `dispatchEvent` at each call, from which the manifest's analyzer would infer wrong events. */
  #dispatch = (event: Event) => this.dispatchEvent(event);

  /** An `ApiError` for any failure, announced as `pay-error`. */
  #failure(failure: unknown): ApiError {
    const known = failure instanceof ApiFailure;
    const error: ApiError = known ? failure.error : { code: 'internal', message: String(failure) };
    this.#dispatch(new PayErrorEvent(error, known ? failure.status : 0));
    if (known && failure.status === 0) return { ...error, message: this._messages.networkError };
    return ours(error, this._messages);
  }

  #load = async () => {
    const id = this.#id;
    this.#form.clear();
    this.#ready = undefined;
    if (!id) return;
    this.#send({ type: 'load' });
    try {
      const loading = this.#loading.run((signal) =>
        this.#api.config(this.session ? 'session' : 'link', id, signal),
      );
      // Read while the config is on its way (it does not depend on it): a page's first storage access is slow.
      const saved = savedPayment(this.#savedKey);
      // While it is on its way, in time the page is idle, the form's templates are prepared (see there).
      (window as Partial<Window>).requestIdleCallback?.(
        () => this._state.step === 'loading' && prerenderForm(this.#view(this._messages, SAMPLE_CONFIG)),
      );
      const config = await loading;
      if (!config) return;
      this.#send({ type: 'loaded', config, resume: !!saved });
      if (saved && this._state.step === 'resuming') {
        this.#saved = saved;
        this.#form.values = { ...saved.answers };
        this.#send({ type: 'payment', ...(await resumed(this.#api, saved)) });
      }
    } catch (failure) {
      if (this._state.step === 'resuming') forgetPayment(this.#savedKey);
      this.#send({ type: 'load-failed', error: this.#failure(failure) });
    }
  };

  #submit = (event: SubmitEvent) => {
    event.preventDefault();
    const { step, config } = this._state;
    if (step !== 'form' || !config || this.#invalid(event)) return;
    const request = this.#form.request(config);
    const submit = new PaySubmitEvent(request);
    this.#dispatch(submit);
    if (submit.defaultPrevented) return;
    // A popup must open during the click itself, or the browser blocks it. Opened blank and cut loose at
    // once: the provider's page then has no `window.opener` to reach (or navigate) this page with, while
    // this page keeps the handle it sends the popup there with (`noopener` would give no handle).
    if (this.popup && request.method.kind === 'hosted') {
      const popup = (this.#popup = window.open('', 'pay-checkout'));
      if (popup) popup.opener = null;
    }
    this.#send({ type: 'submit' });
    void this.#create(request);
  };

  /** Checks the form submitted: what is wrong shows, and the first wrong field takes the focus. */
  #invalid(event: SubmitEvent): boolean {
    return !!(this.#focus = this.#form.validate(event.target as HTMLFormElement));
  }

  /** One Idempotency-Key per attempt; re-sending the same answers after no answer reuses it. */
  async #create(request: CreatePayment) {
    const body = JSON.stringify(request);
    const attempt = (this.#attempt =
      this.#attempt?.body === body ? this.#attempt : { key: idempotencyKey(), body });
    try {
      const { payment, token } = await this.#api.create(request, attempt.key);
      this.#attempt = undefined;
      const provider = request.method.kind === 'direct' ? request.method.provider : undefined;
      this.#saved = { reference: payment.reference, token, provider, answers: this.#form.values };
      savePayment(this.#savedKey, this.#saved);
      this.#send({ type: 'payment', payment });
    } catch (failure) {
      if (!(failure instanceof ApiFailure && isInconclusive(failure))) this.#attempt = undefined;
      this.#popup?.close();
      const error = this.#form.refused(this.#failure(failure));
      this.#focus = error.fields?.[0]?.path;
      this.#send({ type: 'rejected', error });
    }
  }

  #confirm = async (event: SubmitEvent) => {
    event.preventDefault();
    const { step, payment } = this._state;
    if ((step !== 'otp' && step !== 'preOtp') || !payment || this.#invalid(event)) return;
    const name = step === 'otp' ? 'otp' : 'customerCode';
    const code = String(this.#form.values[name]).trim();
    const codes = name === 'otp' ? { otp: code } : { customerCode: code };
    this.#send({ type: 'confirm' });
    try {
      const confirmed = await this.#api.confirm(payment.reference, this.#saved!.token, codes);
      this.#send({ type: 'payment', payment: confirmed });
    } catch (failure) {
      const error = this.#failure(failure);
      // A refused code makes way for the next; after a lost answer, the same code is sent again as it is.
      if (refusesCode(error)) delete this.#form.values[name];
      this.#focus = name;
      this.#send({ type: 'rejected', error });
      // Not waiting for a code any more (it expired, say): where the payment is now shows instead.
      if (error.code === 'payment_not_awaiting_input') void this.#ask();
    }
  };

  /** "Pay on your phone": the answers so far become a prefilled pay page for the phone, followed from here. */
  #handOff = async () => {
    const { config } = this._state;
    this.#send({ type: 'hand-off' });
    try {
      const handoff = await this.#api.handOff(handoffRequest(this.#form.request(config!), config!));
      this.#send({ type: 'handoff', handoff });
    } catch (failure) {
      this.#send({ type: 'rejected', error: this.#failure(failure) });
    }
  };

  #redirect(to?: string) {
    const url = safeUrl(to);
    if (!url) return;
    if (this.#popup && !this.#popup.closed) this.#popup.location.href = url;
    // Not in a popup, or the browser refused one (in-app browsers answer `window.open` with null): this
    // tab goes, and comes back to the return URL as without `popup`.
    else if (!this.popup || this.#popup === null) this.transport.navigate(url);
  }

  #restart = (focus?: string) => {
    forgetPayment(this.#savedKey);
    this.#popup = undefined;
    this.#send({ type: 'restart' });
    if (focus) this.#focus = focus;
  };

  /**
   * Asks for the payment's state again. `cancel`: the payer leaves a payment that waits on the provider's
   * page: it is cancelled (so the page cannot charge it later unseen) and forgotten, and the payer is
   * back on the form; if the provider settled it first, its result shows instead.
   */
  #ask = async (cancel?: boolean) => {
    const { reference } = this._state.payment!;
    try {
      const payment = await this.#api.payment(reference, this.#saved!.token, undefined, cancel);
      this.#send({ type: 'payment', payment });
    } catch (failure) {
      this.#failure(failure);
      if (cancel) this.#restart();
    }
  };

  #money = (minor: number, { currency, currencyExponent }: Currency) =>
    this.#plainMoney
      ? plainMoney(minor, currency, currencyExponent)
      : formatMoney(minor, currency, currencyExponent, this.#i18n.locale);

  #copy = (value: string) =>
    copyText(value, () => {
      this.#copied = true;
      this.requestUpdate();
    });

  /** What the steps' templates are given (`config`: the form's, which may be a sample one). */
  #view(messages: Messages, config: CheckoutConfig): StepView {
    const state = this._state;
    return {
      messages,
      locale: this.#i18n.locale,
      state,
      config,
      payment: state.payment!,
      method: config?.methods.find((candidate) => candidate.provider === this.#saved?.provider),
      popup: this.popup,
      form: this.#form,
      money: this.#money,
      date: (iso, timeOnly) => formatDate(iso, this.#i18n.locale, timeOnly),
      copy: this.#copy,
      retry: this.#load,
      restart: this.#restart,
      ask: this.#ask,
      submit: this.#submit,
      confirm: this.#confirm,
      handOff: this.#handOff,
    };
  }

  protected override render() {
    if (this.#frame) return this.#frame;
    const state = this._state;
    const { step, config } = state;
    // Until the messages of its language are in, the checkout shows its loading state, without text.
    const messages = this.#i18n.messages;
    const status = messages ? statusOf(state, messages, this.#form.errors, this.#copied) : '';
    return html`<div class="pay" part="base" lang=${this.#i18n.locale}>
      <div class="pay__live" role="status">${status}</div>
      ${
        messages && config && step !== 'form' && step !== 'submitting'
          ? html`<div class="pay__merchant">${logo(config.logo)}<span>${config.title}</span></div>`
          : nothing
      }
      ${messages ? stepTemplates[step](this.#view(messages, config!)) : loadingSkeleton()}
    </div>`;
  }
}
