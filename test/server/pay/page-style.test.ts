// The pay page's stylesheet travels in the page, allowed by its hash, and the page travels compressed:
// both to get its form on screen in one round trip on a slow phone.
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { payPageFixture } from './page-fixture.ts';

const pay = payPageFixture();

/** The `style-src` sources of a policy. */
const styleSources = (policy: string | null) =>
  /(?:^|;\s*)style-src ([^;]*)/.exec(policy ?? '')?.[1]?.split(' ') ?? [];

describe("the pay page's inline stylesheet", () => {
  it.each([
    ['a fresh form (JavaScript may take it over)', '/pay/lnk_fixed_ci', 200],
    ['a form that cannot be paid', '/pay/lnk_expired_sn', 410],
    ['a payment without its cookie', '/pay/p/pay_00000000000000000000000000000000', 401],
  ])('is allowed by the hash of its exact text on %s', async (_what, path, status) => {
    const page = await pay.browser.get(path);
    expect(page.status).toBe(status);
    const styles = [...page.text.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    // Its own hash and nothing else: no 'self', no 'unsafe-inline', no stylesheet to fetch.
    expect(styleSources(page.response.headers.get('content-security-policy'))).toEqual([`'sha256-${hash}'`]);
    expect(page.text).not.toMatch(/<link[^>]*stylesheet/);
    expect(styles[0]).toMatch(/\.button\{/);
  });
});

describe('the pay page over the wire', () => {
  it.each([
    ['brotli', 'gzip, deflate, br', 'br'],
    ['gzip', 'gzip, deflate', 'gzip'],
  ])('is in %s for a browser that accepts it, to the same page', async (_name, accepted, encoding) => {
    const plain = await pay.browser.get('/pay/lnk_fixed_ci');
    const response = await pay.t.app.request('/pay/lnk_fixed_ci', {
      headers: {
        'accept-encoding': accepted,
        cookie: plain.response.headers.get('set-cookie')!.split(';')[0]!,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const zipped = Buffer.from(await response.arrayBuffer());
    const text = (encoding === 'br' ? brotliDecompressSync(zipped) : gunzipSync(zipped)).toString('utf8');
    expect(text).toMatch(/^<!doctype html>/);
    expect(text).toContain('id="pay-checkout-config"');
    // The form page with its config block fits the first round trip (about 14 kB) with room to spare.
    expect(zipped.length).toBeLessThan(plain.text.length / 2);
    expect(zipped.length).toBeLessThan(8_000);
  });
});
