/** A bank transfer to make: the account to pay into, the amount and the reference, each copyable. */
import { html, nothing, type TemplateResult } from 'lit';
import { fill } from '../i18n/index.ts';
import { paidRows, screen, summary, type StepView } from './parts.ts';

export function bankTransferStep(view: StepView): TemplateResult {
  const { messages } = view;
  const transfer = view.payment.bankTransfer;
  return screen(
    view,
    'wait',
    nothing,
    html`${summary(view, [
      [messages.bank, transfer?.bankName],
      [messages.account, transfer?.accountNumber, true],
      [messages.accountName, transfer?.accountName],
      ...paidRows(view),
    ])}
    ${
      transfer?.expiresAt
        ? html`<p class="pay__text">
            ${fill(messages.transferBefore, { time: view.date(transfer.expiresAt) })}
          </p>`
        : nothing
    }`,
  );
}
