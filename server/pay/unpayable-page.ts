/**
 * The page of a checkout that cannot be paid (a link expired, paused, completed or exhausted; a session
 * expired or paid): which of these it is, in the payer's language, and what the payer can still do. No
 * form and no price, in the page or in its preview tags, so neither a payer nor a chat app's preview
 * takes it for something to pay. Its status says it too (docs/pay-page.md, "Links that cannot be paid").
 */
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import type { Unavailability } from '../checkout/availability.ts';
import { html, type Html } from './html.ts';
import type { Language } from './language.ts';
import type { PageParts } from './layout.ts';
import { UNPAYABLE_MESSAGES } from './unpayable-messages.ts';

/**
 * 410 Gone where the checkout will never take a payment again; 409 Conflict for a link its merchant has
 * paused and may open again: it exists (not 404), and 409 is what the API answers for it.
 */
export const UNPAYABLE_STATUS: Record<Unavailability, 409 | 410> = {
  expired: 410,
  completed: 410,
  exhausted: 410,
  paid: 410,
  inactive: 409,
};

export interface UnpayableView {
  config: CheckoutConfig;
  reason: Unavailability;
  language: Language;
  /** The logo when the page may show it (this origin, or inline). */
  logo: string | undefined;
  /** The page's own absolute URL, for its preview. */
  url: string;
  /** The link's preview card, drawn without a price. */
  image?: NonNullable<PageParts['preview']>['image'];
}

/** The merchant's site: the origin of the checkout's return address, when it has an http(s) one. */
export function merchantSite(config: CheckoutConfig): string | undefined {
  if (!config.redirectUrl) return undefined;
  try {
    const url = new URL(config.redirectUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? `${url.origin}/` : undefined;
  } catch {
    return undefined;
  }
}

export function unpayablePage(view: UnpayableView): {
  status: 409 | 410;
  title: string;
  body: Html;
  preview: NonNullable<PageParts['preview']>;
} {
  const messages = UNPAYABLE_MESSAGES[view.language];
  const { title, text } = messages.reasons[view.reason];
  const site = merchantSite(view.config);
  const body = html`<header>
      ${view.logo ? html`<img class="logo" src="${view.logo}" alt="" width="48" height="48" />` : ''}
      <p class="muted">${view.config.title}</p>
    </header>
    <h1>${title}</h1>
    <p>${text}</p>
    <p>${messages.contact}</p>
    ${site ? html`<a class="button secondary" href="${site}" rel="noopener">${messages.site}</a>` : ''}`;
  return {
    status: UNPAYABLE_STATUS[view.reason],
    title,
    body,
    preview: {
      title: view.config.title,
      description: `${title}. ${text}`,
      url: view.url,
      ...(view.image ? { image: view.image } : {}),
    },
  };
}
