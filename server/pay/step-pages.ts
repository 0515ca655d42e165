/**
 * The pages of a payment under way, after the form: the code to type (an SMS code, or a customer code
 * the payer dials for, the USSD code as a `tel:` link), "approve on your phone", the bank transfer to
 * make, and the provider's page left unfinished. A final payment has no page here: it goes to its receipt.
 */
import type { Payment } from '../../widget/shared/contract.ts';
import type { Messages } from '../../widget/shared/en.ts';
import { fill } from '../../widget/shared/messages.ts';
import { telHref, USSD } from '../../widget/shared/dial-codes.ts';
import { html, type Html } from './html.ts';

export interface StepView {
  payment: Payment;
  messages: Messages;
  money: (minor: number) => string;
  /** A date and time in the market's zone, named: "2 March 2026, 10:05 (GMT)". */
  date: (iso: string) => string;
  /** Whole minutes until the step expires; undefined without an expiry, or past it. */
  minutesLeft: number | undefined;
  /** The payment's page (`/pay/p/<reference>?lang=..`): "Check again" opens it. */
  self: string;
  /** Where the code form posts. */
  confirmAction: string;
  csrf: string;
  /** The pay page of the checkout, to start again. */
  startAgain: string;
  codeError?: string;
  /** Whether the page speaks English: the provider's own (English) instructions are shown only then. */
  english: boolean;
  /** The payer has done their part (a code taken): the page waits on the provider, not on them. */
  confirming?: boolean;
}

/** The amount, the fee and the total, then the reference, as the widget's summary shows them. */
function summary(view: StepView, rows: [string, string | undefined][] = []): Html {
  const { payment, messages, money } = view;
  const all: [string, string | undefined][] = [
    ...rows,
    [messages.amount, money(payment.amount)],
    [messages.fee, payment.fee ? money(payment.fee) : undefined],
    [messages.total, payment.total !== undefined && payment.fee ? money(payment.total) : undefined],
    [messages.reference, payment.reference],
  ];
  return html`<dl>
    ${all
      .filter((row): row is [string, string] => row[1] !== undefined)
      .map(
        ([term, value]) =>
          html`<dt>${term}</dt>
            <dd>${value}</dd>`,
      )}
  </dl>`;
}

const checkAgain = (view: StepView) =>
  html`<a class="button secondary" href="${view.self}">${view.messages.checkAgain}</a>`;

/** The provider's text with each USSD code as a link that opens the dialler. */
function withDialLinks(text: string): Html {
  const parts: Html[] = [];
  let last = 0;
  for (const match of text.matchAll(USSD)) {
    parts.push(html`${text.slice(last, match.index)}<a href="${telHref(match[0])}">${match[0]}</a>`);
    last = match.index + match[0].length;
  }
  return html`${parts}${text.slice(last)}`;
}

export function codeStep(view: StepView): Html {
  const { payment, messages } = view;
  const otp = payment.action === 'otp';
  const name = otp ? 'otp' : 'customerCode';
  const ussd = payment.message?.match(USSD)?.[0];
  // The provider's instructions are English: shown as they are in English, else ours around the code.
  const instructions = otp
    ? html`${messages.otpText}`
    : view.english && payment.message
      ? withDialLinks(payment.message)
      : ussd
        ? withDialLinks(fill(messages.preOtpText, { ussd }))
        : html``;
  const hint = [
    payment.attemptsLeft !== undefined && fill(messages.triesLeft, { n: payment.attemptsLeft }),
    // Said relative to now: a clock time would be the server's zone or need the payer's, and a code
    // lives minutes.
    view.minutesLeft !== undefined && fill(messages.expiresIn, { minutes: view.minutesLeft }),
  ]
    .filter(Boolean)
    .join(' · ');
  const error = view.codeError;
  const describedBy = [hint && `${name}-hint`, error && `${name}-error`].filter(Boolean).join(' ');
  return html`<h1>${otp ? messages.otpTitle : messages.preOtpTitle}</h1>
    <p>${instructions}</p>
    ${summary(view)}
    <form method="post" action="${view.confirmAction}" novalidate>
      <input type="hidden" name="_csrf" value="${view.csrf}" />
      <div class="field">
        <label for="${name}">${otp ? messages.code : messages.customerCode}</label
        ><input
          id="${name}"
          name="${name}"
          type="text"
          inputmode="numeric"
          autocomplete="one-time-code"
          required${describedBy ? html` aria-describedby="${describedBy}"` : ''}${error ? html` aria-invalid="true"` : ''}
        />${hint ? html`<p class="hint" id="${name}-hint">${hint}</p>` : ''}${error ? html`<p class="error" id="${name}-error">${error}</p>` : ''}
      </div>
      <button class="button" type="submit">${messages.confirm}</button>
    </form>
    <p><a href="${view.startAgain}">${messages.otherNumber}</a></p>`;
}

