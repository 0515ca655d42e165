// The shop's side of the payment service, run on the server only: the backend's address and the
// merchant key come from the environment (`PAY_API_URL`, `MERCHANT_API_KEY`); the key never reaches a
// browser.

export const payApiUrl = () => process.env.PAY_API_URL ?? 'http://localhost:8787';

/** Where this shop is served: a provider's page sends the payer back there (`returnUrl`). */
export const shopUrl = () => process.env.SHOP_URL ?? 'http://localhost:3000';

export interface CheckoutSession {
  id: string;
  expiresAt: string;
}

/** Creates a cart's checkout session: the amount is the server's, never the browser's. */
export async function createCheckoutSession(cart: {
  amount: number;
  currency: string;
  country: string;
  description: string;
}): Promise<CheckoutSession> {
  const response = await fetch(`${payApiUrl()}/api/v1/sessions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${process.env.MERCHANT_API_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(cart),
  });
  if (!response.ok)
    throw new Error(`creating a checkout session: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: CheckoutSession }).data;
}
