/**
 * The pay page: a merchant's payment link (`/pay/<link>`) or checkout session (`/pay/session/<id>`) as a
 * page of this server that works with no script at all. The form posts here; the payment is created by
 * the same idempotent path and service as `POST /api/v1/payments`, with the same schemas; the provider's
 * steps follow as pages under `/pay/p/<reference>`, whose cookie carries the payer's token; a final
 * payment ends on its receipt.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { CheckoutConfig, CreatedPayment, ErrorEnvelope, Payment } from '../../widget/shared/contract.ts';
import { en } from '../../widget/shared/en.ts';
import { fill } from '../../widget/shared/messages.ts';
import { formatMoney, toDecimalText } from '../../widget/shared/money.ts';
import type { CheckoutService } from '../checkout/service.ts';
import { unavailability, type Unavailability } from '../checkout/availability.ts';
import { readTranslations } from '../checkout/translations.ts';
import { ConfirmPaymentSchema, CreatePaymentSchema } from '../contract/schemas.ts';
import type { AppDeps, AppEnv } from '../env.ts';
import { narrowBodyLimit, readFormBody } from '../http/body.ts';
import { payFormLimit } from '../body-limits.ts';
import { clientKey } from '../http/client-ip.ts';
import { ApiError, fieldErrors } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import { readIdempotencyKey, requestHash } from '../idempotency/keys.ts';
import { RETURN_CANCEL_PARAM, RETURN_REFERENCE_PARAM } from '../payments/return-url.ts';
import { CREATE_PAYMENT_ROUTE, createIdempotently } from '../payments/routes.ts';
import type { PaymentService } from '../payments/service.ts';
import { isPaymentReference } from '../payments/tokens.ts';
import { findPayment } from '../payments/repository.ts';
import type { HandoffRow, PaymentRow } from '../store/schema.ts';
import { handoffPagePath, handoffQrPath, handoffView } from '../handoffs/routes.ts';
import {
  answersFor,
  ENDED_WITHOUT_SUCCESS,
  handoffAnswers,
  type HandoffService,
} from '../handoffs/service.ts';
import { findUpload, storeUpload } from '../uploads/service.ts';
import {
  answersOf,
  fieldMessages,
  fileDigest,
  fileOf,
  hashedBody,
  readForm,
  textOf,
  type FormBody,
} from './form-input.ts';
import { formBody, type FormView } from './form-page.ts';
import { formAttempts } from './form-attempt.ts';
import { formTokens } from './form-token.ts';
import { configBlockText } from '../embed/config-block.ts';
import { html, raw, type Html } from './html.ts';
import { formatDateTime, minutesLeft } from './dates.ts';
import { chooseLanguage, type PageLanguage } from './language.ts';
import { page, PAGE_CSP, UPGRADABLE_PAGE_CSP } from './layout.ts';
import { forgetCarried, keepPaymentToken, paymentPath, paymentToken } from './payment-cookie.ts';
import { receiptPath } from './receipt-link.ts';
import { paymentMethod } from './receipt-view.ts';
import {
  bankTransferStep,
  codeStep,
  errorStep,
  handoffStep,
  processingStep,
  unavailableStep,
  unfinishedStep,
  type StepView,
} from './step-pages.ts';
import { STYLESHEET } from './stylesheet.ts';
import { unpayablePage } from './unpayable-page.ts';
import { HANDOFF_MESSAGES } from './handoff-messages.ts';
import { CARD_IMAGE, cardPath, cardSpec } from './preview-card.ts';

const NO_STORE = 'no-store';
/** The desktop's follow token of a handoff, on that handoff's pages only. */
const FOLLOW_COOKIE = 'pay_handoff';
/** The claim secret of the phone a handoff belongs to: this prefix, then the handoff's id. */
const CLAIM_COOKIE = 'pay_claim_';
/** On a payment's page: the payer came back from the provider's page. */
const RETURNED = 'returned';
/**
 * On a payment's page: the payer has just typed the right code. The provider then answers `processing`
 * while it settles, which is no longer the payer's to approve: the page says the payment is being
 * confirmed, not "approve on your phone".
 */
const CODE_TAKEN = 'confirming';
/**
 * On the return URL given to the provider: this payment's secret. The return is a GET the payment's
 * cookie (SameSite=Lax) reaches from any site's link, so a cancel counts only with the secret that only
 * the provider's own cancel URL carries; the widget's cancel is a POST with the payment's token instead.
 */
const RETURN_PROOF = 'pay_proof';
const PROOF_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** The checkout form's token, in the URL it posts to: checked before the body is read. */
const FORM_TOKEN = '_csrf';
const FINAL = new Set<Payment['status']>(['success', 'failed', 'cancelled', 'expired']);

type Kind = CheckoutConfig['kind'];

