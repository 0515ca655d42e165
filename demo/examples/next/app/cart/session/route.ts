// POST /cart/session: the cart's checkout session, created once and kept in a cookie until it expires,
// so that every visit of the cart (a reload, the payer back from a provider's page) renders the same
// session, and the widget shows the payment made on it.
import { NextResponse, type NextRequest } from 'next/server';
import { CART, CART_SESSION_COOKIE } from '../../../lib/cart';
import { createCheckoutSession, shopUrl } from '../../../lib/pay';

export async function POST(request: NextRequest) {
  // The shop's own address, not the request's: behind a proxy, or on another host name, that is not it.
  const cart = NextResponse.redirect(`${shopUrl()}/cart`, 303);
  if (request.cookies.has(CART_SESSION_COOKIE)) return cart;
  const session = await createCheckoutSession(CART);
  cart.cookies.set(CART_SESSION_COOKIE, session.id, {
    expires: new Date(session.expiresAt),
    httpOnly: true,
    sameSite: 'lax',
    secure: shopUrl().startsWith('https:'),
    path: '/cart',
  });
  return cart;
}
