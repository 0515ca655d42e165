/**
 * GET /embed, the isolation page (server/embed/routes.ts): only the allowed origins may frame it, it
 * allows no inline script or style and none of the features the checkout does not use, and a bad
 * checkout id is a 400 in our envelope, never a page.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedRoutes } from '../../../server/embed/routes.ts';
import { securityHeaders } from '../../../server/middleware/security-headers.ts';
import { startApp, TEST_MERCHANT_KEY, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';
import { sandboxAdmin } from '../checkout/helpers.ts';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp({ env: { ALLOWED_ORIGINS: 'https://shop.test,https://www.shop.test' } });
});
afterAll(() => t.close());

const POLICY_REST =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors";

/** The page's config block, parsed as the frame script reads it (null when there is none). */
function configBlock(page: string): unknown {
  const block = /<script type="application\/json" id="pay-checkout-config">(.*?)<\/script>/s.exec(page);
  return block ? JSON.parse(block[1]!) : null;
}

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
    // The config is in the page, exactly the API's answer: the checkout needs no request before it shows.
    const api = await t.request('GET', '/api/v1/links/lnk_fixed_ci');
    expect(configBlock(text)).toEqual(api.json);
    expect(text).not.toContain('rel="preload"');
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
    // No such session: no config in the page; the checkout asks the API, which answers the 404 itself.
    expect(text).not.toContain('pay-checkout-config');
  });

  it('carries a session’s config as the API answers it', async () => {
    const created = await t.request(
      'POST',
      '/api/v1/sessions',
      { amount: 12_500, currency: 'XOF', country: 'CI' },
      { authorization: `Bearer ${TEST_MERCHANT_KEY}` },
    );
    expect(created.status).toBe(201);
    const id = created.json.data.id as string;
    const { text } = await t.request('GET', `/embed?session=${id}`);
    expect(configBlock(text)).toEqual((await t.request('GET', `/api/v1/sessions/${id}`)).json);
  });

  it('keeps link data as text: a title that closes the block stays inside it', async () => {
    const title = '</script><script>alert(1)</script>';
    const created = await sandboxAdmin(t, 'POST', '/payment-links', {
      id: 'lnk_embed_xss',
      title,
      isAmountFixed: true,
      amount: 5_000,
      currency: 'XOF',
      country: 'CI',
      customFields: [{ label: '<!--<script>', name: 'x', type: 'text', required: false }],
    });
    expect(created.status).toBe(201);
    const { status, text } = await t.request('GET', '/embed?link=lnk_embed_xss');
    expect(status).toBe(200);
    // One block, one end tag of it, and no script but the page's own two files and the block.
    expect(text.match(/<script/g)).toHaveLength(3);
    expect(text.match(/<\/script>/g)).toHaveLength(3);
    expect(text).not.toMatch(/<script>|<!--/);
    const config = configBlock(text) as { data: { title: string; customFields: { label: string }[] } };
    expect(config.data.title).toBe(title);
    expect(config.data.customFields[0]!.label).toBe('<!--<script>');
  });

  it('carries no config for a link that cannot be paid: the checkout shows the API’s error', async () => {
    const { status, text } = await t.request('GET', '/embed?link=lnk_missing');
    expect(status).toBe(200);
    expect(text).not.toContain('pay-checkout-config');
    expect(text).toContain('<script src="/widget/pay-checkout-frame.js" defer></script>');
  });

  it.each([
    ['/embed', 'link', 'give either link or session', 'invalid'],
    ['/embed?link=lnk_a&session=ses_b', 'link', 'give either link or session', 'invalid'],
    ['/embed?link=%3Cscript%3E', 'link', 'may only contain letters, digits, _ and -', 'invalid'],
    [`/embed?link=${'a'.repeat(101)}`, 'link', 'must be at most 100 characters', 'too_long'],
    ['/embed?session=ses.1', 'session', 'may only contain letters, digits, _ and -', 'invalid'],
    [
      '/embed?link=lnk_a&pay_reference=a%20b',
      'pay_reference',
      'may only contain letters, digits, _ and -',
      'invalid',
    ],
    ['/embed?link=lnk_a&pay_cancel=yes', 'pay_cancel', 'must be 1', 'invalid'],
  ])('%s is a 400 in the envelope, naming %s', async (path, field, message, code) => {
    const { status, json, headers } = await t.request('GET', path);
    expect(status).toBe(400);
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(json).toEqual({
      statusCode: 400,
      error: {
        code: 'validation_failed',
        message: 'The request is not valid',
        fields: [{ path: field, code, message }],
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
