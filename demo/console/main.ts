/**
 * The merchant console (/console). Logged out, the page is a plain HTML form that posts the API key to
 * /console/login (no script needed); logged in (GET /console/session), it shows seven tabs that read the
 * merchant API with the HttpOnly session cookie. Tabs follow the ARIA tabs pattern (arrow keys, Home,
 * End); each tab's data loads when it is first shown.
 */
import { collectionsSection } from './collections.ts';
import { showStatusOf } from './dom.ts';
import { useExponents } from './format.ts';
import { linksSection } from './links.ts';
import { notificationsSection } from './notifications.ts';
import { paymentsSection } from './payments.ts';
import { payoutsSection } from './payouts.ts';
import { reconciliationSection } from './reconciliation.ts';
import { walletsSection } from './wallets.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function setUpTabs(sections: Record<string, { refresh(): Promise<void> }>) {
  const tabs = [...document.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const loaded = new Set<string>();

  function select(tab: HTMLButtonElement, focus: boolean) {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute('aria-selected', String(selected));
      other.tabIndex = selected ? 0 : -1;
      const panel = byId(other.getAttribute('aria-controls') ?? '');
      panel.hidden = !selected;
      if (selected) showStatusOf(panel);
    }
    if (focus) tab.focus();
    const name = tab.dataset.section ?? '';
    if (!loaded.has(name)) {
      loaded.add(name);
      void sections[name]?.refresh();
    }
  }

  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab, false));
    tab.addEventListener('keydown', (event) => {
      const last = tabs.length - 1;
      const target =
        event.key === 'ArrowRight'
          ? index === last
            ? 0
            : index + 1
          : event.key === 'ArrowLeft'
            ? index === 0
              ? last
              : index - 1
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? last
                : undefined;
      if (target === undefined) return;
      event.preventDefault();
      const next = tabs[target];
      if (next) select(next, true);
    });
  });
  const first = tabs[0];
  if (first) select(first, false);
}

async function start() {
  if (new URLSearchParams(location.search).has('error')) byId('login-error').hidden = false;
  const session = await fetch('/console/session', { credentials: 'same-origin' }).catch(() => null);
  if (!session?.ok) {
    byId<HTMLInputElement>('api-key').focus();
    return;
  }
  const { data } = (await session.json()) as {
    data: { expiresAt: string; currencyExponents?: Record<string, number> };
  };
  useExponents(data.currencyExponents ?? {});
  byId('login').hidden = true;
  byId('console').hidden = false;
  byId('logout').hidden = false;
  byId('session-expiry').textContent =
    `Session ends ${new Intl.DateTimeFormat(navigator.language || 'en', { timeStyle: 'short' }).format(new Date(data.expiresAt))}.`;
  if (location.search) history.replaceState(null, '', '/console');
  setUpTabs({
    payments: paymentsSection(byId('panel-payments')),
    collections: collectionsSection(byId('panel-collections')),
    links: linksSection(byId('panel-links')),
    payouts: payoutsSection(byId('panel-payouts')),
    wallets: walletsSection(byId('panel-wallets')),
    notifications: notificationsSection(byId('panel-notifications')),
    reconciliation: reconciliationSection(byId('panel-reconciliation')),
  });
}

void start();
