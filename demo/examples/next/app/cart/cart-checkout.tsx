'use client';
// The wrapper, from a client component: its onPay* props are React's own, which survive hydration
// (React 19 drops `onpay-*` handlers and object props on a custom element it hydrates).
import type { Payment } from 'pay-checkout';
import { PayCheckoutReact } from 'pay-checkout/react';
import { useState } from 'react';

export function CartCheckout({
  session,
  api,
  returnUrl,
}: {
  session: string;
  api: string;
  returnUrl: string;
}) {
  const [paid, setPaid] = useState<Payment>();
  return (
    <>
      <PayCheckoutReact
        session={session}
        api={api}
        returnUrl={returnUrl}
        customer={{ name: 'Chidi Okafor', email: 'chidi@example.ng' }}
        onPaySuccess={(event) => setPaid(event.detail.payment)}
      />
      {paid && <p role="status">Paid: {paid.reference}</p>}
    </>
  );
}
