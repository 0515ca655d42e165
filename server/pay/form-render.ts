/**
 * The checkout's form as a page: fresh (taken over by the widget once it is ready, with JavaScript on),
 * refused (answers and errors kept), or a phone's, prefilled from a handoff. A checkout that cannot be
 * paid gets the page that says why instead.
 */
import type { Context } from 'hono';
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { toDecimalText } from '../../widget/shared/money.ts';
import { unavailability } from '../checkout/availability.ts';
import { configBlockText } from '../embed/config-block.ts';
import { handoffPagePath } from '../handoffs/routes.ts';
import { formBody, type FormView } from './form-page.ts';
import { html, raw, type Html } from './html.ts';
import { linkShare } from './share-block.ts';
import { FORM_TOKEN, type PayKit } from './kit.ts';
import type { PageLanguage } from './language.ts';

export type FormState = Partial<
  Pick<FormView, 'answers' | 'errors' | 'uploaded' | 'typedAmount' | 'alert' | 'idempotencyKey'>
> & { handoff?: string };

/** The form, or, for a checkout that cannot be paid, the page that says why (a refused post too). */
export async function renderForm(
  kit: PayKit,
  c: Context,
  status: number,
  checkoutConfig: CheckoutConfig,
  lang: PageLanguage,
  state: FormState = {},
) {
  const reason = unavailability(checkoutConfig);
  if (reason) return kit.unpayable(c, checkoutConfig, reason, lang);
  const scope = `${checkoutConfig.kind}:${checkoutConfig.id}`;
  const money = kit.moneyIn(lang, checkoutConfig.currency, checkoutConfig.currencyExponent);
  const path = kit.checkoutPath(checkoutConfig.kind, checkoutConfig.id);
  // A phone's form (opened from a handoff's QR code) posts to the handoff's page, which records the payment.
  const action = state.handoff ? handoffPagePath(state.handoff) : path;
  const { fixed } = checkoutConfig.amount;
  const description = [fixed !== null ? money(fixed) : undefined, checkoutConfig.description]
    .filter(Boolean)
    .join(' · ');
  const token = `${FORM_TOKEN}=${kit.forms.issue(c, scope)}`;
  const view: FormView = {
    config: checkoutConfig,
    messages: lang.messages,
    money,
    action: `${kit.withLang(action, lang)}&${token}`,
    handoffAction: state.handoff ? undefined : `${kit.withLang(`${path}/phone`, lang)}&${token}`,
    // This browser's open attempt on the checkout, if it has one (form-attempt.ts).
    idempotencyKey: state.idempotencyKey ?? (await kit.attempts.keyFor(c, checkoutConfig)),
    answers: state.answers ?? {},
    errors: state.errors ?? {},
    uploaded: state.uploaded ?? {},
    typedAmount: state.typedAmount,
    alert: state.alert,
    logo: kit.ownLogo(checkoutConfig.logo),
  };
  // A fresh form (not a refusal, not a phone's prefilled one) is taken over by the widget once it is
  // ready, with JavaScript on; the widget reads its config from the page's block, not the network.
  const upgradable = status === 200 && !state.handoff && !state.errors && !state.alert && !state.answers;
  const form = upgradable
    ? html`<div id="pay-form" data-kind="${checkoutConfig.kind}" data-id="${checkoutConfig.id}">
          ${formBody(view)}
        </div>`
    : formBody(view);
  // After the form, outside what the widget takes over; not on a phone's form from a handoff's QR code.
  const share = state.handoff ? '' : linkShare(checkoutConfig, lang.language, `${kit.publicUrl}${path}`);
  const body = html`${form}${share}`;
  const scripts = upgradable
    ? widgetScripts({ ...checkoutConfig, logo: kit.ownLogo(checkoutConfig.logo) })
    : undefined;
  return kit.send(c, status, lang, checkoutConfig.title, body, {
    scripts,
    preview: {
      title: checkoutConfig.title,
      description: description || checkoutConfig.title,
      image: kit.cardImage(checkoutConfig, lang),
      url: `${kit.publicUrl}${path}`,
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
