/**
 * The pay page's forms are accepted only from the page itself (against cross-site request forgery), as
 * the sandbox's hosted page accepts its own: a signed double-submit token. A page gives the browser a
 * random nonce in a cookie (HttpOnly, SameSite=Lax, for every page under /pay) and puts
 * HMAC(key, what the form acts on + nonce) in the form. A POST counts only with both, and they must
 * match: another site can neither read the cookie nor sign a nonce without the key. The key is derived
 * from the server's secret, so every instance (and a restart) accepts the forms the others served.
 * Derived, not the secret itself: an HMAC of a label of its own, so the token reveals nothing usable
 * against the secret's other uses. A rotation lists the new secret first and keeps the old ones: forms
 * are signed with the first and accepted under any, so the forms open in payers' browsers still post.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

const COOKIE = 'pay_form_nonce';
/** 16 random bytes, base64url: what `issue` writes, and all a nonce may look like. */
const NONCE = /^[A-Za-z0-9_-]{22}$/;

/** The signing key of `secret`'s forms. */
const formKey = (secret: string) => createHmac('sha256', secret).update('pay page form').digest();

/** `secrets`: the current one first, then those kept during a rotation. */
export function formTokens(secrets: readonly string[], secure: boolean) {
  const keys = (secrets.length > 0 ? secrets : ['']).map(formKey);
  const sign = (key: Buffer, scope: string, nonce: string) =>
    createHmac('sha256', key).update(`${scope}\n${nonce}`).digest('base64url');

  /** Nonces chosen for browsers without one, by request: a page signs several things with one. */
  const chosen = new WeakMap<Context, string>();
  /** This browser's nonce, given it (in its cookie) on its first page. */
  function nonceOf(c: Context): string {
    const given = getCookie(c, COOKIE);
    if (given && NONCE.test(given)) return given;
    let nonce = chosen.get(c);
    if (!nonce) {
      nonce = randomBytes(16).toString('base64url');
      setCookie(c, COOKIE, nonce, { path: '/pay', httpOnly: true, sameSite: 'Lax', secure });
      chosen.set(c, nonce);
    }
    return nonce;
  }

  return {
    /** The form's token for this browser and `scope` (a checkout, a payment), setting its nonce cookie. */
    issue(c: Context, scope: string): string {
      return sign(keys[0]!, scope, nonceOf(c));
    },
    /**
     * The Idempotency-Key of this browser's `attempt`-th payment on `scope`: the same for as long as its
     * nonce cookie lives, so the form a browser gets again (Back, a reload) can carry an attempt's key.
     */
    attemptKey(c: Context, scope: string, attempt: number): string {
      return sign(keys[0]!, `attempt ${attempt} of ${scope}`, nonceOf(c));
    },
    /**
     * Whether a refused post came from a browser that keeps no cookie for this page: it sent no nonce
     * back, and does not say the post came from another site (`Sec-Fetch-Site`, which such a post would
     * carry in every browser that sends it). Its payer is told cookies are needed, not "something went wrong".
     */
    keepsNoCookie(c: Context): boolean {
      const site = c.req.header('sec-fetch-site');
      return getCookie(c, COOKIE) === undefined && (site === undefined || site === 'same-origin');
    },
    /** Whether `token` was issued for `scope` to the browser that sends it. */
    verify(c: Context, scope: string, token: unknown): boolean {
      const nonce = getCookie(c, COOKIE);
      if (!nonce || !NONCE.test(nonce) || typeof token !== 'string') return false;
      const given = Buffer.from(token);
      return keys.some((key) => {
        const expected = Buffer.from(sign(key, scope, nonce));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    },
  };
}
