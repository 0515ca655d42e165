/** Collections tab: the provider's collection transactions (GET /api/v1/collections) by date. */
import { getJson, withQuery } from './api.ts';
import { h } from './dom.ts';
import { dateTime, money } from './format.ts';
import { pagedList } from './paged-list.ts';

interface Collection {
  reference: string;
  status: string;
  amount: number;
  currency: string;
  provider?: string | null;
  channel?: string | null;
  createdAt?: string | null;
  paidAt?: number | null;
  user?: { name?: string | null; phoneNumber?: string | null } | null;
}

function render(collections: Collection[]): HTMLTableElement {
  return h(
    'table',
    { class: 'data' },
    h('caption', { class: 'visually-hidden' }, 'Collection transactions, newest first'),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...['Created', 'Reference', 'Status', 'Amount', 'Provider', 'Payer', 'Paid'].map((name) =>
          h('th', { scope: 'col' }, name),
        ),
      ),
    ),
    h(
      'tbody',
      {},
      ...collections.map((item) =>
        h(
          'tr',
          {},
          h('td', {}, dateTime(item.createdAt)),
          h('td', { class: 'mono' }, item.reference),
          h('td', {}, h('span', { class: `badge badge-${item.status}` }, item.status)),
          h('td', { class: 'number' }, money(item.amount, item.currency)),
          h('td', {}, [item.provider, item.channel].filter(Boolean).join(' · ') || '—'),
          h('td', {}, item.user?.name || item.user?.phoneNumber || '—'),
          h('td', {}, item.paidAt ? dateTime(new Date(item.paidAt * 1000).toISOString()) : '—'),
        ),
      ),
    ),
  );
}

export function collectionsSection(root: HTMLElement) {
  return pagedList<Collection>({
    noun: ['collection', 'collections'],
    form: root.querySelector<HTMLFormElement>('form')!,
    results: root.querySelector<HTMLElement>('.results')!,
    load: (filters, page) => getJson(withQuery('/api/v1/collections', { ...filters, page, limit: 10 })),
    render,
    exportPath: '/api/v1/collections/export',
  });
}
