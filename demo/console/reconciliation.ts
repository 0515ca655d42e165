/**
 * Reconciliation tab: our books against the provider's for a date range (GET /api/v1/reconciliation),
 * its totals per currency in the exponent the server uses, and each difference with its actions
 * (POST /api/v1/reconciliation/actions): "Verify now" asks the provider, "Record" keeps a success only
 * the provider knows. After an action the report is read again, so a resolved difference disappears.
 * "Download CSV" saves the report of the dates in the form (GET /api/v1/reconciliation/export).
 */
import { ApiFailure, getJson, postJson, withQuery } from './api.ts';
import { announce, h, scrollable, table } from './dom.ts';
import { money } from './format.ts';
import { downloadLink } from './paged-list.ts';

interface Entry {
  status: string;
  amount: number;
  currency: string;
}
interface Difference {
  kind: 'payment' | 'payout';
  class: 'mismatched' | 'provider_only' | 'ours_only';
  reference: string;
  ours?: Entry;
  provider?: Entry;
  differs: string[];
  actions: ('verify' | 'record')[];
}
interface Totals {
  currency: string;
  exponent: number | null;
  payments: { ours: number; provider: number };
  payouts: { ours: number; provider: number };
}
interface Report {
  from: string;
  to: string;
  totals: Totals[];
  differences: Difference[];
}

const CLASS_WORDS: Record<Difference['class'], string> = {
  mismatched: 'Different',
  provider_only: 'Only at the provider',
  ours_only: 'Only with us',
};
const ACTION_WORDS = { verify: 'Verify now', record: 'Record' } as const;

/** Minor units in the exponent the server uses; the bare integer when it does not know the currency. */
const amount = (minor: number, currency: string, exponent: number | null) =>
  money(minor, currency, exponent ?? undefined);

export function reconciliationSection(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('form')!;
  const results = root.querySelector<HTMLElement>('.results')!;
  const from = form.querySelector<HTMLInputElement>('[name="from"]')!;
  const to = form.querySelector<HTMLInputElement>('[name="to"]')!;
  // Yesterday by default: a closed day.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  from.value ||= yesterday;
  to.value ||= yesterday;
  // The report of the dates in the form, as the exports' CSV: the link follows the dates as they change.
  const exportFor = downloadLink(form, '/api/v1/reconciliation/export', 'reconciliation report');
  const followDates = () => exportFor({ from: from.value, to: to.value });
  followDates();
  form.addEventListener('input', followDates);

  function entryText(entry: Entry | undefined, exponents: Map<string, number | null>) {
    if (!entry) return '—';
    return `${entry.status}, ${amount(entry.amount, entry.currency, exponents.get(entry.currency) ?? null)}`;
  }

  function actionButtons(difference: Difference) {
    return h(
      'div',
      { class: 'actions' },
      ...difference.actions.map((action) => {
        const button = h('button', { type: 'button', class: 'secondary' }, ACTION_WORDS[action]);
        button.addEventListener('click', () => {
          button.disabled = true;
          void act(action, difference);
        });
        return button;
      }),
    );
  }

  async function act(action: 'verify' | 'record', difference: Difference) {
    let outcome: string;
    try {
      const { data } = await postJson<{ data: { outcome: string; status: string } }>(
        '/api/v1/reconciliation/actions',
        { action, kind: difference.kind, reference: difference.reference },
      );
      outcome = `${difference.reference}: ${data.outcome.replace(/_/g, ' ')}, now ${data.status}.`;
    } catch (error) {
      outcome = error instanceof ApiFailure ? error.message : 'The action failed.';
    }
    // One announcement for the action and the report it changed: announcing the outcome first would be
    // replaced at once by the refreshed report's count, before a screen reader had read it.
    await refresh(outcome);
  }

  function render(report: Report, outcome?: string) {
    const exponents = new Map(report.totals.map((total) => [total.currency, total.exponent]));
    const totals = scrollable(
      table(
        `Successes per currency, ${report.from} to ${report.to}`,
        ['Currency', 'Payments (ours)', 'Payments (provider)', 'Payouts (ours)', 'Payouts (provider)'],
        report.totals.map((total) => [
          total.currency,
          ...[total.payments.ours, total.payments.provider, total.payouts.ours, total.payouts.provider].map(
            (sum) => h('span', { class: 'number' }, amount(sum, total.currency, total.exponent)),
          ),
        ]),
        'data',
      ),
    );
    const differences = report.differences.length
      ? scrollable(
          table(
            `${report.differences.length} difference(s)`,
            ['Kind', 'Difference', 'Reference', 'Ours', 'Provider', 'Actions'],
            report.differences.map((difference) => [
              difference.kind,
              difference.differs.length
                ? `${CLASS_WORDS[difference.class]}: ${difference.differs.join(', ')}`
                : CLASS_WORDS[difference.class],
              h('code', {}, difference.reference),
              entryText(difference.ours, exponents),
              entryText(difference.provider, exponents),
              actionButtons(difference),
            ]),
            'data differences',
          ),
        )
      : h('p', { class: 'muted' }, 'No differences: both books agree for this period.');
    results.replaceChildren(totals, differences);
    const count = `${report.differences.length} difference(s) from ${report.from} to ${report.to}.`;
    announce(root, outcome ? `${outcome} ${count}` : count);
  }

  async function refresh(outcome?: string) {
    results.setAttribute('aria-busy', 'true');
    try {
      const path = withQuery('/api/v1/reconciliation', { from: from.value, to: to.value });
      render((await getJson<{ data: Report }>(path)).data, outcome);
    } catch (error) {
      if (outcome) announce(root, outcome);
      results.replaceChildren(
        h(
          'p',
          { class: 'error', role: 'alert' },
          error instanceof ApiFailure ? error.message : 'Could not load the reconciliation report.',
        ),
      );
    } finally {
      results.removeAttribute('aria-busy');
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void refresh();
  });
  return { refresh };
}
