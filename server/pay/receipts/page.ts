/**
 * The receipt as one HTML document: no inline script or style (the policy forbids both), one stylesheet
 * and one small script of ours, both optional: without the script the page is whole, only the Print and
 * Share buttons stay hidden. Every text from the merchant or the provider goes through `escapeHtml`.
 */
import type { Html } from '../html.ts';
import type { ReceiptView } from './view.ts';
import { RECEIPT_SCRIPT_PATH, RECEIPT_STYLESHEET_PATH } from './assets.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

const ICONS = { success: '✓', error: '!', wait: '…' } as const;

/**
 * `selfPath`: the page's own path and query, where "Check again" asks for it once more. `share`: the
 * share block (share-block.ts), markup already escaped.
 */
export function receiptPage(
  view: ReceiptView,
  selfPath: { path: string; lang?: string },
  share: Html | '' = '',
): string {
  const { messages } = view;
  const title = view.merchant ? `${messages.receipt} · ${view.merchant}` : messages.receipt;
  const rows = view.rows
    .map(
      ([label, value]) =>
        `<div class="receipt__row"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`,
    )
    .join('');
  // In flight: a plain GET of this page, which any browser can send; the Refresh header does it too.
  const actions = view.inFlight
    ? `<form method="get" action="${escapeHtml(selfPath.path)}">${
        selfPath.lang ? `<input type="hidden" name="lang" value="${escapeHtml(selfPath.lang)}">` : ''
      }<button class="receipt__button" type="submit">${escapeHtml(messages.checkAgain)}</button></form>`
    : `<button class="receipt__button" type="button" data-print hidden>${escapeHtml(messages.print)}</button>` +
      `<button class="receipt__button receipt__button--plain" type="button" data-share hidden>${escapeHtml(messages.share)}</button>`;
  return `<!doctype html>
<html lang="${escapeHtml(view.locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${RECEIPT_STYLESHEET_PATH}">
<script src="${RECEIPT_SCRIPT_PATH}" defer></script>
</head>
<body>
<main class="receipt receipt--${view.tone}">
<header class="receipt__header">
${view.merchant ? `<p class="receipt__merchant">${escapeHtml(view.merchant)}</p>` : ''}
<h1 class="receipt__title">${escapeHtml(messages.receipt)}</h1>
${view.paidFor ? `<p class="receipt__for">${escapeHtml(view.paidFor)}</p>` : ''}
</header>
<section class="receipt__status" role="status">
<p class="receipt__status-title"><span class="receipt__icon" aria-hidden="true">${ICONS[view.tone]}</span> ${escapeHtml(view.statusTitle)}</p>
${view.statusText ? `<p class="receipt__status-text">${escapeHtml(view.statusText)}</p>` : ''}
</section>
<dl class="receipt__rows">${rows}</dl>
<div class="receipt__actions">${actions}</div>
${share}
</main>
</body>
</html>
`;
}

/** One answer for every address that opens no receipt, whatever was wrong with it: it tells nothing. */
export const NO_RECEIPT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>404</title><link rel="stylesheet" href="${RECEIPT_STYLESHEET_PATH}"></head>
<body><main class="receipt"><h1 class="receipt__title">404</h1></main></body>
</html>
`;
