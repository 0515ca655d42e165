/**
 * The receipt page, mounted at /pay/receipt: `GET /<reference>.<proof>` renders a payment's receipt, for
 * anyone holding that address (the payer, from the end of the payment; the merchant, from the console).
 * Rendered on the server, it works without JavaScript in any browser; a payment still in flight shows its
 * live status and refreshes itself, and never offers a new payment form.
 *
 * Any address that opens no receipt (malformed, a wrong proof, a reference we never made) gets one and
 * the same 404, and counts against the client's address like a wrong payment token: guessing learns
 * nothing and cannot go on for long.
 */
import type { Context } from 'hono';
import type { CheckoutConfig } from '../../../widget/shared/contract.ts';
import { readTranslations } from '../../checkout/translations.ts';
import type { CheckoutService } from '../../checkout/service.ts';
import { factory, type AppDeps } from '../../env.ts';
import { clientKey } from '../../http/client-ip.ts';
import type { RateLimiter } from '../../rate-limits/limiter.ts';
import { withLogger } from '../../logger.ts';
import { isFinal } from '../../payments/lifecycle.ts';
import { findPayment } from '../../payments/repository.ts';
import type { PaymentService } from '../../payments/service.ts';
import { refreshPayment } from '../../payments/verify.ts';
import { RECEIPT_CSS, RECEIPT_SCRIPT } from './assets.ts';
import { ourLanguage } from '../language.ts';
import { receiptLanguage } from './language.ts';
import { referenceOfReceipt } from './link.ts';
import { NO_RECEIPT_PAGE, receiptPage } from './page.ts';
import { receiptView } from './view.ts';
import { receiptShare } from '../share-block.ts';

/**
 * Nothing but our own origin, and only a stylesheet, a script file and form posts to it: no inline code,
 * no images (the merchant's logo, on another origin, is left out), no frames.
 */
export const RECEIPT_POLICY =
  "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const PAGE_HEADERS = {
  'Content-Security-Policy': RECEIPT_POLICY,
  // The address is the secret: no cache keeps it, no search engine lists it, no referrer carries it.
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

const ASSET_CACHE = 'public, max-age=3600';

export interface ReceiptRouteDeps {
  payments: PaymentService;
  checkout: Pick<CheckoutService, 'getConfig'>;
  limiter: RateLimiter;
}

export function receiptRoutes(
  deps: Pick<AppDeps, 'config' | 'store' | 'translationsDir' | 'publicUrl'>,
  { payments, checkout, limiter }: ReceiptRouteDeps,
) {
  const translations = readTranslations(deps.translationsDir);
  const secrets = deps.config.merchantApiKeys;
  const ipOf = (c: Context) => clientKey(c, deps.config);
  const app = factory.createApp();

  async function noReceipt(c: Context) {
    await limiter.hit('token', ipOf(c));
    return c.html(NO_RECEIPT_PAGE, 404, PAGE_HEADERS);
  }

  /** The checkout the payment was made on, for its title and methods; a receipt shows without it. */
  async function checkoutOf(kind: 'link' | 'session', id: string, c: Context) {
    try {
      return await checkout.getConfig(kind, id, c.get('logger'));
    } catch (error) {
      c.get('logger').warn({ err: error, kind, id }, 'receipt shown without its checkout');
      return undefined;
    }
  }

  return app
    .get('/receipt.css', (c) =>
      c.body(RECEIPT_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': ASSET_CACHE }),
    )
    .get('/receipt-share.js', (c) =>
      c.body(RECEIPT_SCRIPT, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': ASSET_CACHE,
      }),
    )
    .get('/:address', async (c) => {
      const address = c.req.param('address');
      const reference = referenceOfReceipt(secrets, address);
      const found = reference === undefined ? undefined : await findPayment(deps.store.db, reference);
      if (!found) return noReceipt(c);
      // A receipt's own budget, per client and receipt: its address may be in other hands (the
      // merchant's, whoever it was shared with), whose reads must not spend the payer's status reads.
      await limiter.hit('receipt', `${ipOf(c)} ${found.reference}`);
      const logger = c.get('logger');
      // In flight: ask where it stands (at most once per 5 s per payment), as the payer's API read does.
      const row = isFinal(found.status)
        ? found
        : await refreshPayment(withLogger(payments.context, logger), found);
      let config: CheckoutConfig | undefined;
      if (row.link_id) config = await checkoutOf('link', row.link_id, c);
      else if (row.session_id) config = await checkoutOf('session', row.session_id, c);
      const lang = c.req.query('lang');
      const language = receiptLanguage(translations, {
        query: lang,
        acceptLanguage: c.req.header('accept-language'),
        checkoutLocale: config?.locale,
      });
      const view = receiptView(row, config, language, deps.config.merchantTimeZone);
      const headers: Record<string, string> = { ...PAGE_HEADERS };
      if (view.inFlight) headers['Refresh'] = String(deps.config.payPageRefreshSeconds);
      // "Check again" keeps a language the payer picked with `?lang=` (one of ours, never the raw text).
      const picked = ourLanguage(lang);
      const keep = picked ? { lang: picked } : {};
      // The receipt's own address, without the reader's `lang`: whoever it is shared with reads it in theirs.
      const share = receiptShare(
        language.language,
        language.messages.receipt,
        view.merchant,
        `${deps.publicUrl}${c.req.path}`,
      );
      return c.html(receiptPage(view, { path: c.req.path, ...keep }, share), 200, headers);
    });
}
