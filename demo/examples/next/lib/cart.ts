/** The shop's one cart, in minor units (kobo): a real shop reads it from its database. */
export const CART = { amount: 350_000, currency: 'NGN', country: 'NG', description: 'Coffee, 1 kg' };

/** The cookie that keeps the cart's checkout session until it expires. */
export const CART_SESSION_COOKIE = 'cart_session';
