/**
 * What every pay-page route file needs: the services, the payer's language, the one way a page is sent
 * (its headers), the checkout loaded or the page that says why it cannot be, and where a payment goes
 * next. Built once by `payPageRoutes` (routes.ts) and handed to each route file.
 */
import type { Context } from 'hono';
import type { CheckoutConfig, Payment } from '../../widget/shared/contract.ts';
import { formatMoney } from '../../widget/shared/format.ts';
import type { CheckoutService } from '../checkout/service.ts';
import type { Unavailability } from '../checkout/availability.ts';
import { readTranslations } from '../checkout/translations.ts';
import type { AppDeps, AppEnv } from '../env.ts';
import { clientKey } from '../http/client-ip.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';
import type { PaymentService } from '../payments/service.ts';
import type { HandoffService } from '../handoffs/service.ts';
import { formAttempts } from './form-attempt.ts';
import { formTokens } from './form-token.ts';
import type { Html } from './html.ts';
import { formatDateTime } from './dates.ts';
import { chooseLanguage, type PageLanguage } from './language.ts';
import { page, PAGE_CSP, UPGRADABLE_PAGE_CSP } from './layout.ts';
import { paymentPath } from './payment-cookie.ts';
import { receiptPath } from './receipts/link.ts';
import { returnProofs } from './return-proof.ts';
import { errorStep, unavailableStep } from './step-pages.ts';
import { unpayablePage } from './unpayable-page.ts';
import { CARD_IMAGE, cardPath, cardSpec } from './preview-card.ts';

const NO_STORE = 'no-store';
/** The checkout form's token, in the URL it posts to: checked before the body is read. */
export const FORM_TOKEN = '_csrf';
export const FINAL = new Set<Payment['status']>(['success', 'failed', 'cancelled', 'expired']);

export type Kind = CheckoutConfig['kind'];

export interface PayPageDeps {
  deps: AppDeps;
  checkout: CheckoutService;
  payments: PaymentService;
  limiter: RateLimiter;
  handoffs: HandoffService;
}

export type PayKit = ReturnType<typeof payKit>;

export function payKit({ deps, checkout, payments, limiter, handoffs }: PayPageDeps) {
  const { config, publicUrl } = deps;
  const translations = readTranslations(deps.translationsDir);
  const secureCookies = publicUrl.startsWith('https:');
  const forms = formTokens(config.merchantApiKeys, secureCookies);

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

  const withLang = (path: string, lang: PageLanguage) =>
    `${path}${path.includes('?') ? '&' : '?'}lang=${lang.language}`;
  const checkoutPath = (kind: Kind, id: string) => (kind === 'link' ? `/pay/${id}` : `/pay/session/${id}`);

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

  return {
    deps,
    config,
    publicUrl,
    checkout,
    payments,
    limiter,
    handoffs,
    secureCookies,
    forms,
    attempts: formAttempts(deps.store.db, forms, () => deps.clock.now()),
    proofs: returnProofs(config.merchantApiKeys[0] ?? ''),
    ipOf: (c: Context) => clientKey(c, config),
    // A page waiting on the payer's phone or the provider reloads itself; "Check again" does it at once.
    refreshSeconds: String(config.payPageRefreshSeconds),
    languageOf,
    send,
    withLang,
    checkoutPath,
    unavailable,
    ownLogo,
    cardImage,
    moneyIn: (lang: PageLanguage, currency: string, exponent: number) => (minor: number) =>
      formatMoney(minor, currency, exponent, lang.locale),
    dateIn: (lang: PageLanguage, country: string) => (iso: string) =>
      formatDateTime(Date.parse(iso), lang.locale, country),

    /**
     * The checkout, payable or not (its form's renderer says why one cannot be paid), or the page for one
     * that cannot be read (unknown, the provider down).
     */
    async loadCheckout(c: Context<AppEnv>, kind: Kind, id: string): Promise<CheckoutConfig | Response> {
      try {
        return await checkout.getConfig(kind, id, c.get('logger'), { client: clientKey(c, config) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return unavailable(c, error, languageOf(c));
      }
    },

    /** Why a form's post without its page's token is refused, as its payer can act on it. */
    refusedPost: (c: Context, lang: PageLanguage) =>
      forms.keepsNoCookie(c) ? lang.messages.cookiesNeeded : lang.messages.error,

    /** A checkout that cannot be paid: the page that says why, in place of its form. */
    unpayable(c: Context, checkoutConfig: CheckoutConfig, reason: Unavailability, lang: PageLanguage) {
      const { status, title, body, preview } = unpayablePage({
        config: checkoutConfig,
        reason,
        language: lang.language,
        logo: ownLogo(checkoutConfig.logo),
        url: `${publicUrl}${checkoutPath(checkoutConfig.kind, checkoutConfig.id)}`,
        image: cardImage(checkoutConfig, lang),
      });
      return send(c, status, lang, title, body, { preview });
    },

    /** Where a payment goes next: its provider's page, its own page under way, or its receipt. */
    nextLocation(payment: Payment, lang: PageLanguage): string {
      if (FINAL.has(payment.status))
        return withLang(receiptPath(config.merchantApiKeys, payment.reference), lang);
      if (payment.action === 'redirect' && payment.redirectUrl && /^https?:\/\//i.test(payment.redirectUrl))
        return payment.redirectUrl;
      return withLang(paymentPath(payment.reference), lang);
    },
  };
}
