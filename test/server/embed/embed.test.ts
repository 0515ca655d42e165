/**
 * GET /embed, the isolation page (server/embed/routes.ts): only the allowed origins may frame it, it
 * allows no inline script or style and none of the features the checkout does not use, and a bad
 * checkout id is a 400 in our envelope, never a page.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedRoutes } from '../../../server/embed/routes.ts';
import { securityHeaders } from '../../../server/http/security-headers.ts';
import { startApp, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp({ env: { ALLOWED_ORIGINS: 'https://shop.test,https://www.shop.test' } });
});
afterAll(() => t.close());

const POLICY_REST =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors";

describe('GET /embed', () => {
  it('lets only ALLOWED_ORIGINS frame the page, with no inline script or style', async () => {
    const { status, headers, text } = await t.request('GET', '/embed?link=lnk_fixed_ci');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(headers.get('content-security-policy')).toBe(
      `${POLICY_REST} https://shop.test https://www.shop.test`,
    );
    // X-Frame-Options cannot name other origins: the policy's frame-ancestors alone decides.
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    // The frame script learns which parents it may answer from the page itself.
    expect(text).toContain(
      '<meta name="pay-checkout-origins" content="https://shop.test https://www.shop.test" />',
    );
    expect(text).toContain('<body data-kind="link" data-id="lnk_fixed_ci"></body>');
    // The config travels while the scripts do (as the recommended snippet of docs/embedding.md does it).
    expect(text).toContain('<link rel="preload" as="fetch" crossorigin href="/api/v1/links/lnk_fixed_ci" />');
    expect(text).toContain('<script src="/widget/pay-checkout.iife.js" defer></script>');
    expect(text).toContain('<script src="/widget/pay-checkout-frame.js" defer></script>');
    expect(text).not.toMatch(/<script>|<style|style=/);
  });

  it('turns off every powerful feature the checkout does not use', async () => {
    const { headers } = await t.request('GET', '/embed?session=ses_123');
    const features = (headers.get('permissions-policy') ?? '').split(', ');
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
      expect(features).toContain(feature);
    // Every feature named is off: none is granted to any origin.
    expect(features.every((feature) => feature.endsWith('=()'))).toBe(true);
  });

  it('names a session as a session, and keeps the way back from a provider page in the URL', async () => {
    const { status, text } = await t.request(
      'GET',
      '/embed?session=ses_123&pay_reference=pay_abc&pay_cancel=1',
    );
    expect(status).toBe(200);
    expect(text).toContain('<body data-kind="session" data-id="ses_123"></body>');
    expect(text).toContain('href="/api/v1/sessions/ses_123"');
  });

  it.each([
    ['/embed', 'link', 'give either link or session'],
    ['/embed?link=lnk_a&session=ses_b', 'link', 'give either link or session'],
    ['/embed?link=%3Cscript%3E', 'link', 'may only contain letters, digits, _ and -'],
    [`/embed?link=${'a'.repeat(101)}`, 'link', 'must be at most 100 characters'],
    ['/embed?session=ses.1', 'session', 'may only contain letters, digits, _ and -'],
    ['/embed?link=lnk_a&pay_reference=a%20b', 'pay_reference', 'may only contain letters, digits, _ and -'],
    ['/embed?link=lnk_a&pay_cancel=yes', 'pay_cancel', 'must be 1'],
  ])('%s is a 400 in the envelope, naming %s', async (path, field, message) => {
    const { status, json, headers } = await t.request('GET', path);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(json).toEqual({
      statusCode: 400,
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        fields: [{ path: field, message }],
      },
    });
  });

  it('refuses an unknown query key', async () => {
    const { status, json } = await t.request('GET', '/embed?link=lnk_a&phone=%2B2250700000000');
    expect(status).toBe(400);
    expect(json.error.code).toBe('validation_failed');
  });
});

describe('GET /embed without ALLOWED_ORIGINS', () => {
  it('may be framed by this server’s own origin only, as CORS allows', async () => {
    const app = new Hono().use(securityHeaders).route('/embed', embedRoutes(undefined, TEST_PUBLIC_URL));
    const answer = await app.request('/embed?link=lnk_fixed_ci');
    expect(answer.headers.get('content-security-policy')).toBe(`${POLICY_REST} ${TEST_PUBLIC_URL}`);
    expect(await answer.text()).toContain(
      `<meta name="pay-checkout-origins" content="${TEST_PUBLIC_URL}" />`,
    );
  });

  it('may be framed from anywhere when ALLOWED_ORIGINS is *', async () => {
    const app = new Hono().route('/embed', embedRoutes(['*'], TEST_PUBLIC_URL));
    const answer = await app.request('/embed?link=lnk_fixed_ci');
    expect(answer.headers.get('content-security-policy')).toBe(`${POLICY_REST} *`);
  });
});