/**
 * Waiting on the payer's phone or on the provider: the page reloads itself (Refresh header) and says so.
 * A refresh that fires while the connection is down ends on the browser's own error page, which does not
 * refresh again (docs/pay-page.md): the page says what to do then, and that the phone's prompt decides.
 */
export function processingStep(view: StepView): Html {
  const { messages, payment } = view;
  const approving = payment.action === 'processing' && !view.confirming;
  return html`<h1>${approving ? messages.processingTitle : messages.confirmingTitle}</h1>
    <p>${approving ? messages.processingText : messages.confirmingText}</p>
    ${summary(view)}${approving ? html`<p>${messages.stalled}</p>` : ''}${checkAgain(view)}`;
}

export function bankTransferStep(view: StepView): Html {
  const { messages, payment } = view;
  const transfer = payment.bankTransfer;
  return html`<h1>${messages.bankTitle}</h1>
    ${summary(view, [
      [messages.bank, transfer?.bankName],
      [messages.account, transfer?.accountNumber],
      [messages.accountName, transfer?.accountName],
    ])}${transfer?.expiresAt ? html`<p>${fill(messages.transferBefore, { time: view.date(transfer.expiresAt) })}</p>` : ''}${checkAgain(view)}`;
}

/** The payer left the provider's page without finishing: back to it, or start again. */
export function unfinishedStep(view: StepView, provider: string): Html {
  const { messages, payment } = view;
  return html`<h1>${messages.unfinishedTitle}</h1>
    <p>${messages.unfinishedText}</p>
    ${summary(view)}${
      payment.redirectUrl && /^https?:\/\//i.test(payment.redirectUrl)
        ? html`<a class="button" href="${payment.redirectUrl}">${fill(messages.continueTo, { provider })}</a>`
        : ''
    }<a class="button secondary" href="${view.startAgain}">${messages.startAgain}</a>`;
}

export function unavailableStep(messages: Messages): Html {
  return html`<h1>${messages.unavailable}</h1>
    <p>${messages.unavailableText}</p>`;
}

export function errorStep(messages: Messages, text: string, retry: string): Html {
  return html`<h1>${messages.error}</h1>
    <p>${text}</p>
    <a class="button" href="${retry}">${messages.retry}</a>`;
}

/**
 * The desktop's "Pay on your phone" page: the QR code of the phone's page, and its address to type; once
 * the phone pays, what it is paying (`paying`: the amount, the method), so the payer can tell it is theirs.
 */
export function handoffStep(
  messages: Messages,
  qr: string,
  url: string,
  self: string,
  paying?: [string, string][],
): Html {
  return html`<h1>${paying ? messages.handoffWaiting : messages.payOnPhone}</h1>
    ${
      paying
        ? html`<dl>
            ${paying.map(
              ([term, value]) =>
                html`<dt>${term}</dt>
                  <dd>${value}</dd>`,
            )}
          </dl>`
        : html`<p>${messages.payOnPhoneText}</p>
            <img class="qr" src="${qr}" alt="${messages.payOnPhone}" width="240" height="240" />
            <p class="muted"><a href="${url}">${url}</a></p>`
    }
    <a class="button secondary" href="${self}">${messages.checkAgain}</a>`;
}
