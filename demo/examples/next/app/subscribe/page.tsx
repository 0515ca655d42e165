// A payment link, rendered straight from this Server Component: `pay-checkout/react` is a client module,
// so the server renders the element and the browser runs the wrapper. The outcome is heard on the
// document, by a client component of its own.
import { PayCheckoutReact } from 'pay-checkout/react';
import { payApiUrl } from '../../lib/pay';
import { PaidNotice } from './paid-notice';

export default function SubscribePage() {
  return (
    <main>
      <h1>Premium subscription</h1>
      <PayCheckoutReact link="lnk_fixed_ci" api={payApiUrl()} />
      <PaidNotice />
    </main>
  );
}
