/**
 * Payouts tab: provider (from the sandbox catalogue) -> recipient properties -> validate (the provider
 * names the account holder) -> confirm -> POST /api/v1/payouts with a fresh Idempotency-Key; retrying
 * the same confirmation reuses its key, so a lost answer never pays twice. The list below refreshes
 * every 2 s while any payout is processing, and each status change is announced.
 */
import type { Payout } from '../../widget/shared/contract.ts';
import { parseAmount } from '../../widget/shared/money.ts';
import { ApiFailure, getJson, newIdempotencyKey, postJson, type ListAnswer } from './api.ts';
import { announce, h, scrollable } from './dom.ts';
import { dateTime, minorUnits, money } from './format.ts';
import { downloadLink } from './paged-list.ts';

/** A payout's status as a sentence says it ("succeeded", not "success"). */
const STATUS_WORDS: Record<Payout['status'], string> = {
  processing: 'processing',
  success: 'succeeded',
  failed: 'failed',
};

interface CatalogueEntry {
  slug: string;
  label: string;
  country: string;
  currency: string;
  channel: 'mobile-money' | 'bank';
}

interface Properties {
  banks: { bankName: string; bankCode: string }[];
  networks?: { name: string; value: string }[] | null;
}

interface Recipient {
  id: string;
  accountLabel: string;
  currency: string;
  country: string;
}

const POLL_MS = 2000;

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiFailure ? error.message : fallback;

