/**
 * The share block of the pay page and of the receipt: WhatsApp and SMS as plain links (the app opens
 * with the message written: no script, no request of ours), then the address itself in a read-only
 * text area, where it wraps whole (an input would hide most of a receipt's address), to select and
 * copy. A page with script of its own selects the whole address when the field is focused; without
 * script it is still there to read and select.
 */
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { shareLinks } from '../../widget/shared/share-links.ts';
import { html, type Html } from './html.ts';
import type { Language } from './language.ts';
import { SHARE_MESSAGES } from './share-messages.ts';

export interface ShareBlock {
  heading: string;
  copyLabel: string;
  /** What comes before the address in the message: never the payer's own data. */
  text: string;
  /** The absolute address shared. */
  url: string;
  /**
   * The page's own address is a secret (a receipt): the apps' pages are not told where the payer came
   * from, whatever the browser's referrer policy.
   */
  secret?: boolean;
}

/**
 * Enough rows for the whole address on a 320 px phone (about 30 characters a row), so none of it is
 * hidden in the field: a receipt's address takes three to five.
 */
const rowsFor = (url: string) => Math.min(5, Math.max(1, Math.ceil(url.length / 30)));

export function shareBlock({ heading, copyLabel, text, url, secret }: ShareBlock): Html {
  const links = shareLinks(text, url);
  const rel = secret ? 'noopener noreferrer' : 'noopener';
  // The spaces between the links are for text browsers (lynx): a flex container does not draw them.
  return html`<section class="share" aria-labelledby="share-title">
    <h2 class="share__title" id="share-title">${heading}</h2>
    <p class="share__apps">
      <a class="share__app" href="${links.whatsApp}" target="_blank" rel="${rel}">WhatsApp</a>
      <a class="share__app" href="${links.sms}" ${secret ? html` rel="noreferrer"` : ''}>SMS</a>
    </p>
    <label class="share__label" for="share-url">${copyLabel}</label>
    <textarea class="share__url" id="share-url" rows="${rowsFor(url)}" readonly data-copy>${url}</textarea>
  </section>`;
}

/**
 * A payment link's share block, for its pay page: the link's title and its address. None for a checkout
 * session, whose address is its one payer's alone.
 */
export function linkShare(config: CheckoutConfig, language: Language, url: string): Html | '' {
  if (config.kind !== 'link') return '';
  const messages = SHARE_MESSAGES[language];
  return shareBlock({ heading: messages.shareLink, copyLabel: messages.copyLabel, text: config.title, url });
}

/**
 * A receipt's share block: "Receipt · <the checkout's title>" and the receipt's address, which is all
 * the message says (no name, number or amount of the payer's).
 */
export function receiptShare(
  language: Language,
  receiptWord: string,
  merchant: string | undefined,
  url: string,
): Html {
  const messages = SHARE_MESSAGES[language];
  return shareBlock({
    heading: messages.shareReceipt,
    copyLabel: messages.copyLabel,
    text: merchant ? `${receiptWord} · ${merchant}` : receiptWord,
    url,
    secret: true,
  });
}
