/**
 * Payments tab: our payments (GET /api/v1/payments) filtered by status and dates, each row expandable
 * to show the payer's custom-field answers, links to their uploads and the payment's receipt page. A flagged payment says why in
 * words and can be sent back (refunds.ts).
 */
import type { FieldAnswer, Payout } from '../../widget/shared/contract.ts';
import { getJson, withQuery } from './api.ts';
import { h } from './dom.ts';
import { dateTime, money } from './format.ts';
import { pagedList } from './paged-list.ts';
import { refundCell } from './refunds.ts';

interface MerchantPayment {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  currencyExponent: number;
  createdAt: string;
  method: string;
  provider?: string;
  customer: Record<string, string>;
  fields: Record<string, FieldAnswer>;
  uploads: { field: string; id: string; name: string; size: number; type: string }[];
  link?: string;
  session?: string;
  flag?: string;
  /** The number a direct payment came from, masked (`****0101`): where "Send back" pays. */
  payerPhone?: string;
  refund?: { payout: string; status: Payout['status'] };
  /** Set once RETENTION_DAYS purged the personal data: customer, answers and uploads are then empty. */
  purgedAt?: string;
  /** The payment's receipt page, the same address its payer got: to look at it, or send it again. */
  receiptUrl?: string;
}

const size = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024)} kB`);

/** `phoneNumber` as "phone number". */
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function details(payment: MerchantPayment): HTMLElement {
  const answers = Object.entries(payment.fields);
  const uploads = new Map(payment.uploads.map((upload) => [upload.field, upload]));
  const customer = Object.entries(payment.customer).filter(([, value]) => value);
  return h(
    'details',
    { class: 'payment-details' },
    h('summary', {}, 'Answers', h('span', { class: 'visually-hidden' }, ` of ${payment.reference}`)),
    h(
      'dl',
      {},
      ...customer.flatMap(([name, value]) => [h('dt', {}, `Customer ${words(name)}`), h('dd', {}, value)]),
      h('dt', {}, 'Paid for'),
      h(
        'dd',
        {},
        payment.link ? `Link ${payment.link}` : payment.session ? `Session ${payment.session}` : '—',
      ),
      ...answers.flatMap(([name, value]) => {
        const upload = uploads.get(name);
        const shown = upload
          ? h(
              'a',
              { href: `/api/v1/uploads/${encodeURIComponent(upload.id)}`, target: '_blank', rel: 'noopener' },
              `${upload.name} (${size(upload.size)})`,
            )
          : String(value);
        return [h('dt', {}, name), h('dd', {}, shown)];
      }),
      answers.length === 0 && h('dt', {}, 'Custom fields'),
      answers.length === 0 && h('dd', {}, payment.purgedAt ? 'Purged' : 'None'),
      payment.receiptUrl && h('dt', {}, 'Receipt'),
      payment.receiptUrl &&
        h(
          'dd',
          {},
          h(
            'a',
            { href: payment.receiptUrl, target: '_blank', rel: 'noopener' },
            `Receipt of ${payment.reference}`,
          ),
        ),
      payment.purgedAt && h('dt', {}, 'Personal data'),
      payment.purgedAt && h('dd', {}, `Purged ${dateTime(payment.purgedAt)} (RETENTION_DAYS)`),
    ),
  );
}

const COLUMNS = ['Created', 'Reference', 'Status', 'Amount', 'Method', 'Details'] as const;

/**
 * A payment's cells by column. Each cell carries its column's name (`data-label`): on a narrow screen
 * the table stacks each payment's cells, every value beside that name (console.css, `table.stacked`).
 */
function cells(payment: MerchantPayment): Record<(typeof COLUMNS)[number], HTMLTableCellElement> {
  return {
    Created: h('td', {}, dateTime(payment.createdAt)),
    Reference: h('td', { class: 'mono' }, payment.reference),
    Status: h(
      'td',
      {},
      h('span', { class: `badge badge-${payment.status}` }, payment.status),
      refundCell(payment),
    ),
    Amount: h('td', { class: 'number' }, money(payment.amount, payment.currency, payment.currencyExponent)),
    Method: h('td', {}, payment.provider ? `${payment.method} · ${payment.provider}` : payment.method),
    Details: h('td', {}, details(payment)),
  };
}

function render(payments: MerchantPayment[]): HTMLTableElement {
  return h(
    'table',
    { class: 'data stacked' },
    h('caption', { class: 'visually-hidden' }, 'Payments, newest first'),
    h('thead', {}, h('tr', {}, ...COLUMNS.map((name) => h('th', { scope: 'col' }, name)))),
    h(
      'tbody',
      {},
      ...payments.map((payment) => {
        const byColumn = cells(payment);
        return h(
          'tr',
          {},
          ...COLUMNS.map((name) => {
            byColumn[name].dataset.label = name;
            return byColumn[name];
          }),
        );
      }),
    ),
  );
}

export function paymentsSection(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form')!;
  const results = root.querySelector<HTMLElement>('.results')!;
  return pagedList<MerchantPayment>({
    noun: ['payment', 'payments'],
    form,
    results,
    load: (filters, page) => getJson(withQuery('/api/v1/payments', { ...filters, page, limit: 10 })),
    render,
    exportPath: '/api/v1/payments/export',
  });
}
