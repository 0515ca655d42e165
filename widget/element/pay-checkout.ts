import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { Api, ApiFailure, LatestRequest, idempotencyKey, isInconclusive } from '../internal/api.ts';
import { isFinal, movesFocus, transition } from '../controllers/checkout-machine.ts';
import type { CheckoutEvent, CheckoutState } from '../controllers/checkout-machine.ts';
import type { ApiError, CheckoutConfig, CreatePayment, Customer, FieldAnswer } from '../shared/contract.ts';
import { formatDateTime, formatMoney, intlReady } from '../shared/format.ts';
import { announcement } from '../controllers/announcements.ts';
import { PayErrorEvent, PayReadyEvent, PaySubmitEvent } from './events.ts';
import { FormState } from '../controllers/form-state.ts';
import { isolate } from '../isolation/frame-host.ts';
import { LocaleController, en, ours, type Messages } from '../i18n/index.ts';
import { plainMoney } from '../shared/money.ts';
import { styles } from './pay-checkout.styles.ts';
import { followPayment } from '../controllers/payment-follower.ts';
import { handoffRequest } from '../controllers/handoff-follower.ts';
import { forgetPayment, resumed, savePayment, savedPayment } from '../controllers/resume.ts';
import type { Attempt, Saved } from '../controllers/resume.ts';
import { brokenStep, loadingSkeleton, prerenderForm, SAMPLE_CONFIG, stepTemplates } from '../steps/index.ts';
import { copyText, logo, safeUrl, type Currency, type StepView } from '../steps/parts.ts';
import { skeletonStyles, stepStyles } from '../steps/steps.styles.ts';
import { refusesCode, statusOf } from '../steps/titles.ts';
import { browserTransport, type Transport } from '../internal/transport.ts';
import { selfCheck } from '../controllers/self-check.ts';

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
 * @event pay-error - A request failed; or, with `code: 'internal'` and `status: 0`, the widget itself failed in this browser and shows the pay page's link instead. `detail: {error, status}`
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
    // Declared, so that `'returnUrl' in element`: React 19 and Vue set a prop as a property only then, else
    // as an attribute (`returnurl`) that nothing reads.
    returnUrl: { attribute: false },
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
  private _saved?: Saved;
  private _attempt?: Attempt;
  private _popup?: Window | null;
  private _isolate?: ReturnType<typeof isolate>;
  private _frame?: HTMLIFrameElement;
  private _loading = new LatestRequest(this);
  private _focus?: string | true;
  /** The config of a form (or resumed payment) not on screen yet: `pay-ready` waits for its messages. */
  private _ready?: CheckoutConfig;
  /** The widget's own code failed (`_failure`): it shows the pay page's link, and nothing else, from then on. */
  private _broken = false;
  /** A value was just copied: the live region says so until the step changes. */
  private _copied = false;
  /** The next render formats money by hand: it shows the form, and Intl's first use would not fit its frame. */
  private _plainMoney = false;
  private _i18n = new LocaleController(this, {
    // In iframe mode the language is the frame's: this page fetches no messages.
    requested: () => (this.isolation ? 'en' : this.locale),
    config: () => this._state.config,
    configPending: () => this._state.step === 'loading',
    localesUrl: () => new URL('locales/', this.api ? new URL('/widget/', this.api) : scriptUrl),
    transport: () => this.transport,
  });
  private _form = new FormState(
    this,
    () => this._i18n.locale,
    (file, onProgress) =>
      this._api.upload(file, onProgress, new AbortController().signal).catch((failure) => {
        throw this._failure(failure);
      }),
  );

  constructor() {
    super();
    this.popup = false;
    this.transport = browserTransport;
    this._state = { step: 'idle' };
    followPayment(
      this,
      () => this._api,
      () => this._saved?.token ?? '',
      (event) => this._send(event),
    );
  }

  /**
   * Puts answers in the form, by the API's path of each (`amount`, `fields.<name>`, `customer.email`,
   * `method.phoneNumber`, `method.provider`, `method.network`), and moves the focus to the control of
   * `focus`: what the payer typed into a form of the page's own before the checkout came (the pay page).
   * Returns every answer the form holds, by the same paths: the pay page puts them back into its own form
   * when the widget gives up.
   */
  answer(answers: Record<string, FieldAnswer>, focus?: string): Record<string, FieldAnswer> {
    Object.assign(this._form.values, answers);
    this._focus = focus;
    this.requestUpdate();
    return this._form.values;
  }

  /** The backend's base URL, without a final slash: `api`, else the origin that served the widget's file. */
  private get _backend() {
    return (this.api || new URL(scriptUrl).origin).replace(/\/$/, '');
  }

  private get _api() {
    return new Api(this._backend, this.transport);
  }

  /** The language of every text on screen (English until the locale's messages are in). */
  get _messages(): Messages {
    return this._i18n.messages ?? en;
  }

  private get _id() {
    return this.session || this.link || '';
  }

  /**
   * Where this element keeps the payment it started (resume.ts): its checkout, and, when the page holds
   * several elements of one checkout, which of them it is (in document order), or that it runs in a frame
   * (the isolation page's frame shares the storage of a page of the same origin). Otherwise two such
   * elements shared one record: back from the provider's page, either could resume it, and the one the
   * payer used showed an empty form.
   */
  private get _savedKey() {
    const id = this._id;
    const twins = [...document.querySelectorAll<PayCheckout>('pay-checkout')].filter(
      (element) => (element.session || element.link || '') === id,
    );
    const index = twins.indexOf(this);
    return `${id}${index > 0 ? `#${index}` : ''}${window.top === window ? '' : '@frame'}`;
  }

  protected override willUpdate(changed: PropertyValues<this>) {
    if (!changed.has('link') && !changed.has('session') && !changed.has('api')) return;
    if (this.isolation !== 'iframe') void this._load();
    else if (this._id)
      this._frame = (this._isolate ??= isolate(this))(
        this._backend,
        this.session ? 'session' : 'link',
        this._id,
      );
  }

  protected override updated() {
    const ready = this._ready;
    if (this._plainMoney) {
      // Once that form is painted, render it again with Intl. The real clock, not the transport's: this
      // is no delay of the checkout, only a yield to the browser's paint.
      this._plainMoney = false;
      requestAnimationFrame(() => setTimeout(() => this.requestUpdate()));
    } else if (ready && this._i18n.messages) {
      // Ready once the form (or the resumed payment) is on screen, with its language's messages and Intl,
      // and what Pay runs ran here: a browser that cannot take the payment throws instead (`performUpdate`).
      this._ready = undefined;
      selfCheck(this._form, ready, this._i18n.locale);
      this._dispatch(new PayReadyEvent(ready));
    }
    const target = this._focus;
    this._focus = undefined;
    if (target === true) this.renderRoot.querySelector<HTMLElement>('.pay__heading')?.focus();
    else if (target) this._form.control(target)?.focus();
  }

  private _send(event: CheckoutEvent) {
    const before = this._state;
    const state = (this._state = transition(before, event));
    const { step, payment, config } = state;
    if (step === before.step) return;
    this._copied = false;
    if (movesFocus(before.step, state)) this._focus = true;
    if (before.step === 'loading' && (step === 'form' || step === 'resuming')) {
      this._plainMoney = step === 'form' && !intlReady();
      this._ready = config;
    }
    // A session is paid once: its success stays, so a reload shows it (the session answers 409 from then on).
    if ((isFinal(step) && !(step === 'success' && this.session)) || state.cancelled)
      forgetPayment(this._savedKey);
    const announced = announcement(before.step, state, event);
    if (announced) this._dispatch(announced);
    if (step === 'redirecting') this._redirect(payment!.redirectUrl);
  }

  /** Not `dispatchEvent` at each call, from which the manifest's analyzer would infer wrong events. */
  private _dispatch = (event: Event) => this.dispatchEvent(event);

  /**
   * An `ApiError` for any failure, announced as `pay-error`. One that is not the API's (`internal`, status
   * 0) is the widget's own code failing in this browser (a missing feature, a bug): the checkout gives up
   * for the pay page's link (`_broken`), never left with a button that does nothing.
   */
  private _failure = (failure: unknown): ApiError => {
    const known = failure instanceof ApiFailure;
    const error: ApiError = known ? failure.error : { code: 'internal', message: String(failure) };
    this._dispatch(new PayErrorEvent(error, known ? failure.status : 0));
    if (!known && !this._broken) {
      this._broken = true;
      this._ready = undefined;
      // Where the payer was acting in the checkout (a click on Pay), the focus goes to what replaces it.
      if (this.shadowRoot!.activeElement) this._focus = true;
      this.requestUpdate();
    }
    if (known && failure.status === 0) return { ...error, message: this._messages.networkError };
    return ours(error, this._messages);
  };

  /** An update that throws (a template, `updated`) is the widget's own failure too. */
  protected override performUpdate() {
    try {
      super.performUpdate();
    } catch (failure) {
      this._failure(failure);
    }
  }

  /**
   * A handler the templates call, guarded: what it throws, or rejects with, is the widget's own failure
   * (`_failure`); an event listener's exception would otherwise only reach the console.
   */
  private _guard<A extends unknown[]>(handler: (...args: A) => unknown) {
    return (...args: A) => {
      try {
        void Promise.resolve(handler(...args)).catch(this._failure);
      } catch (failure) {
        this._failure(failure);
      }
    };
  }

  private _load = async () => {
    const id = this._id;
    this._form.clear();
    this._ready = undefined;
    if (!id) return;
    this._send({ type: 'load' });
    try {
      const loading = this._loading.run((signal) =>
        this._api.config(this.session ? 'session' : 'link', id, signal),
      );
      // Read while the config is on its way (it does not depend on it): a page's first storage access is slow.
      const saved = savedPayment(this._savedKey);
      // While it is on its way, in time the page is idle, the form's templates are prepared (see there).
      (window as Partial<Window>).requestIdleCallback?.(
        () => this._state.step === 'loading' && prerenderForm(this._view(this._messages, SAMPLE_CONFIG)),
      );
      // A checkout closed by this tab's own payment (a session it paid, or is paying on the provider's page)
      // answers 409: the payment shows, with the config it was made with, not "not available".
      const config = await loading.catch((failure: unknown) => {
        const kept =
          failure instanceof ApiFailure && failure.status === 409 && (saved as Saved | undefined)?.config;
        if (kept) return kept;
        throw failure;
      });
      if (!config) return;
      this._send({ type: 'loaded', config, resume: !!saved });
      if (saved && this._state.step === 'resuming') {
        this._form.values = { ...saved.answers };
        // A creation whose answer never came: sent again as it was, it is answered with the payment it made.
        if ('key' in saved)
          await this._made(JSON.parse((this._attempt = saved).body) as CreatePayment, saved.key);
        else this._send({ type: 'payment', ...(await resumed(this._api, (this._saved = saved))) });
      }
    } catch (failure) {
      // Still no answer to the attempt: the form, whose Pay sends it again with its key (see `_create`).
      if (this._state.step === 'resuming' && !(this._attempt && this._inconclusive(failure))) {
        this._attempt = undefined;
        forgetPayment(this._savedKey);
      }
      this._send({ type: 'load-failed', error: this._failure(failure) });
    }
  };

  private _submit = (event: SubmitEvent) => {
    event.preventDefault();
    const { step, config } = this._state;
    if (step !== 'form' || !config || this._invalid(event)) return;
    const request = this._form.request(config);
    const submit = new PaySubmitEvent(request);
    this._dispatch(submit);
    if (submit.defaultPrevented) return;
    // A popup must open during the click itself, or the browser blocks it. Opened blank and cut loose at
    // once: the provider's page then has no `window.opener` to reach (or navigate) this page with, while
    // this page keeps the handle it sends the popup there with (`noopener` would give no handle).
    if (this.popup && request.method.kind === 'hosted') {
      const popup = (this._popup = window.open('', 'pay-checkout'));
      if (popup) popup.opener = null;
    }
    this._send({ type: 'submit' });
    return this._create(request);
  };

  /** Checks the form submitted: what is wrong shows, and the first wrong field takes the focus. */
  private _invalid(event: SubmitEvent): boolean {
    return !!(this._focus = this._form.validate(event.target as HTMLFormElement));
  }

  /**
   * One Idempotency-Key per attempt; re-sending the same answers after no answer reuses it. The attempt
   * is saved before it leaves, so a reload after a lost answer sends it again rather than paying twice.
   */
  private async _create(request: CreatePayment) {
    const body = JSON.stringify(request);
    const attempt = (this._attempt =
      this._attempt?.body === body ? this._attempt : { key: idempotencyKey(), body, at: Date.now() });
    savePayment(this._savedKey, { ...attempt, answers: this._form.values });
    try {
      await this._made(request, attempt.key);
    } catch (failure) {
      if (!this._inconclusive(failure)) {
        this._attempt = undefined;
        forgetPayment(this._savedKey);
      }
      this._popup?.close();
      const error = this._form.refused(this._failure(failure));
      this._focus = error.fields?.[0]?.path;
      this._send({ type: 'rejected', error });
    }
  }

  /** Creates the payment under `key` and keeps it, with its token, for a reload (resume.ts). */
  private async _made(request: CreatePayment, key: string) {
    const { payment, token } = await this._api.create(request, key);
    this._attempt = undefined;
    const provider = request.method.kind === 'direct' ? request.method.provider : undefined;
    this._saved = {
      reference: payment.reference,
      token,
      provider,
      answers: this._form.values,
      config: this._state.config,
    };
    savePayment(this._savedKey, this._saved);
    this._send({ type: 'payment', payment });
  }

  private _inconclusive = (failure: unknown) => failure instanceof ApiFailure && isInconclusive(failure);

  private _confirm = async (event: SubmitEvent) => {
    event.preventDefault();
    const { step, payment } = this._state;
    if ((step !== 'otp' && step !== 'preOtp') || !payment || this._invalid(event)) return;
    const name = step === 'otp' ? 'otp' : 'customerCode';
    const code = String(this._form.values[name]).trim();
    const codes = name === 'otp' ? { otp: code } : { customerCode: code };
    this._send({ type: 'confirm' });
    try {
      const confirmed = await this._api.confirm(payment.reference, this._saved!.token, codes);
      this._send({ type: 'payment', payment: confirmed });
    } catch (failure) {
      const error = this._failure(failure);
      // A refused code makes way for the next; after a lost answer, the same code is sent again as it is.
      if (refusesCode(error)) delete this._form.values[name];
      this._focus = name;
      this._send({ type: 'rejected', error });
      // Not waiting for a code any more (it expired, say): where the payment is now shows instead.
      if (error.code === 'payment_not_awaiting_input') void this._ask();
    }
  };

  /** "Pay on your phone": the answers so far become a prefilled pay page for the phone, followed from here. */
  private _handOff = async () => {
    const { config } = this._state;
    this._send({ type: 'hand-off' });
    try {
      const handoff = await this._api.handOff(
        handoffRequest(this._form.request(config!), config!, this._i18n.locale),
      );
      this._send({ type: 'handoff', handoff });
    } catch (failure) {
      this._send({ type: 'rejected', error: this._failure(failure) });
    }
  };

  private _redirect(to?: string) {
    const url = safeUrl(to);
    if (!url) return;
    if (this._popup && !this._popup.closed) this._popup.location.href = url;
    // Not in a popup, or the browser refused one (in-app browsers answer `window.open` with null): this
    // tab goes, and comes back to the return URL as without `popup`.
    else if (!this.popup || this._popup === null) this.transport.navigate(url);
  }

  private _restart = (focus?: string) => {
    forgetPayment(this._savedKey);
    this._popup = undefined;
    this._send({ type: 'restart' });
    if (focus) this._focus = focus;
  };

  /**
   * Asks for the payment's state again. `cancel`: the payer leaves a payment that waits on the provider's
   * page: it is cancelled (so the page cannot charge it later unseen) and forgotten, and the payer is
   * back on the form; if the provider settled it first, its result shows instead.
   */
  private _ask = async (cancel?: boolean) => {
    const { reference } = this._state.payment!;
    try {
      const payment = await this._api.payment(reference, this._saved!.token, undefined, cancel);
      this._send({ type: 'payment', payment });
    } catch (failure) {
      this._failure(failure);
      if (cancel) this._restart();
    }
  };

  private _money = (minor: number, { currency, currencyExponent }: Currency) =>
    this._plainMoney
      ? plainMoney(minor, currency, currencyExponent)
      : formatMoney(minor, currency, currencyExponent, this._i18n.locale);

  private _copy = (value: string) =>
    copyText(value, () => {
      this._copied = true;
      this.requestUpdate();
    });

  /** What the steps' templates are given (`config`: the form's, which may be a sample one). */
  private _view(messages: Messages, config: CheckoutConfig): StepView {
    const state = this._state;
    return {
      messages,
      locale: this._i18n.locale,
      state,
      config,
      payment: state.payment!,
      method: config?.methods.find((candidate) => candidate.provider === this._saved?.provider),
      popup: this.popup,
      form: this._form,
      money: this._money,
      date: (iso, timeOnly) => formatDateTime(iso, this._i18n.locale, undefined, timeOnly),
      copy: this._guard(this._copy),
      retry: this._guard(this._load),
      restart: this._guard(this._restart),
      ask: this._guard(this._ask),
      submit: this._guard(this._submit),
      confirm: this._guard(this._confirm),
      handOff: this._guard(this._handOff),
    };
  }

  /** This checkout's pay page, on the widget's backend and in its language: it takes the payment with or without script. */
  private get _payPage() {
    return `${this._backend}/pay/${this.session ? 'session/' : ''}${this._id}?lang=${this._i18n.locale}`;
  }

  protected override render(): TemplateResult | HTMLIFrameElement {
    if (this._frame) return this._frame;
    const state = this._state;
    const { step, config } = state;
    // Until the messages of its language are in, the checkout shows its loading state, without text.
    const messages = this._i18n.messages;
    const status = messages ? statusOf(state, messages, this._form.errors, this._copied) : '';
    return html`<div class="pay" part="base" lang=${this._i18n.locale}>
      <div class="pay__live" role="status">${status}</div>
      ${
        messages && config && step !== 'form' && step !== 'submitting'
          ? html`<div class="pay__merchant">${logo(config.logo)}<span>${config.title}</span></div>`
          : nothing
      }
      ${
        this._broken
          ? brokenStep(this._messages, this._payPage)
          : messages
            ? stepTemplates[step](this._view(messages, config!))
            : loadingSkeleton()
      }
    </div>`;
  }
}
