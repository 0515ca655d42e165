/**
 * What a receipt says, worked out from the payment's row and its checkout, in the payer's language: the
 * heading and tone of its status, and the rows of the summary. No HTML here (page.ts draws it),
 * so what is shown can be tested as data.
 */
import type { CheckoutConfig, FailureCode } from '../../../widget/shared/contract.ts';
import type { Messages } from '../../../widget/shared/en.ts';
import { formatMoney } from '../../../widget/shared/format.ts';
import { failureCodeOf } from '../../payments/failure-codes.ts';
import { isFinal } from '../../payments/lifecycle.ts';
import { maskPhone } from '../../payments/list.ts';
import type { PaymentRow } from '../../store/schema.ts';
import { formatDateTime } from '../dates.ts';
import type { PageLanguage } from '../language.ts';

type ReceiptTone = 'success' | 'error' | 'wait';

export interface ReceiptView {
  locale: string;
  messages: Messages;
  /** The checkout's title, which names the merchant to the payer; absent when it could not be read. */
  merchant?: string;
  /** What was paid for: the link's (or session's) description. */
  paidFor?: string;
  tone: ReceiptTone;
  statusTitle: string;
  statusText?: string;
  /** Still pending or processing: the page refreshes itself and offers "Check again". */
  inFlight: boolean;
  rows: [label: string, value: string][];
}

function statusOf(
  row: PaymentRow,
  messages: Messages,
): Pick<ReceiptView, 'tone' | 'statusTitle' | 'statusText'> {
  switch (row.status) {
    case 'success':
      return { tone: 'success', statusTitle: messages.successTitle };
    case 'failed': {
      const code: FailureCode | undefined = failureCodeOf(row.message);
      return {
        tone: 'error',
        statusTitle: messages.failedTitle,
        statusText: code ? messages[code] : messages.failedText,
      };
    }
    case 'cancelled':
      return { tone: 'error', statusTitle: messages.failedTitle, statusText: messages.cancelled };
    case 'expired':
      return { tone: 'error', statusTitle: messages.expiredTitle, statusText: messages.expiredText };
    case 'processing':
      return { tone: 'wait', statusTitle: messages.processingTitle, statusText: messages.processingText };
    default:
      return { tone: 'wait', statusTitle: messages.confirmingTitle, statusText: messages.confirmingText };
  }
}

/** The method as the checkout names it ("MTN Mobile Money"), else the provider's slug. */
export function paymentMethod(
  row: PaymentRow,
  config: CheckoutConfig | undefined,
  messages: Messages,
): string | undefined {
  if (row.method === 'hosted') return messages.hosted;
  if (!row.provider) return undefined;
  return config?.methods.find((method) => method.provider === row.provider)?.label ?? row.provider;
}

export function receiptView(
  row: PaymentRow,
  config: CheckoutConfig | undefined,
  { locale, messages }: PageLanguage,
  /** MERCHANT_TIME_ZONE: the zone of a payment from a country without a market zone. */
  merchantTimeZone?: string,
): ReceiptView {
  const money = (minor: number) => formatMoney(minor, row.currency, row.currency_exponent, locale);
  const rows: [string, string][] = [[messages.amount, money(row.amount)]];
  if (row.fee !== null) rows.push([messages.fee, money(row.fee)]);
  rows.push([messages.total, money(row.total ?? row.amount + (row.fee ?? 0))]);
  const method = paymentMethod(row, config, messages);
  if (method) rows.push([messages.paidWith, method]);
  // Gone once RETENTION_DAYS purged the payer's personal data.
  if (row.phone_number) rows.push([messages.phone, maskPhone(row.phone_number)]);
  rows.push([messages.reference, row.reference]);
  rows.push([
    messages.date,
    formatDateTime(row.paid_at ?? row.created_at, locale, row.country, merchantTimeZone),
  ]);
  const status = statusOf(row, messages);
  rows.push([messages.status, status.statusTitle]);
  return {
    locale,
    messages,
    ...(config?.title ? { merchant: config.title } : {}),
    ...(config?.description ? { paidFor: config.description } : {}),
    ...status,
    inFlight: !isFinal(row.status),
    rows,
  };
}
