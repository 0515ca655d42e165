/**
 * A payment that waits on the provider's page, found again on the merchant's page (a reload, or the
 * payer came back without finishing there). Nothing navigates by itself: the payer goes back to the page
 * or starts again.
 */
import { html, type TemplateResult } from 'lit';
import type { Messages } from '../i18n/index.ts';
import { fill } from '../i18n/index.ts';
import { button, screen } from './parts.ts';

export interface UnfinishedView {
  messages: Messages;
  title: string;
  /** Where the provider's page is (http(s) only), if the payment says. */
  pageUrl: string | undefined;
  /** The method's name, when the payment was made with one of this checkout's methods. */
  provider: string | undefined;
  /** The page opens in the checkout's popup window rather than this tab. */
  popup: boolean;
  summary: TemplateResult;
  startAgain: () => void;
}

export function unfinishedStep(view: UnfinishedView): TemplateResult {
  const { messages, pageUrl, provider } = view;
  return screen(
    'wait',
    view.title,
    html`<p class="pay__text">${messages.unfinishedText}</p>
      ${view.summary}
      ${
        pageUrl
          ? html`<a
              class="pay__button"
              part="submit"
              href=${pageUrl}
              target=${view.popup ? 'pay-checkout' : '_self'}
              >${provider ? fill(messages.continueTo, { provider }) : messages.openPage}</a
            >`
          : ''
      }
      ${button(messages.startAgain, view.startAgain, true)}`,
  );
}
