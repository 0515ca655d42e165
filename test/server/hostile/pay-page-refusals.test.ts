// Refusals that come before the pay page's own routes (a body over the limit, the per-IP limit): the
// payer's browser gets a small page, not the API's JSON.
import { expect, it } from 'vitest';
import { formToken } from '../pay/helpers.ts';
import { payPageFixture } from '../pay/page-fixture.ts';

const pay = payPageFixture();

it('answers a form body over the limit with a 413 page', async () => {
  const form = await pay.browser.get('/pay/lnk_fixed_ci?lang=en');
  const huge = await pay.browser.request(
    `/pay/lnk_fixed_ci?lang=en&_csrf=${formToken(form.text)}`,
    { method: 'POST', body: `a=${'x'.repeat(6 * 1024 * 1024)}` },
    { 'content-type': 'application/x-www-form-urlencoded' },
  );
  expect(huge.status).toBe(413);
  expect(huge.response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(huge.text).toMatch(/<h1>Something went wrong<\/h1>/);
  expect(huge.text).toContain('href="/pay/lnk_fixed_ci"');
});

it('answers the per-IP limit on a payment page with a 429 page and Retry-After', async () => {
  await pay.restart({ env: { RATE_LIMITS: 'ip=1/60' } });
  await pay.browser.get('/pay/lnk_fixed_ci?lang=en');
  const limited = await pay.browser.get(`/pay/p/pay_${'a'.repeat(32)}?lang=en`);
  expect(limited.status).toBe(429);
  expect(limited.response.headers.get('content-type')).toMatch(/^text\/html/);
  expect(limited.response.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(limited.text).toMatch(/<p>Too many attempts\. Wait a few minutes, then try again\.<\/p>/);
});
