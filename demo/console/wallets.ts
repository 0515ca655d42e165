/** Wallets tab: balances per country, currency and wallet type (GET /api/v1/wallets). */
import { ApiFailure, getJson } from './api.ts';
import { announce, h, scrollable, table } from './dom.ts';
import { money } from './format.ts';

interface Wallet {
  type: string;
  amount: number;
  currency: string;
  country: string;
  status: string;
}

export function walletsSection(root: HTMLElement) {
  const results = root.querySelector<HTMLElement>('.results')!;
  async function refresh() {
    results.setAttribute('aria-busy', 'true');
    try {
      const { data } = await getJson<{ data: Wallet[] }>('/api/v1/wallets');
      const sorted = [...data].sort(
        (a, b) =>
          a.country.localeCompare(b.country) ||
          a.currency.localeCompare(b.currency) ||
          a.type.localeCompare(b.type),
      );
      // Intl.DisplayNames came in Chrome 81: below it the table shows the country's code alone.
      /* eslint-disable compat/compat, es-x/no-intl-displaynames -- used only where typeof finds it */
      const regions =
        typeof Intl.DisplayNames === 'function'
          ? new Intl.DisplayNames([navigator.language || 'en'], { type: 'region' })
          : undefined;
      /* eslint-enable compat/compat, es-x/no-intl-displaynames */
      results.replaceChildren(
        scrollable(
          table(
            'Wallet balances by country and currency',
            ['Country', 'Currency', 'Wallet', 'Balance', 'Status'],
            sorted.map((wallet) => [
              regions
                ? `${regions.of(wallet.country) ?? wallet.country} (${wallet.country})`
                : wallet.country,
              wallet.currency,
              wallet.type,
              h('span', { class: 'number' }, money(wallet.amount, wallet.currency)),
              wallet.status,
            ]),
            'data',
          ),
        ),
      );
      announce(root, `${data.length} wallets shown.`);
    } catch (error) {
      results.replaceChildren(
        h(
          'p',
          { class: 'error', role: 'alert' },
          error instanceof ApiFailure ? error.message : 'Could not load the wallets.',
        ),
      );
    } finally {
      results.removeAttribute('aria-busy');
    }
  }
  root.querySelector('.refresh')?.addEventListener('click', () => void refresh());
  return { refresh };
}
