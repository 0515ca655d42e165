/**
 * The SPA demo: the cart asks the shop's own server (`POST /demo/sessions`) for a checkout session,
 * then renders `<pay-checkout session=... api=...>` from the bundled package and logs its events.
 */
// As an app imports the published package: Vite bundles widget/dist/index.js through the package's
// exports, while the typecheck maps the name to the sources (tsconfig `paths`), so it needs no build.
import 'pay-checkout';
import { createEventLog } from '../shared/event-log.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const cart = byId<HTMLFormElement>('cart');
const status = byId<HTMLParagraphElement>('cart-status');
const checkout = byId<HTMLDivElement>('checkout');
const log = createEventLog(byId<HTMLOListElement>('events'), byId('events-empty'));

interface SessionAnswer {
  data?: { id: string; expiresAt: string };
  error?: { message: string };
}

cart.addEventListener('submit', async (event) => {
  event.preventDefault();
  const product = new FormData(cart).get('product');
  const button = cart.querySelector('button');
  if (button) button.disabled = true;
  status.textContent = 'Creating a checkout session…';
  try {
    const response = await fetch('/demo/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ product }),
    });
    const answer = (await response.json()) as SessionAnswer;
    if (!response.ok || !answer.data) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
    status.textContent = `Session ${answer.data.id}, valid until ${new Date(answer.data.expiresAt).toLocaleTimeString()}.`;
    const widget = document.createElement('pay-checkout');
    // Bundled into the app, the widget's own origin is the app's: name the backend.
    widget.setAttribute('api', location.origin);
    widget.setAttribute('session', answer.data.id);
    // The shop knows its customer's language: the fruit basket is sold in Abidjan, in French.
    if (product === 'basket') widget.setAttribute('locale', 'fr-CI');
    log.clear();
    log.listen(widget);
    checkout.replaceChildren(widget);
  } catch (error) {
    status.textContent = `Could not start the checkout: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    if (button) button.disabled = false;
  }
});
