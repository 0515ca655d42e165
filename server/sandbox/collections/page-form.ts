/**
 * The hosted page's decision form is only accepted from the page itself (against cross-site request
 * forgery), as a real provider's hosted page accepts its own forms only: a signed double-submit token.
 * Opening the page gives the browser a random nonce in a cookie scoped to that page (HttpOnly,
 * SameSite=Lax) and puts HMAC(key, checkout id + nonce) in the form. A POST counts only with both, and
 * they must match: another site can neither read the cookie nor, without the key, sign a nonce of its
 * own choosing, and a Lax cookie is not even sent with another site's POST. The key is derived from the
 * sandbox's client secret, so every instance of a backend (and a restart) accepts the forms the others
 * served.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { SandboxContext } from '../context.ts';
import { randomBase64url } from '../../random.ts';

const COOKIE = 'sandbox_page_nonce';
/** 16 random bytes, base64url: what `setCookie` wrote, and all a nonce may look like. */
const NONCE = /^[A-Za-z0-9_-]{22}$/;

export function pageForms(context: SandboxContext) {
  const key = createHmac('sha256', context.config.clientSecret).update('hosted page form').digest();
  const sign = (checkoutId: string, nonce: string) =>
    createHmac('sha256', key).update(`${checkoutId}\n${nonce}`).digest('base64url');

  return {
    /** The form's token for this browser, setting its nonce cookie (kept when it already has one). */
    issue(c: Context, checkoutId: string): string {
      let nonce = getCookie(c, COOKIE);
      if (!nonce || !NONCE.test(nonce)) {
        nonce = randomBase64url(16);
        setCookie(c, COOKIE, nonce, {
          path: c.req.path,
          httpOnly: true,
          sameSite: 'Lax',
          secure: context.config.publicUrl.startsWith('https:'),
        });
      }
      return sign(checkoutId, nonce);
    },
    /** Whether `token` was issued for this checkout to the browser that sends it. */
    verify(c: Context, checkoutId: string, token: unknown): boolean {
      const nonce = getCookie(c, COOKIE);
      if (!nonce || !NONCE.test(nonce) || typeof token !== 'string') return false;
      const expected = Buffer.from(sign(checkoutId, nonce));
      const given = Buffer.from(token);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
