// The cart, rendered on the server: its checkout session comes from the cookie (never created here, on
// each render), and returnUrl brings the payer back to this page from a provider's page.
import { cookies } from 'next/headers';
import { CART, CART_SESSION_COOKIE } from '../../lib/cart';
import { payApiUrl, shopUrl } from '../../lib/pay';
import { CartCheckout } from './cart-checkout';

export default async function CartPage() {
  const session = (await cookies()).get(CART_SESSION_COOKIE)?.value;
  return (
    <main>
      <h1>Your cart</h1>
      <p>{CART.description}</p>
      {session ? (
        <CartCheckout session={session} api={payApiUrl()} returnUrl={`${shopUrl()}/cart`} />
      ) : (
        <form method="post" action="/cart/session">
          <button type="submit">Check out</button>
        </form>
      )}
    </main>
  );
}
