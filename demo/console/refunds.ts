/**
 * A flagged payment in the Payments tab: its flag in words, and "Send back" (the provider has no refund
 * call, so the money goes back as a payout to the number the payment came from). The button asks first,
 * naming the amount and the masked number; confirming calls POST /api/v1/payments/{reference}/refund
 * with an Idempotency-Key kept for that confirmation, so confirming again after a lost answer never
 * sends twice. The refund payout's status is then followed until it is final, and announced.
 */
import type { Payout } from '../../widget/shared/contract.ts';
import { ApiFailure, getJson, newIdempotencyKey, postJson } from './api.ts';
import { announce, h } from './dom.ts';
import { money } from './format.ts';

export interface Refundable {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  currencyExponent: number;
  method: string;
  provider?: string;
  flag?: string;
  payerPhone?: string;
  refund?: { payout: string; status: Payout['status'] };
}

/** Why the merchant should look, as the console says it. */
const FLAG_WORDS: Record<string, string> = {
  duplicate: 'Paid twice: a second payment for a checkout already paid',
  over_limit: 'Past the link’s amount limit',
  late_success: 'Paid after it had been given up on',
  amount_mismatch: 'The provider reported another amount',
  conflicting_final: 'The provider reported another final status',
  found_by_reconciliation: 'Collected by the provider without us; found by reconciliation',
};

export const flagWords = (flag: string) => FLAG_WORDS[flag] ?? `Flagged: ${flag}`;

const REFUND_WORDS: Record<Payout['status'], string> = {
  processing: 'being sent back',
  success: 'sent back',
  failed: 'not sent back (the payout failed)',
};

const POLL_MS = 2000;

/** What the console can offer for this payment: "Send back" while no refund is under way or done. */
const canSendBack = (payment: Refundable) =>
  payment.status === 'success' &&
  payment.flag !== undefined &&
  payment.method === 'direct' &&
  payment.payerPhone !== undefined &&
  (payment.refund === undefined || payment.refund.status === 'failed');

/** The flag, the refund's status and the "Send back" action of one payment (nothing when unflagged). */
export function refundCell(payment: Refundable): HTMLElement | '' {
  if (!payment.flag) return '';
  const cell = h('div', { class: 'refund' }, h('p', { class: 'flag' }, flagWords(payment.flag)));
  const outcome = h('p', { class: 'status-line' });
  cell.append(outcome);
  if (payment.refund) showRefund(outcome, payment.refund.payout, payment.refund.status);
  if (payment.refund?.status === 'processing') follow(outcome, payment.refund.payout);
  if (canSendBack(payment)) cell.append(sendBack(payment, outcome));
  return cell;
}

function showRefund(outcome: HTMLElement, payout: string, status: Payout['status']) {
  outcome.className = `status-line ${status === 'failed' ? 'error' : status === 'success' ? 'ok' : ''}`;
  outcome.textContent = `Refund ${payout}: ${REFUND_WORDS[status]}.`;
}

/** Reads the refund payout every 2 s until it is final, announcing the final status. */
function follow(outcome: HTMLElement, payout: string) {
  const poll = async () => {
    // A list redrawn since has its own cells: this one stops.
    if (!outcome.isConnected) return;
    try {
      const { data } = await getJson<{ data: Payout }>(`/api/v1/payouts/${encodeURIComponent(payout)}`);
      showRefund(outcome, payout, data.status);
      if (data.status === 'processing') setTimeout(() => void poll(), POLL_MS);
      else announce(outcome, outcome.textContent ?? '');
    } catch {
      setTimeout(() => void poll(), POLL_MS);
    }
  };
  setTimeout(() => void poll(), POLL_MS);
}

function sendBack(payment: Refundable, outcome: HTMLElement): HTMLElement {
  const box = h('div', { class: 'send-back' });
  const start = h(
    'button',
    { type: 'button', class: 'secondary', 'aria-label': `Send back ${payment.reference}` },
    'Send back',
  );
  box.append(start);
  start.addEventListener('click', () => {
    // One key per confirmation: confirming again after a lost answer replays, never pays twice.
    const idempotencyKey = newIdempotencyKey();
    const amount = money(payment.amount, payment.currency, payment.currencyExponent);
    const to = `${payment.payerPhone ?? ''}${payment.provider ? ` (${payment.provider})` : ''}`;
    const confirm = h('button', { type: 'button' }, 'Confirm send back');
    const cancel = h('button', { type: 'button', class: 'secondary' }, 'Cancel');
    const error = h('p', { class: 'error', role: 'alert' });
    box.replaceChildren(
      h('p', { class: 'confirm' }, `Send ${amount} back to ${to}?`),
      confirm,
      ' ',
      cancel,
      error,
    );
    confirm.focus();
    cancel.addEventListener('click', () => {
      box.replaceChildren(start);
      start.focus();
    });
    confirm.addEventListener('click', async () => {
      confirm.disabled = true;
      try {
        const { data } = await postJson<{ data: Payout }>(
          `/api/v1/payments/${encodeURIComponent(payment.reference)}/refund`,
          undefined,
          { 'Idempotency-Key': idempotencyKey },
        );
        showRefund(outcome, data.reference, data.status);
        // The buttons go; the keyboard lands on what replaced them.
        outcome.tabIndex = -1;
        outcome.focus();
        box.remove();
        announce(outcome, outcome.textContent ?? '');
        if (data.status === 'processing') follow(outcome, data.reference);
      } catch (caught) {
        confirm.disabled = false;
        error.textContent =
          caught instanceof ApiFailure
            ? caught.message
            : 'The refund was not sent; confirming again is safe.';
      }
    });
  });
  return box;
}
