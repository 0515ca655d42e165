// The package defines <pay-checkout>; its types give querySelector the element's class and the events
// their detail, on the element and on the document.
import 'pay-checkout';

const checkout = document.querySelector('pay-checkout');
const outcome = document.querySelector<HTMLParagraphElement>('#outcome');
if (!checkout || !outcome) throw new Error('the page lacks its checkout');

// Bundled, the widget's own origin is this app's: the backend is named here.
checkout.api = import.meta.env.VITE_PAY_API;
checkout.customer = { name: 'Awa Koné', email: 'awa@example.ci' };

document.addEventListener('pay-success', (event) => {
  outcome.textContent = `Paid: ${event.detail.payment.reference}`;
});
checkout.addEventListener('pay-failed', (event) => {
  outcome.textContent = `Not paid: ${event.detail.payment.status}`;
});
