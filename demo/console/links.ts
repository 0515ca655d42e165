/**
 * Payment links tab: the provider's links (GET /api/v1/links) and, for the one picked, its analytics
 * (GET /api/v1/links/:id/analytics) as three charts: weekly revenue, weekly payments, revenue by channel;
 * each link's pay page with its QR code and its share actions. On a phone each link is a card.
 */
import { ApiFailure, getJson, withQuery } from './api.ts';
import { announce, h } from './dom.ts';
import {
  channelChart,
  weeklyCountChart,
  weeklyRevenueChart,
  type ChannelPoint,
  type WeekPoint,
} from './charts.ts';
import { shareLinks } from '../../widget/shared/share-links.ts';
import { money } from './format.ts';
import { pagedList } from './paged-list.ts';

interface PaymentLink {
  id: string;
  title: string;
  status: string;
  currency: string;
  country: string;
  isAmountFixed: boolean;
  amount?: number | null;
}

interface Analytics {
  totalTransactionAmount: number;
  totalTransactionCount: number;
  groupByChannel: ChannelPoint[];
  groupByRevenueAndCount: WeekPoint[];
}

/**
 * Where the merchant sends the link from: WhatsApp and SMS with the message the pay page's own share
 * block writes (the title, then the address), and "Copy link". The clipboard needs a secure page (HTTPS
 * or this machine): elsewhere the address is selected, ready to copy by hand.
 */
function shareActions(link: PaymentLink, url: string, address: HTMLElement): HTMLElement {
  const { whatsApp, sms } = shareLinks(link.title, url);
  const copy = h('button', { type: 'button', class: 'secondary' }, 'Copy link');
  copy.setAttribute('aria-label', `Copy link of ${link.title}`);
  copy.addEventListener('click', () => {
    const selectAddress = () => getSelection()?.selectAllChildren(address);
    const copied = navigator.clipboard?.writeText(url);
    if (!copied) {
      selectAddress();
      announce(copy, 'Link selected: copy it from the page.');
      return;
    }
    copied.then(
      () => announce(copy, `Link of ${link.title} copied.`),
      () => {
        selectAddress();
        announce(copy, 'Link selected: copy it from the page.');
      },
    );
  });
  const app = (href: string, name: string, extra: Record<string, string> = {}) => {
    const anchor = h('a', { href, class: 'share-app', ...extra }, name);
    anchor.setAttribute('aria-label', `Share ${link.title} by ${name}`);
    return anchor;
  };
  return h(
    'div',
    { class: 'share-actions' },
    app(whatsApp, 'WhatsApp', { target: '_blank', rel: 'noopener' }),
    app(sms, 'SMS'),
    copy,
  );
}

/**
 * A link's pay page on this server, its QR code (SVG shown, SVG and PNG to download) for a counter or a
 * flyer, and its share actions. The console is served by the backend it manages, so the page's origin is
 * the server's.
 */
function payPage(link: PaymentLink): HTMLElement {
  const url = `${location.origin}/pay/${encodeURIComponent(link.id)}`;
  const qr = `/pay/qr/${encodeURIComponent(link.id)}`;
  const address = h('a', { href: url, target: '_blank', rel: 'noopener', class: 'mono' }, url);
  return h(
    'div',
    { class: 'pay-page' },
    address,
    h('img', { src: `${qr}.svg`, alt: `QR code of ${url}`, width: '96', height: '96', loading: 'lazy' }),
    h(
      'span',
      {},
      'QR code: ',
      h('a', { href: `${qr}.svg?download=1`, download: `pay-${link.id}.svg` }, 'SVG'),
      ' · ',
      h('a', { href: `${qr}.png?download=1`, download: `pay-${link.id}.png` }, 'PNG'),
    ),
    shareActions(link, url, address),
  );
}

export function linksSection(root: HTMLElement) {
  const panel = root.querySelector<HTMLElement>('.analytics')!;

  async function showAnalytics(link: PaymentLink, button: HTMLButtonElement) {
    for (const other of root.querySelectorAll('button[aria-pressed]'))
      other.setAttribute('aria-pressed', 'false');
    button.setAttribute('aria-pressed', 'true');
    panel.setAttribute('aria-busy', 'true');
    try {
      const { data } = await getJson<{ data: Analytics }>(
        `/api/v1/links/${encodeURIComponent(link.id)}/analytics`,
      );
      const weeks = [...data.groupByRevenueAndCount].sort((a, b) => a.week.localeCompare(b.week));
      panel.replaceChildren(
        h('h3', { tabindex: '-1' }, `Analytics of “${link.title}”`),
        h(
          'p',
          {},
          `${data.totalTransactionCount} payments, ${money(data.totalTransactionAmount, link.currency)} in total.`,
        ),
        h(
          'div',
          { class: 'charts' },
          weeklyRevenueChart(weeks, link.currency),
          weeklyCountChart(weeks),
          channelChart(data.groupByChannel, link.currency),
        ),
      );
      announce(panel, `Analytics of ${link.title} shown.`);
    } catch (error) {
      panel.replaceChildren(
        h(
          'p',
          { class: 'error', role: 'alert' },
          error instanceof ApiFailure ? error.message : 'Could not load the analytics.',
        ),
      );
    } finally {
      panel.removeAttribute('aria-busy');
    }
  }

  function render(links: PaymentLink[]): HTMLTableElement {
    return h(
      'table',
      { class: 'data' },
      h('caption', { class: 'visually-hidden' }, 'Payment links'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Title', 'Link', 'Status', 'Amount', 'Pay page', 'Analytics'].map((name) =>
            h('th', { scope: 'col' }, name),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...links.map((link) => {
          const button = h(
            'button',
            { type: 'button', class: 'secondary', 'aria-pressed': 'false' },
            'Show analytics',
          );
          button.setAttribute('aria-label', `Show analytics of ${link.title}`);
          button.addEventListener('click', () => void showAnalytics(link, button));
          return h(
            'tr',
            {},
            h('td', { class: 'card-title' }, link.title),
            h('td', { class: 'mono' }, link.id),
            h('td', {}, h('span', { class: `badge badge-${link.status}` }, link.status)),
            h(
              'td',
              { class: 'number' },
              link.isAmountFixed && link.amount != null
                ? money(link.amount, link.currency)
                : `Payer's choice (${link.currency})`,
            ),
            h('td', { class: 'card-wide' }, payPage(link)),
            h('td', {}, button),
          );
        }),
      ),
    );
  }

  return pagedList<PaymentLink>({
    noun: ['payment link', 'payment links'],
    form: root.querySelector<HTMLFormElement>('form')!,
    results: root.querySelector<HTMLElement>('.results')!,
    load: (filters, page) => getJson(withQuery('/api/v1/links', { ...filters, page, limit: 10 })),
    render,
  });
}