export interface PayPageDeps {
  deps: AppDeps;
  checkout: CheckoutService;
  payments: PaymentService;
  limiter: RateLimiter;
  handoffs: HandoffService;
}

export function payPageRoutes({ deps, checkout, payments, limiter, handoffs }: PayPageDeps) {
  const { config, publicUrl } = deps;
  const translations = readTranslations(deps.translationsDir);
  const secureCookies = publicUrl.startsWith('https:');
  const forms = formTokens(config.merchantApiKeys, secureCookies);
  const attempts = formAttempts(deps.store.db, forms, () => deps.clock.now());
  const ipOf = (c: Context) => clientKey(c, config);
  // A page waiting on the payer's phone or the provider reloads itself; "Check again" does it at once.
  const refreshSeconds = String(config.payPageRefreshSeconds);
  const proofKey = createHmac('sha256', config.merchantApiKeys[0] ?? '')
    .update('pay page return')
    .digest();
  // From the form's idempotency key, so a resubmitted form hashes the same and replays its payment.
  const returnProof = (key: string) => createHmac('sha256', proofKey).update(key).digest('base64url');
  /** Whether the return's query carries the secret of the payment's own return URL. */
  function provesCancel(c: Context, row: PaymentRow): boolean {
    const given = c.req.query(RETURN_PROOF) ?? '';
    let expected: string | null;
    try {
      expected = row.return_url ? new URL(row.return_url).searchParams.get(RETURN_PROOF) : null;
    } catch {
      expected = null;
    }
    return (
      expected !== null &&
      given.length === expected.length &&
      timingSafeEqual(Buffer.from(given), Buffer.from(expected))
    );
  }
  const app = new Hono<AppEnv>();

  const languageOf = (c: Context, linkLocale?: string): PageLanguage =>
    chooseLanguage(translations, {
      requested: c.req.query('lang'),
      linkLocale,
      acceptLanguage: c.req.header('accept-language'),
    });

  function send(
    c: Context,
    status: number,
    lang: PageLanguage,
    title: string,
    body: Html,
    extra: Partial<Parameters<typeof page>[0]> = {},
  ) {
    c.header('Content-Security-Policy', extra.scripts ? UPGRADABLE_PAGE_CSP : PAGE_CSP);
    c.header('Cache-Control', NO_STORE);
    c.header('Content-Language', lang.language);
    const url = new URL(c.req.url);
    url.searchParams.delete('lang');
    const switchPath = c.req.method === 'GET' ? `${url.pathname}${url.search}` : undefined;
    return c.html(
      page({
        title,
        language: lang.language,
        body,
        switchPath,
        switchLabel: lang.messages.language,
        ...extra,
      }),
      status as 200,
    );
  }

  const moneyIn = (lang: PageLanguage, currency: string, exponent: number) => (minor: number) =>
    formatMoney(minor, currency, exponent, lang.locale);
  const dateIn = (lang: PageLanguage, country: string) => (iso: string) =>
    formatDateTime(Date.parse(iso), lang.locale, country);

  /**
   * The checkout, payable or not (its form's renderer says why one cannot be paid), or the page for one
   * that cannot be read (unknown, the provider down).
   */
  async function loadCheckout(
    c: Context<AppEnv>,
    kind: Kind,
    id: string,
  ): Promise<CheckoutConfig | Response> {
    try {
      return await checkout.getConfig(kind, id, c.get('logger'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return unavailable(c, error, languageOf(c));
    }
  }

  function unavailable(c: Context, error: ApiError, lang: PageLanguage) {
    const { messages } = lang;
    if (error.status >= 500 || error.code === 'rate_limited')
      return send(
        c,
        error.status,
        lang,
        messages.error,
        errorStep(messages, messages.networkError, c.req.path),
      );
    return send(c, error.status, lang, messages.unavailable, unavailableStep(messages));
  }

  /** Why a form's post without its page's token is refused, as its payer can act on it. */
  const refusedPost = (c: Context, lang: PageLanguage) =>
    forms.keepsNoCookie(c) ? lang.messages.cookiesNeeded : lang.messages.error;

  const checkoutPath = (kind: Kind, id: string) => (kind === 'link' ? `/pay/${id}` : `/pay/session/${id}`);
  const withLang = (path: string, lang: PageLanguage) =>
    `${path}${path.includes('?') ? '&' : '?'}lang=${lang.language}`;

  /** The logo where the page may show it: on this origin, or inline. */
  function ownLogo(logo: string | undefined): string | undefined {
    if (!logo) return undefined;
    if (logo.startsWith('data:image/')) return logo;
    try {
      return new URL(logo, publicUrl).origin === new URL(publicUrl).origin ? logo : undefined;
    } catch {
      return undefined;
    }
  }

  /** A link's preview card, for its page's `og:image`; a session (its id a secret) has none. */
  const cardImage = (checkoutConfig: CheckoutConfig, lang: PageLanguage) =>
    checkoutConfig.kind === 'link'
      ? { url: `${publicUrl}${cardPath(cardSpec(checkoutConfig, lang, publicUrl))}`, ...CARD_IMAGE }
      : undefined;

  /** A checkout that cannot be paid: the page that says why, in place of its form. */
  function unpayable(c: Context, checkoutConfig: CheckoutConfig, reason: Unavailability, lang: PageLanguage) {
    const { status, title, body, preview } = unpayablePage({
      config: checkoutConfig,
      reason,
      language: lang.language,
      logo: ownLogo(checkoutConfig.logo),
      url: `${publicUrl}${checkoutPath(checkoutConfig.kind, checkoutConfig.id)}`,
      image: cardImage(checkoutConfig, lang),
    });
    return send(c, status, lang, title, body, { preview });
  }

  /** The form, or, for a checkout that cannot be paid, the page that says why (a refused post too). */
  async function renderForm(
    c: Context,
    status: number,
    checkoutConfig: CheckoutConfig,
    lang: PageLanguage,
    state: Partial<
      Pick<FormView, 'answers' | 'errors' | 'uploaded' | 'typedAmount' | 'alert' | 'idempotencyKey'>
    > & { handoff?: string } = {},
  ) {
    const reason = unavailability(checkoutConfig);
    if (reason) return unpayable(c, checkoutConfig, reason, lang);
    const scope = `${checkoutConfig.kind}:${checkoutConfig.id}`;
    const money = moneyIn(lang, checkoutConfig.currency, checkoutConfig.currencyExponent);
    const path = checkoutPath(checkoutConfig.kind, checkoutConfig.id);
    // A phone's form (opened from a handoff's QR code) posts to the handoff's page, which records the payment.
    const action = state.handoff ? handoffPagePath(state.handoff) : path;
    const { fixed } = checkoutConfig.amount;
    const description = [fixed !== null ? money(fixed) : undefined, checkoutConfig.description]
      .filter(Boolean)
      .join(' · ');
    const token = `${FORM_TOKEN}=${forms.issue(c, scope)}`;
    const view: FormView = {
      config: checkoutConfig,
      messages: lang.messages,
      money,
      action: `${withLang(action, lang)}&${token}`,
      handoffAction: state.handoff ? undefined : `${withLang(`${path}/phone`, lang)}&${token}`,
      // This browser's open attempt on the checkout, if it has one (form-attempt.ts).
      idempotencyKey: state.idempotencyKey ?? (await attempts.keyFor(c, checkoutConfig)),
      answers: state.answers ?? {},
      errors: state.errors ?? {},
      uploaded: state.uploaded ?? {},
      typedAmount: state.typedAmount,
      alert: state.alert,
      logo: ownLogo(checkoutConfig.logo),
    };
    // A fresh form (not a refusal, not a phone's prefilled one) is taken over by the widget once it is
    // ready, with JavaScript on; the widget reads its config from the page's block, not the network.
    const upgradable = status === 200 && !state.handoff && !state.errors && !state.alert && !state.answers;
    const body = upgradable
      ? html`<div id="pay-form" data-kind="${checkoutConfig.kind}" data-id="${checkoutConfig.id}">
          ${formBody(view)}
        </div>`
      : formBody(view);
    const scripts = upgradable
      ? widgetScripts({ ...checkoutConfig, logo: ownLogo(checkoutConfig.logo) })
      : undefined;
    return send(c, status, lang, checkoutConfig.title, body, {
      scripts,
      preview: {
        title: checkoutConfig.title,
        description: description || checkoutConfig.title,
        image: cardImage(checkoutConfig, lang),
        url: `${publicUrl}${path}`,
        price:
          fixed !== null
            ? {
                amount: toDecimalText(fixed, checkoutConfig.currencyExponent),
                currency: checkoutConfig.currency,
              }
            : undefined,
      },
    });
  }

  async function showForm(c: Context<AppEnv>, kind: Kind, id: string) {
    const loaded = await loadCheckout(c, kind, id);
    if (loaded instanceof Response) return loaded;
    return renderForm(c, 200, loaded, languageOf(c, loaded.locale));
  }

  /** Where a payment goes next: its provider's page, its own page under way, or its receipt. */
  function nextLocation(payment: Payment, lang: PageLanguage): string {
    if (FINAL.has(payment.status))
      return withLang(receiptPath(config.merchantApiKeys, payment.reference), lang);
    if (payment.action === 'redirect' && payment.redirectUrl && /^https?:\/\//i.test(payment.redirectUrl))
      return payment.redirectUrl;
    return withLang(paymentPath(payment.reference), lang);
  }

  async function payForm(c: Context<AppEnv>, kind: Kind, id: string, handoff?: string) {
    const loaded = await loadCheckout(c, kind, id);
    if (loaded instanceof Response) return loaded;
    const checkoutConfig = loaded;
    const lang = languageOf(c, checkoutConfig.locale);
    const { messages } = lang;
    // The form's token and its cookie before a byte of the body is read: a refused post costs no parsing.
    if (!forms.verify(c, `${kind}:${id}`, c.req.query(FORM_TOKEN)))
      return renderForm(c, 403, checkoutConfig, lang, { alert: refusedPost(c, lang) });
    const hasFile = checkoutConfig.customFields.some((field) => field.type === 'file-upload');
    narrowBodyLimit(c, payFormLimit('payment', hasFile));
    let body: FormBody;
    try {
      body = (await readFormBody(c, { all: true })) as FormBody;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 413 || error.status === 503)) throw error;
      return renderForm(c, 400, checkoutConfig, lang, { alert: messages.error });
    }
    const answers = answersOf(body, checkoutConfig);
    let key: string;
    try {
      key = readIdempotencyKey(textOf(body, '_key'));
    } catch {
      return renderForm(c, 400, checkoutConfig, lang, { answers, alert: messages.error });
    }

    // Files first, each stored as an upload is by the API (same checks, same per-IP quota).
    const errors: Record<string, string> = {};
    const uploads: Record<string, string> = {};
    const uploaded: FormView['uploaded'] = {};
    const digests: Record<string, string> = {};
    // A checkout that cannot be paid stores no file: its post ends on the page that says why, or
    // replays the payment this very form made before it closed.
    const fileFields = unavailability(checkoutConfig)
      ? []
      : checkoutConfig.customFields.filter((field) => field.type === 'file-upload');
    for (const custom of fileFields) {
      const name = `fields.${custom.name}`;
      const file = fileOf(body, name);
      try {
        if (file) {
          await limiter.hit('upload', ipOf(c));
          const upload = await storeUpload(deps, file, ipOf(c));
          uploads[custom.name] = upload.id;
          uploaded[name] = { id: upload.id, name: upload.name };
          digests[custom.name] = await fileDigest(file);
        } else {
          const kept = textOf(body, `uploaded.${custom.name}`);
          const row = kept ? await findUpload(deps, kept) : undefined;
          if (row && row.payment_reference === null) {
            uploads[custom.name] = row.id;
            uploaded[name] = { id: row.id, name: row.name };
          }
        }
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        errors[name] = error.code === 'rate_limited' ? messages.rate_limited : messages.invalidValue;
      }
    }

    const returnUrlOf = (key: string) =>
      `${publicUrl}/pay/return?lang=${lang.language}&${RETURN_PROOF}=${returnProof(key)}`;
    const { input, typedAmount } = readForm(checkoutConfig, body, uploads, lang.locale, returnUrlOf(key));
    const money = moneyIn(lang, checkoutConfig.currency, checkoutConfig.currencyExponent);
    const { min, max, remaining } = checkoutConfig.amount;
    const ceiling = Math.min(max ?? Infinity, remaining ?? Infinity);
    const bounds = {
      min: min === undefined ? undefined : money(min),
      max: Number.isFinite(ceiling) ? money(ceiling) : undefined,
    };
    const refuse = (status: number, state: Partial<FormView>) =>
      renderForm(c, status, checkoutConfig, lang, { answers, uploaded, typedAmount, handoff, ...state });

    if (Object.keys(errors).length) return refuse(400, { errors, alert: messages.fixErrors });
    const parsed = CreatePaymentSchema.safeParse(input);
    if (!parsed.success)
      return refuse(400, {
        errors: fieldMessages(fieldErrors(parsed.error), messages, bounds),
        alert: messages.fixErrors,
      });

    try {
      await limiter.hit('create', ipOf(c));
    } catch (error) {
      if (error instanceof ApiError)
        return refuse(error.status, { alert: messages.rate_limited, idempotencyKey: key });
      throw error;
    }
    // The form's key is its open attempt's; answers of their own (another number) are another attempt.
    const hashed = hashedBody(parsed.data, digests);
    const attemptKey = await attempts.keyForPost(
      c,
      checkoutConfig,
      key,
      requestHash(CREATE_PAYMENT_ROUTE, hashed),
    );
    if (attemptKey !== key) {
      key = attemptKey;
      if (parsed.data.method.returnUrl !== undefined) parsed.data.method.returnUrl = returnUrlOf(key);
    }
    let status: number;
    let error: ErrorEnvelope['error'];
    try {
      const answer = await createIdempotently(c, deps, payments, {
        input: parsed.data,
        body: hashed,
        key,
      });
      const text = await answer.text();
      if (answer.status === 201) {
        const { payment, token } = (JSON.parse(text) as { data: CreatedPayment }).data;
        keepPaymentToken(c, payment.reference, token, secureCookies);
        if (handoff) await handoffs.attach(handoff, payment.reference);
        return c.redirect(nextLocation(payment, lang), 303);
      }
      status = answer.status;
      error = (JSON.parse(text) as ErrorEnvelope).error;
    } catch (thrown) {
      // The idempotency check refuses by throwing: a page for the payer too, not the API's JSON.
      if (!(thrown instanceof ApiError)) throw thrown;
      status = thrown.status;
      error = {
        code: thrown.code,
        message: thrown.message,
        fields: thrown.extra.fields,
        retryAfter: thrown.extra.retryAfter,
      };
    }
    switch (error.code) {
      case 'link_unavailable':
      case 'session_paid': {
        // Closed since this form was drawn: why, when the config read for this post already says it.
        const reason = unavailability(checkoutConfig);
        if (reason) return unpayable(c, checkoutConfig, reason, lang);
        return send(c, status, lang, messages.unavailable, unavailableStep(messages));
      }
      case 'request_in_progress':
        // The first submit of this very form is still running: the same key, so the next try replays it.
        return refuse(409, { alert: messages.wait, idempotencyKey: key });
      case 'rate_limited':
      case 'payment_in_progress':
        return refuse(status, { alert: messages[error.code] });
      case 'wallet_busy':
        // Nothing was made under this key (it was let go): the same form goes through once the wait ends.
        return refuse(status, {
          alert: fill(messages.wallet_busy, { n: Math.ceil((error.retryAfter ?? 60) / 60) }),
          idempotencyKey: key,
        });
      case 'idempotency_conflict':
        // A key this browser has no next one for (past its sequence, or held by another browser): refused,
        // and the same key kept, so sending it again can never make a second payment.
        return refuse(status, { alert: messages.payment_in_progress, idempotencyKey: key });
      default:
        if (error.fields?.length)
          return refuse(status, {
            errors: fieldMessages(error.fields, messages, bounds),
            alert: messages.fixErrors,
          });
        return refuse(status, { alert: messages.networkError });
    }
  }

  /**
   * The payment this browser's cookie (or the one carried from the form) opens, counted as the API counts
   * its token checks.
   */
  async function authorized(c: Context): Promise<PaymentRow | undefined> {
    try {
      const reference = c.req.param('reference') ?? '';
      const row = await payments.authorize(reference, paymentToken(c, reference));
      await limiter.hit('reference', row.reference);
      return row;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        await limiter.hit('token', ipOf(c));
        return undefined;
      }
      throw error;
    }
  }

  /** What a waiting page keeps in its address (its refresh and "Check again" reload it): why it waits. */
  const waitingQuery = (c: Context) =>
    c.req.query(RETURNED) === '1'
      ? `?${RETURNED}=1`
      : c.req.query(CODE_TAKEN) === '1'
        ? `?${CODE_TAKEN}=1`
        : '';

  function stepView(c: Context, row: PaymentRow, payment: Payment, lang: PageLanguage): StepView {
    const kind: Kind = row.link_id ? 'link' : 'session';
    return {
      payment,
      messages: lang.messages,
      english: lang.messages === en,
      money: moneyIn(lang, payment.currency, payment.currencyExponent),
      date: dateIn(lang, row.country),
      minutesLeft: payment.expiresAt
        ? minutesLeft(Date.parse(payment.expiresAt), deps.clock.now())
        : undefined,
      self: withLang(`${paymentPath(row.reference)}${waitingQuery(c)}`, lang),
      confirmAction: withLang(`${paymentPath(row.reference)}/confirm`, lang),
      csrf: forms.issue(c, `payment:${row.reference}`),
      startAgain: withLang(checkoutPath(kind, row.link_id ?? row.session_id ?? ''), lang),
    };
  }

  /** On to where the payment goes next; a final one no longer needs the token carried from its form. */
  function goOn(c: Context, payment: Payment, lang: PageLanguage) {
    if (FINAL.has(payment.status)) forgetCarried(c, payment.reference);
    return c.redirect(nextLocation(payment, lang), 303);
  }

  function showStep(c: Context, row: PaymentRow, payment: Payment, lang: PageLanguage, codeError?: string) {
    if (FINAL.has(payment.status)) return goOn(c, payment, lang);
    const view = { ...stepView(c, row, payment, lang), codeError };
    const { messages } = lang;
    switch (payment.action) {
      case 'otp':
      case 'pre-otp':
        return send(
          c,
          codeError ? 422 : 200,
          lang,
          payment.action === 'otp' ? messages.otpTitle : messages.preOtpTitle,
          codeStep(view),
        );
      case 'bank-transfer':
        return send(c, 200, lang, messages.bankTitle, bankTransferStep(view));
      case 'redirect':
        // Back from the provider's page, whose outcome the provider has not told us yet (a cancel there
        // comes back the same way): wait for it here rather than send the payer back to that page.
        if (c.req.query(RETURNED) === '1') {
          c.header('Refresh', refreshSeconds);
          return send(c, 200, lang, messages.confirmingTitle, processingStep(view));
        }
        return send(
          c,
          200,
          lang,
          messages.unfinishedTitle,
          unfinishedStep(view, row.provider ?? messages.hosted),
        );
      default: {
        c.header('Refresh', refreshSeconds);
        const confirming = c.req.query(CODE_TAKEN) === '1';
        return send(
          c,
          200,
          lang,
          confirming ? messages.confirmingTitle : messages.processingTitle,
          processingStep({ ...view, confirming }),
        );
      }
    }
  }

  const noPayment = (c: Context) => {
    const lang = languageOf(c);
    return send(c, 401, lang, lang.messages.unavailable, unavailableStep(lang.messages));
  };

  app.get(`/${STYLESHEET.file}`, (c) =>
    c.body(STYLESHEET.css, 200, {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    }),
  );

  // The provider's page sends the payer back here with our reference: on to that payment's own pages,
  // where its cookie is sent.
  app.get('/return', (c) => {
    const reference = c.req.query(RETURN_REFERENCE_PARAM) ?? '';
    if (!isPaymentReference(reference)) return noPayment(c);
    const proof = c.req.query(RETURN_PROOF) ?? '';
    const cancel =
      c.req.query(RETURN_CANCEL_PARAM) === '1'
        ? `&${RETURN_CANCEL_PARAM}=1${PROOF_SHAPE.test(proof) ? `&${RETURN_PROOF}=${proof}` : ''}`
        : '';
    return c.redirect(`${withLang(`${paymentPath(reference)}/return`, languageOf(c))}${cancel}`, 303);
  });

  app.get('/p/:reference/return', async (c) => {
    const row = await authorized(c);
    if (!row) return noPayment(c);
    const lang = languageOf(c);
    let payment: Payment;
    try {
      payment =
        c.req.query(RETURN_CANCEL_PARAM) === '1' && provesCancel(c, row)
          ? await payments.cancelFromReturn(row, c.get('logger'))
          : await payments.get(row, c.get('logger'));
    } catch (error) {
      // Not waiting on the provider's page any more: its page says what it is now.
      if (!(error instanceof ApiError) || error.code !== 'payment_not_awaiting_input') throw error;
      return c.redirect(withLang(paymentPath(row.reference), lang), 303);
    }
    if (FINAL.has(payment.status)) return goOn(c, payment, lang);
    return c.redirect(withLang(`${paymentPath(row.reference)}?${RETURNED}=1`, lang), 303);
  });

  app.get('/p/:reference', async (c) => {
    const row = await authorized(c);
    if (!row) return noPayment(c);
    const payment = await payments.get(row, c.get('logger'));
    return showStep(c, row, payment, languageOf(c));
  });

  app.post('/p/:reference/confirm', async (c) => {
    const row = await authorized(c);
    if (!row) return noPayment(c);
    const lang = languageOf(c);
    const { messages } = lang;
    const current = () => payments.get(row, c.get('logger'));
    let body: FormBody;
    try {
      body = (await readFormBody(c)) as FormBody;
    } catch (error) {
      // Too large stays the documented 413; a body that is no form is only a form to post again.
      if (error instanceof ApiError && error.status === 413) throw error;
      return showStep(c, row, await current(), lang, messages.error);
    }
    if (!forms.verify(c, `payment:${row.reference}`, textOf(body, '_csrf')))
      return showStep(c, row, await current(), lang, messages.error);
    const parsed = ConfirmPaymentSchema.safeParse(
      row.action === 'pre-otp'
        ? { customerCode: textOf(body, 'customerCode') }
        : { otp: textOf(body, 'otp') },
    );
    if (!parsed.success) return showStep(c, row, await current(), lang, messages.invalidValue);
    try {
      const payment = await payments.confirm(row, parsed.data, c.get('logger'));
      if (FINAL.has(payment.status) || payment.action !== 'processing') return goOn(c, payment, lang);
      return c.redirect(withLang(`${paymentPath(row.reference)}?${CODE_TAKEN}=1`, lang), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const payment = await current();
      if (error.code === 'invalid_otp')
        return showStep(
          c,
          row,
          { ...payment, attemptsLeft: error.extra.attemptsLeft },
          lang,
          messages.wrongCode,
        );
      if (error.code === 'rate_limited') return showStep(c, row, payment, lang, messages.rate_limited);
      // The last wrong code failed the payment: its own page, read afresh, goes on to its receipt.
      if (error.code === 'otp_locked') return c.redirect(withLang(paymentPath(row.reference), lang), 303);
      if (FINAL.has(payment.status) || error.code === 'payment_not_awaiting_input')
        return goOn(c, payment, lang);
      return showStep(c, row, payment, lang, messages.networkError);
    }
  });

  /**
   * A payer's browser refused before any page route ran (the body too large, too many requests from its
   * address): a small page in its language rather than the API's JSON. Other errors keep the envelope.
   */
  function refusalPage(error: unknown, c: Context): Response | undefined {
    if (!(error instanceof ApiError) || ![413, 429, 503].includes(error.status)) return undefined;
    const lang = languageOf(c);
    const { messages } = lang;
    const { retryAfterSeconds } = error.extra;
    if (retryAfterSeconds !== undefined) c.header('Retry-After', String(retryAfterSeconds));
    const text = error.status === 429 ? messages.rate_limited : messages.error;
    return send(c, error.status, lang, messages.error, errorStep(messages, text, c.req.path));
  }

  // "Pay on your phone". The desktop's form posts its answers so far to `<pay page>/phone`: a handoff is
  // made of them (checked as a payment's are), its follow token kept in a cookie scoped to its pages.
  async function handOff(c: Context<AppEnv>, kind: Kind, id: string) {
    const loaded = await loadCheckout(c, kind, id);
    if (loaded instanceof Response) return loaded;
    const lang = languageOf(c, loaded.locale);
    const reason = unavailability(loaded);
    if (reason) return unpayable(c, loaded, reason, lang);
    if (!forms.verify(c, `${kind}:${id}`, c.req.query(FORM_TOKEN)))
      return renderForm(c, 403, loaded, lang, { alert: refusedPost(c, lang) });
    narrowBodyLimit(c, payFormLimit('handoff', false));
    const body = (await readFormBody(c, { all: true })) as FormBody;
    const answers = answersOf(body, loaded);
    const { input, typedAmount } = readForm(loaded, body, {}, lang.locale, `${publicUrl}/pay/return`);
    const { fields } = input;
    for (const custom of loaded.customFields) if (custom.type === 'file-upload') delete fields[custom.name];
    const customer = Object.fromEntries(Object.entries(input.customer).filter(([, v]) => v !== undefined));
    try {
      const given = answersFor(loaded, { amount: typedAmount, customer, fields });
      await limiter.hit('create', ipOf(c));
      const created = await handoffs.create(loaded, given);
      setCookie(c, FOLLOW_COOKIE, created.followToken, {
        path: handoffPagePath(created.id),
        httpOnly: true,
        sameSite: 'Lax',
        secure: secureCookies,
      });
      return c.redirect(withLang(`${handoffPagePath(created.id)}/wait`, lang), 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { min, max } = loaded.amount;
      const money = moneyIn(lang, loaded.currency, loaded.currencyExponent);
      const bounds = {
        min: min === undefined ? undefined : money(min),
        max: max === undefined ? undefined : money(max),
      };
      const errors = fieldMessages(error.extra.fields ?? [], lang.messages, bounds);
      const alert = error.code === 'rate_limited' ? lang.messages.rate_limited : lang.messages.fixErrors;
      return renderForm(c, error.status, loaded, lang, { answers, typedAmount, errors, alert });
    }
  }

  /** An open handoff, or the page that says it cannot be used (unknown, expired, not this desktop's). */
  async function handoffOr(c: Context, follow: boolean): Promise<HandoffRow | Response> {
    try {
      const id = c.req.param('id') ?? '';
      return follow ? await handoffs.followed(id, getCookie(c, FOLLOW_COOKIE)) : await handoffs.open(id);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 401) await limiter.hit('token', ipOf(c));
      return unavailable(c, error, languageOf(c));
    }
  }

  app.post('/session/:id/phone', (c) => handOff(c, 'session', c.req.param('id')));
  app.post('/:link/phone', (c) => handOff(c, 'link', c.req.param('link')));

  /**
   * A handoff already paid through (or being paid), seen from a phone: that payment's page, which only the
   * phone that made it can open (its token cookie), rather than a form anyone who saw the QR code could
   * use to pay again and change what the desktop shows.
   */
  async function paidThrough(c: Context, row: HandoffRow): Promise<Response | undefined> {
    if (!row.payment_reference) return undefined;
    const paid = await findPayment(deps.store.db, row.payment_reference);
    if (!paid || (ENDED_WITHOUT_SUCCESS as readonly string[]).includes(paid.status)) return undefined;
    return c.redirect(withLang(paymentPath(paid.reference), languageOf(c)), 303);
  }

  /**
   * The phone a handoff belongs to (see `claim` in the handoff service): on the first open (a GET) the
   * phone gets its claim secret in an HttpOnly cookie named after the handoff, `Path=/pay/h` so that lynx,
   * which matches a path against the URL with its query, sends it back to `/pay/h/<id>?lang=…` too; it
   * lasts as long as the handoff is open. The desktop that made the handoff (its follow cookie) may open
   * it without claiming it. Any other device gets the page that says the code was used: no answers.
   */
  async function claimant(c: Context, row: HandoffRow, mayClaim: boolean): Promise<Response | undefined> {
    if (handoffs.isFollower(row, getCookie(c, FOLLOW_COOKIE))) return undefined;
    const name = `${CLAIM_COOKIE}${row.id}`;
    const presented = getCookie(c, name);
    const claimed = mayClaim || row.claim_hash !== null ? await handoffs.claim(row, presented) : undefined;
    if (claimed?.token)
      setCookie(c, name, claimed.token, {
        path: '/pay/h',
        httpOnly: true,
        sameSite: 'Lax',
        secure: secureCookies,
        maxAge: Math.max(1, Math.ceil((Number(row.expires_at) - deps.clock.now()) / 1000)),
      });
    if (claimed) return undefined;
    const lang = languageOf(c);
    const { usedTitle, usedText } = HANDOFF_MESSAGES[lang.language];
    return send(
      c,
      409,
      lang,
      usedTitle,
      html`<h1>${usedTitle}</h1>
        <p>${usedText}</p>`,
    );
  }

  // The phone's page: the checkout's form, filled in with the desktop's answers, posting back here.
  app.get('/h/:id', async (c) => {
    const row = await handoffOr(c, false);
    if (row instanceof Response) return row;
    const refused = await claimant(c, row, true);
    if (refused) return refused;
    const paid = await paidThrough(c, row);
    if (paid) return paid;
    const loaded = await loadCheckout(c, row.kind, row.checkout_id);
    if (loaded instanceof Response) return loaded;
    const answers = handoffAnswers(row);
    const typedAmount = answers.amount === undefined ? undefined : Number(answers.amount);
    if (typedAmount !== undefined) answers.amount = toDecimalText(typedAmount, loaded.currencyExponent);
    return renderForm(c, 200, loaded, languageOf(c, loaded.locale), {
      answers,
      typedAmount,
      handoff: row.id,
    });
  });
  // Only the phone that opened the form pays through it: a post never claims a handoff.
  app.post('/h/:id', async (c) => {
    const row = await handoffOr(c, false);
    if (row instanceof Response) return row;
    const refused = await claimant(c, row, false);
    if (refused) return refused;
    const paid = await paidThrough(c, row);
    if (paid) return paid;
    return payForm(c, row.kind, row.checkout_id, row.id);
  });

  /** What the phone's payment pays, for the desktop: its amount and method (as its receipt names them). */
  async function payingRows(c: Context<AppEnv>, row: HandoffRow, lang: PageLanguage) {
    const paid = row.payment_reference ? await findPayment(deps.store.db, row.payment_reference) : undefined;
    if (!paid) return undefined;
    const loaded = await loadCheckout(c, row.kind, row.checkout_id);
    const method = paymentMethod(paid, loaded instanceof Response ? undefined : loaded, lang.messages);
    const rows: [string, string][] = [
      [lang.messages.amount, moneyIn(lang, paid.currency, paid.currency_exponent)(paid.amount)],
    ];
    if (method) rows.push([HANDOFF_MESSAGES[lang.language].method, method]);
    return rows;
  }

  // The desktop's page: the QR code until the payment made from the phone is final, then its receipt.
  app.get('/h/:id/wait', async (c) => {
    const row = await handoffOr(c, true);
    if (row instanceof Response) return row;
    const lang = languageOf(c);
    const { payment } = await handoffView({ deps, payments }, row, c.get('logger'));
    if (payment && FINAL.has(payment.status)) return c.redirect(nextLocation(payment, lang), 303);
    c.header('Refresh', refreshSeconds);
    const self = withLang(`${handoffPagePath(row.id)}/wait`, lang);
    // The phone's payment under way (a final one went to its receipt): what it pays, in place of the code.
    const paying = payment ? await payingRows(c, row, lang) : undefined;
    return send(
      c,
      200,
      lang,
      paying ? lang.messages.handoffWaiting : lang.messages.payOnPhone,
      handoffStep(
        lang.messages,
        handoffQrPath(row.id, 'svg', lang.language),
        `${publicUrl}${handoffPagePath(row.id, lang.language)}`,
        self,
        paying,
      ),
    );
  });

  app.get('/session/:id', (c) => showForm(c, 'session', c.req.param('id')));
  app.post('/session/:id', (c) => payForm(c, 'session', c.req.param('id')));
  app.get('/:link', (c) => showForm(c, 'link', c.req.param('link')));
  app.post('/:link', (c) => payForm(c, 'link', c.req.param('link')));
  return { routes: app, refusalPage };
}

/**
 * The widget over a fresh form: its config as a data block (the API's own answer, every `<` escaped so no
 * link text can end the block), then the pay page's script, then the widget's, both deferred, in order.
 */
function widgetScripts(config: CheckoutConfig): Html {
  return html`<script type="application/json" id="pay-checkout-config">
      ${raw(configBlockText(config))}
    </script>
    <script src="/widget/pay-checkout-page.js" defer></script>
    <script src="/widget/pay-checkout.iife.js" defer></script>`;
}
