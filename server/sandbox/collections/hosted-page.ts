/**
 * The provider's hosted checkout page, as a payer sees it: choose a provider, then approve, decline or
 * cancel. It serves hosted checkouts and the `redirect` action of direct charges (magic `08`). Plain HTML
 * forms with an external stylesheet: no script, so it works under any CSP. Its form counts only when
 * sent from the page itself (page-form.ts), and it sends the payer back only to a registered return
 * address (return-targets.ts).
 */
import { Hono } from 'hono';
import { html } from 'hono/html';
import { readFormBody } from '../../http/body.ts';
import type { SandboxTransactionRow } from '../../store/schema.ts';
import type { SandboxContext } from '../context.ts';
import { SANDBOX_PROVIDERS, findProvider } from '../providers.ts';
import { isAllowedReturn } from '../return-targets.ts';
import { applyCollectionStatus } from './outcomes.ts';
import { pageForms } from './page-form.ts';

const DECISIONS = { approve: 'Payment approved on the hosted page', decline: 'Declined by the payer', cancel: 'Cancelled by the payer' } as const;
type Decision = keyof typeof DECISIONS;

export function hostedPageRoutes(context: SandboxContext) {
  const forms = pageForms(context);
  const byCheckoutId = (checkoutId: string) =>
    context.db.selectFrom('sandbox_transactions').selectAll().where('checkout_id', '=', checkoutId).executeTakeFirst();
  /** A return address the checkout names but may not use: the page refuses rather than forward there. */
  const unregisteredReturn = (row: SandboxTransactionRow) =>
    [row.redirect_url, row.cancel_url].find((url) => url !== null && !isAllowedReturn(context, url));

  return new Hono()
    .get('/:checkoutId', async (c) => {
      const row = await byCheckoutId(c.req.param('checkoutId'));
      if (!row) return c.html(page('Payment not found', html`<p>This checkout does not exist.</p>`), 404);
      if (row.status !== 'pending') return c.html(page('Sandbox checkout', finalNote(row)), 200);
      if (unregisteredReturn(row)) return c.html(page('Sandbox checkout', returnRefused()), 400);
      return c.html(page('Sandbox checkout', decisionForm(row, forms.issue(c, row.checkout_id))), 200);
    })
    .post('/:checkoutId', async (c) => {
      const row = await byCheckoutId(c.req.param('checkoutId'));
      if (!row) return c.html(page('Payment not found', html`<p>This checkout does not exist.</p>`), 404);
      if (row.status !== 'pending') return c.html(page('Sandbox checkout', finalNote(row)), 409);
      const form = await readFormBody(c);
      if (!forms.verify(c, row.checkout_id, form.token)) {
        return c.html(page('Sandbox checkout', formRefused(row)), 403);
      }
      const decision = String(form.decision ?? '');
      if (!(decision in DECISIONS)) return c.html(page('Sandbox checkout', html`<p>Unknown choice.</p>`), 400);
      if (unregisteredReturn(row)) return c.html(page('Sandbox checkout', returnRefused()), 400);

      if (decision === 'approve' && row.provider === null) {
        // A hosted checkout learns its provider only now, from the payer's choice.
        const provider = findProvider(String(form.provider ?? ''));
        if (!provider || provider.country !== row.country || provider.currency !== row.currency) {
          const again = decisionForm(row, forms.issue(c, row.checkout_id));
          return c.html(page('Sandbox checkout', html`<p>Choose a provider.</p>${again}`), 400);
        }
        await context.db
          .updateTable('sandbox_transactions')
          .set({ provider: provider.slug, channel: provider.channel, network: provider.networks[0]?.value ?? null })
          .where('reference', '=', row.reference)
          .execute();
      }
      const chosen = decision as Decision;
      // A cancel is the payer walking away: the checkout ends (verify says failed) but, as with real
      // providers, no webhook reports it; the merchant learns it from the payer's return to cancelURL.
      const status = chosen === 'approve' ? 'success' : 'failed';
      await applyCollectionStatus(context, row.reference, status, DECISIONS[chosen], chosen !== 'cancel');

      const target = chosen === 'cancel' ? (row.cancel_url ?? row.redirect_url) : row.redirect_url;
      if (target) {
        const back = new URL(target);
        back.searchParams.set('reference', row.reference);
        back.searchParams.set('status', chosen === 'approve' ? 'success' : chosen === 'decline' ? 'failed' : 'cancelled');
        return c.redirect(back.toString(), 303);
      }
      const updated = await byCheckoutId(row.checkout_id);
      return c.html(page('Sandbox checkout', finalNote(updated ?? row)), 200);
    });
}

function amountText(row: SandboxTransactionRow) {
  return `${row.total_amount} ${row.currency} (minor units, fee included)`;
}

function decisionForm(row: SandboxTransactionRow, token: string) {
  const choices = SANDBOX_PROVIDERS.filter(
    (p) => p.channel === 'mobile-money' && p.country === row.country && p.currency === row.currency,
  );
  const picker =
    row.provider === null
      ? html`<label for="provider">Pay with</label>
          <select id="provider" name="provider" required>
            ${choices.map((p) => html`<option value="${p.slug}">${p.label}</option>`)}
          </select>`
      : html`<p>Pay with <strong>${findProvider(row.provider)?.label ?? row.provider}</strong></p>`;
  return html`<p class="amount">${amountText(row)}</p>
    <p class="reference">Reference <code>${row.reference}</code></p>
    <form method="post">
      <input type="hidden" name="token" value="${token}" />
      ${picker}
      <div class="actions">
        <button name="decision" value="approve" class="approve">Approve</button>
        <button name="decision" value="decline" class="decline" formnovalidate>Decline</button>
        <button name="decision" value="cancel" class="cancel" formnovalidate>Cancel</button>
      </div>
    </form>`;
}

/** The form came from elsewhere, or from a page this browser no longer holds the cookie of. */
function formRefused(row: SandboxTransactionRow) {
  return html`<p>This choice was not sent from this payment page, or the page has expired, so nothing was done.</p>
    <p><a href="${row.checkout_id}">Open the payment page again</a> and choose there.</p>`;
}

/** The checkout names a return address its merchant did not register: no decision is taken. */
function returnRefused() {
  return html`<p>
    This payment would send you back to an address the merchant has not registered, so it cannot be
    paid here. Nothing was charged; return to the shop and start the payment again.
  </p>`;
}

function finalNote(row: SandboxTransactionRow) {
  return html`<p class="amount">${amountText(row)}</p>
    <p>This payment is <strong>${row.status}</strong>: ${row.status_description}.</p>`;
}

function page(title: string, body: ReturnType<typeof html>) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <link rel="stylesheet" href="../assets/checkout.css" />
        <link rel="icon" href="../assets/merchant-logo.svg" type="image/svg+xml" />
      </head>
      <body>
        <main>
          <p class="badge">Sandbox: no real money moves</p>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`;
}
