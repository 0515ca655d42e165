/**
 * The integration playground: any seeded link in the widget, its events as they fire, the sandbox's
 * webhook deliveries for the current payment (polled every second), and fault injection. Everything
 * that needs the provider credentials goes through the demo server's `/demo/*` routes.
 */
// As an app imports the published package: Vite bundles widget/dist/index.js through the package's
// exports, while the typecheck maps the name to the sources (tsconfig `paths`), so it needs no build.
import 'pay-checkout';
import { createEventLog } from '../shared/event-log.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const select = byId<HTMLSelectElement>('link');
const reload = byId<HTMLButtonElement>('reload');
const linkStatus = byId<HTMLParagraphElement>('link-status');
const checkout = byId<HTMLDivElement>('checkout');
const scenarios = byId<HTMLDivElement>('scenarios');
const faultsState = byId<HTMLParagraphElement>('faults-state');
const deliveriesList = byId<HTMLOListElement>('deliveries');
const deliveriesStatus = byId<HTMLParagraphElement>('deliveries-status');
const log = createEventLog(byId<HTMLOListElement>('events'), byId('events-empty'));

interface Link {
  id: string;
  title: string;
  status: string;
  currency: string;
  isAmountFixed: boolean;
}

interface Faults {
  latencyMs: number;
  errorRate: number;
  duplicateDeliveries: boolean;
  outOfOrderDeliveries: boolean;
}

interface Delivery {
  deliveryId: string;
  event: string;
  state: string;
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
  body: unknown;
  log: { attempt: number; at: string; status: number | null; error: string | null }[];
}

/** GET or PUT one of the demo server's JSON routes; resolves to `data`. */
async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: { 'content-type': 'application/json' } });
  const answer = (await response.json().catch(() => null)) as {
    data?: T;
    error?: { message?: string };
  } | null;
  if (!response.ok || !answer || answer.data === undefined) {
    throw new Error(answer?.error?.message ?? `HTTP ${response.status}`);
  }
  return answer.data;
}

const text = (tag: keyof HTMLElementTagNameMap, className: string, value: string) => {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = value;
  return node;
};

// --- Link picker and widget -------------------------------------------------------------------------

let reference: string | null = null;

function mountWidget(linkId: string) {
  reference = null;
  renderDeliveries([]);
  deliveriesStatus.textContent = 'Start a payment: the sandbox’s deliveries for it appear here.';
  log.clear();
  const widget = document.createElement('pay-checkout');
  widget.setAttribute('api', location.origin);
  widget.setAttribute('link', linkId);
  log.listen(widget, (event) => {
    if ('payment' in event.detail) follow(event.detail.payment.reference);
  });
  checkout.replaceChildren(widget);
  const url = new URL(location.href);
  url.searchParams.set('link', linkId);
  history.replaceState(null, '', url);
}

async function loadLinks() {
  select.disabled = true;
  linkStatus.textContent = '';
  try {
    const links = await call<Link[]>('/demo/links');
    select.replaceChildren(
      ...links.map((link) => {
        const option = document.createElement('option');
        option.value = link.id;
        const amount = link.isAmountFixed ? link.currency : `${link.currency}, payer's amount`;
        option.textContent = `${link.id} · ${link.title} (${amount}${link.status === 'active' ? '' : `, ${link.status}`})`;
        return option;
      }),
    );
    const wanted = new URL(location.href).searchParams.get('link');
    select.value = links.some((link) => link.id === wanted) ? (wanted ?? '') : (links[0]?.id ?? '');
    select.disabled = false;
    if (select.value) mountWidget(select.value);
  } catch (error) {
    linkStatus.textContent = `Could not list the links (${error instanceof Error ? error.message : String(error)}). Reset the faults, then reload.`;
    const retry = document.createElement('option');
    retry.value = '';
    retry.textContent = 'No links';
    select.replaceChildren(retry);
  }
}

select.addEventListener('change', () => {
  if (select.value) mountWidget(select.value);
});
reload.addEventListener('click', () => {
  if (select.disabled) void loadLinks();
  else if (select.value) mountWidget(select.value);
});