export function payoutsSection(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>('#payout-form')!;
  const providerSelect = form.querySelector<HTMLSelectElement>('#payout-provider')!;
  const accountFields = form.querySelector<HTMLElement>('#payout-account')!;
  const step = form.querySelector<HTMLElement>('#payout-step')!;
  const list = root.querySelector<HTMLElement>('#payout-list')!;
  // The whole ledger: this tab lists the latest payouts without filters.
  downloadLink(form, '/api/v1/payouts/export', 'payouts');
  let catalogue: CatalogueEntry[] = [];
  let poll: ReturnType<typeof setTimeout> | undefined;
  const lastStatus = new Map<string, string>();

  /** The payout this form last requested, whose status line follows the list's refreshes. */
  let requested: { reference: string; outcome: HTMLElement } | undefined;

  function showRequested(payout: Payout) {
    if (payout.reference !== requested?.reference) return;
    const detail =
      payout.status === 'failed' && payout.statusDescription ? ` (${payout.statusDescription})` : '';
    requested.outcome.className = payout.status === 'failed' ? 'error' : 'ok';
    requested.outcome.textContent = `Payout ${payout.reference}: ${STATUS_WORDS[payout.status]}${detail}.`;
  }

  const selected = () => catalogue.find((entry) => entry.slug === providerSelect.value);
  const error = (message: string) => step.replaceChildren(h('p', { class: 'error', role: 'alert' }, message));

  async function loadCatalogue() {
    const { data } = await getJson<{ data: CatalogueEntry[] }>('/demo/payout-providers');
    catalogue = data;
    providerSelect.replaceChildren(
      h('option', { value: '' }, 'Choose a provider'),
      ...data.map((entry) =>
        h('option', { value: entry.slug }, `${entry.label} (${entry.country}, ${entry.currency})`),
      ),
    );
  }

  function field(id: string, label: string, control: HTMLElement) {
    control.id = id;
    return h('p', { class: 'field' }, h('label', { for: id }, label), control);
  }

  async function showAccountFields() {
    step.replaceChildren();
    requested = undefined;
    const provider = selected();
    if (!provider) return accountFields.replaceChildren();
    accountFields.setAttribute('aria-busy', 'true');
    try {
      const properties = await getJson<{ data: Properties }>(
        `/api/v1/payouts/recipients/${encodeURIComponent(provider.slug)}/properties`,
      );
      const { banks, networks } = properties.data;
      if (provider.channel === 'bank') {
        accountFields.replaceChildren(
          field(
            'payout-bank',
            'Bank',
            h(
              'select',
              { name: 'bankCode', required: true },
              ...banks.map((bank) => h('option', { value: bank.bankCode }, bank.bankName)),
            ),
          ),
          field(
            'payout-account-number',
            'Account number',
            h('input', {
              name: 'accountNumber',
              required: true,
              inputmode: 'numeric',
              autocomplete: 'off',
              pattern: '[A-Za-z0-9]{4,34}',
            }),
          ),
        );
      } else {
        accountFields.replaceChildren(
          field(
            'payout-phone',
            'Phone number (international, e.g. +2250700000001)',
            h('input', { name: 'phoneNumber', type: 'tel', required: true, autocomplete: 'off' }),
          ),
          networks?.length
            ? field(
                'payout-network',
                'Network',
                h(
                  'select',
                  { name: 'network' },
                  ...networks.map((network) => h('option', { value: network.value }, network.name)),
                ),
              )
            : '',
        );
      }
      accountFields.append(h('button', { type: 'submit' }, 'Validate recipient'));
    } catch (caught) {
      accountFields.replaceChildren();
      error(failure(caught, 'Could not load the recipient form.'));
    } finally {
      accountFields.removeAttribute('aria-busy');
    }
  }

  async function validate() {
    const provider = selected();
    if (!provider) return;
    const data = new FormData(form);
    const value = (name: string) => (data.get(name) as string | null)?.trim() ?? '';
    const account =
      provider.channel === 'bank'
        ? { accountNumber: value('accountNumber'), bankCode: value('bankCode') }
        : { phoneNumber: value('phoneNumber'), ...(value('network') ? { network: value('network') } : {}) };
    announce(root, 'Validating the recipient…');
    try {
      const { data: recipient } = await postJson<{ data: Recipient }>('/api/v1/payouts/recipients/validate', {
        provider: provider.slug,
        account,
      });
      showAmountStep(recipient);
      announce(root, `Recipient validated: ${recipient.accountLabel}.`);
    } catch (caught) {
      error(failure(caught, 'The recipient could not be validated.'));
      announce(root, 'The recipient was not validated.');
    }
  }

  function showAmountStep(recipient: Recipient) {
    // A currency the backend does not know is asked for in minor units rather than with a guessed point.
    const known = minorUnits(recipient.currency);
    const exponent = known ?? 0;
    const amount = h('input', {
      id: 'payout-amount',
      name: 'amount',
      inputmode: 'decimal',
      required: true,
      autocomplete: 'off',
    });
    const narration = h('input', {
      id: 'payout-narration',
      name: 'narration',
      maxlength: '255',
      autocomplete: 'off',
    });
    const review = h('button', { type: 'button' }, 'Review payout');
    step.replaceChildren(
      h(
        'p',
        { class: 'recipient' },
        'Account holder: ',
        h('strong', {}, recipient.accountLabel),
        ` (${recipient.country}, ${recipient.currency})`,
      ),
      h(
        'p',
        { class: 'field' },
        h(
          'label',
          { for: 'payout-amount' },
          `Amount in ${recipient.currency}${known === undefined ? ' minor units' : ''}`,
        ),
        amount,
      ),
      h('p', { class: 'field' }, h('label', { for: 'payout-narration' }, 'Narration (optional)'), narration),
      review,
    );
    amount.focus();
    review.addEventListener('click', () => {
      const minor = parseAmount(amount.value, exponent, navigator.language || 'en');
      if (!minor) {
        amount.setAttribute('aria-invalid', 'true');
        announce(root, `Enter a positive amount with at most ${exponent} decimals.`);
        return;
      }
      amount.removeAttribute('aria-invalid');
      showConfirmStep(recipient, minor, narration.value.trim());
    });
  }

  function showConfirmStep(recipient: Recipient, amount: number, narration: string) {
    const idempotencyKey = newIdempotencyKey();
    const confirm = h('button', { type: 'button' }, 'Confirm payout');
    const back = h('button', { type: 'button', class: 'secondary' }, 'Change');
    const outcome = h('p', {});
    const question = `Pay ${money(amount, recipient.currency)} to ${recipient.accountLabel}?`;
    step.replaceChildren(h('p', { class: 'confirm' }, question), confirm, ' ', back, outcome);
    confirm.focus();
    back.addEventListener('click', () => showAmountStep(recipient));
    confirm.addEventListener('click', async () => {
      confirm.disabled = true;
      try {
        const body = { transferRecipientId: recipient.id, amount, ...(narration ? { narration } : {}) };
        const { data: payout } = await postJson<{ data: Payout }>('/api/v1/payouts', body, {
          'Idempotency-Key': idempotencyKey,
        });
        requested = { reference: payout.reference, outcome: h('p', {}) };
        showRequested(payout);
        step.replaceChildren(requested.outcome);
        announce(root, `Payout requested: ${payout.status}.`);
        await refreshList();
      } catch (caught) {
        confirm.disabled = false;
        const insufficient =
          caught instanceof ApiFailure && /insufficient/i.test(`${caught.code} ${caught.message}`);
        outcome.replaceChildren(
          h(
            'span',
            { class: 'error', role: 'alert' },
            insufficient
              ? `Insufficient balance: ${failure(caught, '')}`
              : failure(caught, 'The payout request failed; confirming again is safe.'),
          ),
        );
      }
    });
  }

  async function refreshList() {
    clearTimeout(poll);
    try {
      const answer = await getJson<ListAnswer<Payout>>('/api/v1/payouts?limit=20');
      list.replaceChildren(renderList(answer.data));
      for (const payout of answer.data) {
        showRequested(payout);
        const before = lastStatus.get(payout.reference);
        if (before && before !== payout.status)
          announce(root, `Payout ${payout.reference}: ${STATUS_WORDS[payout.status]}.`);
        lastStatus.set(payout.reference, payout.status);
      }
      if (answer.data.some((payout) => payout.status === 'processing'))
        poll = setTimeout(() => void refreshList(), POLL_MS);
    } catch (caught) {
      list.replaceChildren(
        h('p', { class: 'error', role: 'alert' }, failure(caught, 'Could not load the payouts.')),
      );
    }
  }

  function renderList(payouts: Payout[]): Node {
    if (payouts.length === 0) return h('p', { class: 'muted' }, 'No payout yet.');
    const table = h(
      'table',
      { class: 'data' },
      h('caption', {}, 'Latest payouts'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          ...['Reference', 'Recipient', 'Amount', 'Status', 'Completed'].map((name) =>
            h('th', { scope: 'col' }, name),
          ),
        ),
      ),
      h(
        'tbody',
        {},
        ...payouts.map((payout) =>
          h(
            'tr',
            {},
            h('td', { class: 'mono' }, payout.reference),
            h('td', {}, payout.transferRecipientLabel ?? payout.transferRecipientId, ` · ${payout.provider}`),
            h('td', { class: 'number' }, money(payout.amount, payout.currency)),
            h(
              'td',
              {},
              h('span', { class: `badge badge-${payout.status}` }, payout.status),
              payout.statusDescription ? ` ${payout.statusDescription}` : '',
            ),
            h('td', {}, dateTime(payout.completedAt)),
          ),
        ),
      ),
    );
    return scrollable(table);
  }

  providerSelect.addEventListener('change', () => void showAccountFields());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void validate();
  });

  return {
    async refresh() {
      if (catalogue.length === 0)
        await loadCatalogue().catch((caught: unknown) =>
          error(failure(caught, 'Could not load the providers.')),
        );
      await refreshList();
    },
  };
}
