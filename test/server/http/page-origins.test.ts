/**
 * Which pages may use this backend when ALLOWED_ORIGINS is unset: this server's own origin, by every name
 * it goes by on loopback. `npm start` binds 127.0.0.1, and the README opens http://localhost:8787: a
 * payment from that page was refused (`method.returnUrl`) and the isolation demo could not frame the
 * checkout, because only http://127.0.0.1:8787 was allowed.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { embedRoutes } from '../../../server/embed/routes.ts';
import { pageOrigins } from '../../../server/http/page-origins.ts';
import { checkReturnUrl, returnOrigins } from '../../../server/payments/return-url.ts';

const LOCAL = 'http://127.0.0.1:8787';

describe('pageOrigins', () => {
  it('allows a loopback server by each of its loopback names, on its own port only', () => {
    expect(pageOrigins(undefined, LOCAL)).toEqual(['http://127.0.0.1:8787', 'http://localhost:8787']);
    expect(pageOrigins(undefined, 'http://localhost')).toEqual(['http://localhost', 'http://127.0.0.1']);
    expect(pageOrigins(undefined, 'http://[::1]:8787')).toEqual([
      'http://[::1]:8787',
      'http://localhost:8787',
      'http://127.0.0.1:8787',
    ]);
  });

  it('allows a public server by its own origin alone', () => {
    expect(pageOrigins(undefined, 'https://pay.example.com/base')).toEqual(['https://pay.example.com']);
  });

  it('takes ALLOWED_ORIGINS as given, adding no loopback name', () => {
    expect(pageOrigins(['https://shop.test'], LOCAL)).toEqual(['https://shop.test']);
  });
});

describe('the README’s storefront, opened at localhost while the server binds 127.0.0.1', () => {
  it('may be the return page of a payment; another port or host may not', () => {
    const origins = returnOrigins(undefined, LOCAL);
    expect(checkReturnUrl('http://localhost:8787/?link=lnk_fixed_ci', origins).origin).toBe(
      'http://localhost:8787',
    );
    for (const elsewhere of ['http://localhost:9999/', 'http://shop.test:8787/'])
      expect(() => checkReturnUrl(elsewhere, origins)).toThrow(
        expect.objectContaining({ status: 400 }) as Error,
      );
  });

  it('may frame the isolation page', async () => {
    const answer = await new Hono()
      .route('/embed', embedRoutes(undefined, LOCAL))
      .request('/embed?link=lnk_a');
    expect(answer.headers.get('content-security-policy')).toMatch(
      / frame-ancestors http:\/\/127\.0\.0\.1:8787 http:\/\/localhost:8787$/,
    );
  });
});