// --- Webhook deliveries, polled every second for the current payment --------------------------------

let polling: ReturnType<typeof setTimeout> | undefined;

function follow(next: string) {
  if (next === reference) return;
  reference = next;
  deliveriesStatus.textContent = `Payment ${next}: waiting for webhooks…`;
  clearTimeout(polling);
  void poll();
}

function renderDeliveries(deliveries: Delivery[]) {
  deliveriesList.replaceChildren(
    ...deliveries.map((delivery) => {
      const item = document.createElement('li');
      item.className = `delivery delivery-${delivery.state}`;
      const head = document.createElement('p');
      const answered =
        delivery.lastStatus === null
          ? (delivery.lastError ?? 'no answer yet')
          : `HTTP ${delivery.lastStatus}`;
      head.append(
        text(
          'time',
          'delivery-time',
          new Date(delivery.createdAt).toLocaleTimeString(undefined, { hour12: false }),
        ),
        text('strong', 'delivery-event', delivery.event),
        text(
          'span',
          '',
          `${delivery.state} · ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'} · ${answered}`,
        ),
      );
      const details = document.createElement('details');
      const attempts = delivery.log
        .map((a) => `#${a.attempt} ${a.at} → ${a.status ?? a.error ?? 'no answer'}`)
        .join('\n');
      details.append(
        text('summary', '', `body and attempts (${delivery.deliveryId})`),
        text('pre', '', `${JSON.stringify(delivery.body, null, 2)}\n\n${attempts || 'no attempt yet'}`),
      );
      item.append(head, details);
      return item;
    }),
  );
}

async function poll() {
  const current = reference;
  if (!current) return;
  try {
    const deliveries = await call<Delivery[]>(
      `/demo/webhook-deliveries?${new URLSearchParams({ reference: current })}`,
    );
    if (current !== reference) return;
    renderDeliveries(deliveries);
    deliveriesStatus.textContent = `Payment ${current}: ${deliveries.length} deliver${deliveries.length === 1 ? 'y' : 'ies'}.`;
  } catch (error) {
    if (current !== reference) return;
    deliveriesStatus.textContent = `Payment ${current}: could not read the deliveries (${error instanceof Error ? error.message : String(error)}).`;
  }
  polling = setTimeout(() => void poll(), 1000);
}

// --- Fault injection ---------------------------------------------------------------------------------

function showFaults(faults: Faults) {
  const on = [
    faults.latencyMs > 0 ? `latency ${faults.latencyMs / 1000} s` : '',
    faults.errorRate > 0 ? `error rate ${Math.round(faults.errorRate * 100)} %` : '',
    faults.duplicateDeliveries ? 'duplicate webhooks' : '',
    faults.outOfOrderDeliveries ? 'out-of-order webhooks' : '',
  ].filter(Boolean);
  faultsState.textContent = `Faults: ${on.length ? on.join(', ') : 'none'}`;
  const pressed: Record<string, boolean> = {
    latency: faults.latencyMs > 0,
    errors: faults.errorRate > 0,
    duplicates: faults.duplicateDeliveries,
    'out-of-order': faults.outOfOrderDeliveries,
  };
  for (const button of scenarios.querySelectorAll<HTMLButtonElement>('button[aria-pressed]')) {
    button.setAttribute('aria-pressed', String(pressed[button.dataset.scenario ?? ''] ?? false));
  }
}

scenarios.addEventListener('click', async (event) => {
  const button = (event.target as Element).closest<HTMLButtonElement>('button[data-scenario]');
  if (!button) return;
  button.disabled = true;
  try {
    showFaults(
      await call<Faults>('/demo/faults', {
        method: 'PUT',
        body: JSON.stringify({ scenario: button.dataset.scenario }),
      }),
    );
  } catch (error) {
    faultsState.textContent = `Could not change the faults: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    button.disabled = false;
  }
});

call<Faults>('/demo/faults').then(showFaults, (error: unknown) => {
  faultsState.textContent = `Faults: unknown (${error instanceof Error ? error.message : String(error)})`;
});
void loadLinks();
