/**
 * Notifications tab: what was sent to MERCHANT_WEBHOOK_URL (GET /api/v1/notifications), filtered by
 * delivery status, with each message's attempts and the merchant endpoint's last answer. A message that
 * gave up (or was delivered and lost) can be sent again (POST /api/v1/notifications/:id/retry).
 */
import { ApiFailure, getJson, postJson, withQuery } from './api.ts';
import { announce, h } from './dom.ts';
import { dateTime } from './format.ts';
import { pagedList } from './paged-list.ts';

interface Notification {
  id: string;
  type: string;
  subject: string;
  status: string;
  attempts: number;
  nextAttemptAt?: string;
  lastStatusCode?: number;
  lastError?: string;
  createdAt: string;
}

/** The endpoint's last answer in words: "HTTP 200", "Timeout: …", or "—" before the first attempt. */
const lastAnswer = (notification: Notification) =>
  notification.lastError ?? (notification.lastStatusCode ? `HTTP ${notification.lastStatusCode}` : '—');

export function notificationsSection(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form')!;
  const results = root.querySelector<HTMLElement>('.results')!;

  async function retry(notification: Notification) {
    try {
      await postJson(`/api/v1/notifications/${encodeURIComponent(notification.id)}/retry`, {});
      await list.refresh();
      announce(root, `Notification ${notification.id} is queued to be sent again.`);
    } catch (error) {
      announce(root, error instanceof ApiFailure ? error.message : 'Could not queue the notification again.');
    }
  }

  function render(notifications: Notification[]): HTMLTableElement {
    return h(
      'table',
      { class: 'data' },
      h('caption', { class: 'visually-hidden' }, 'Notifications, newest first'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Created', 'Type', 'Subject', 'Status', 'Attempts', 'Last answer', 'Action'].map((name) =>
            h('th', { scope: 'col' }, name),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...notifications.map((notification) => {
          const again =
            notification.status === 'pending'
              ? null
              : h('button', { type: 'button', class: 'secondary' }, 'Send again');
          again?.setAttribute('aria-label', `Send ${notification.type} of ${notification.subject} again`);
          again?.addEventListener('click', () => void retry(notification));
          return h(
            'tr',
            {},
            h('td', {}, dateTime(notification.createdAt)),
            h('td', {}, notification.type),
            h('td', { class: 'mono' }, notification.subject),
            h(
              'td',
              {},
              h('span', { class: `badge badge-${notification.status}` }, notification.status),
              notification.nextAttemptAt ? ` (next ${dateTime(notification.nextAttemptAt)})` : '',
            ),
            h('td', { class: 'number' }, notification.attempts),
            h('td', {}, lastAnswer(notification)),
            h('td', {}, again),
          );
        }),
      ),
    );
  }

  const list = pagedList<Notification>({
    noun: ['notification', 'notifications'],
    form,
    results,
    load: (filters, page) => getJson(withQuery('/api/v1/notifications', { ...filters, page, limit: 10 })),
    render,
    exportPath: '/api/v1/notifications/export',
  });
  return list;
}
