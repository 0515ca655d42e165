/**
 * The pay pages' QR codes: decoded with an npm decoder, they name the link's pay page on this server; only
 * links the provider knows get one, and no caller's text is ever encoded.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApp, TEST_PUBLIC_URL, type AppFixture } from '../app-fixture.ts';

let t: AppFixture;
beforeEach(async () => {
  t = await startApp();
});
afterEach(() => t.close());

async function png(path: string) {
  const res = await t.app.request(path);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('QR codes of pay pages', () => {
  it("decodes, from the PNG, to the link's pay page URL", async () => {
    const { res, bytes } = await png('/pay/qr/lnk_fixed_ci.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBeNull();
    const image = PNG.sync.read(bytes);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(`${TEST_PUBLIC_URL}/pay/lnk_fixed_ci`);
  });

  it('answers an SVG that runs nothing, and either image as a download when asked', async () => {
    const svg = await t.request('GET', '/pay/qr/lnk_fixed_ci.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(svg.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.text).not.toMatch(/<script|on\w+=/);
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const download = await t.request('GET', '/pay/qr/lnk_fixed_ci.svg?download=1');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="pay-lnk_fixed_ci.svg"');
    const { res } = await png('/pay/qr/lnk_fixed_ci.png?download=1');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pay-lnk_fixed_ci.png"');
  });

  it('refuses an unknown link, another image type and anything that is not a link id', async () => {
    const unknown = await t.request('GET', '/pay/qr/lnk_nope.png');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('not_found');
    for (const path of [
      '/pay/qr/lnk_fixed_ci.gif',
      '/pay/qr/lnk_fixed_ci',
      '/pay/qr/https%3A%2F%2Fevil.example.png',
      `/pay/qr/${'a'.repeat(101)}.svg`,
    ]) {
      const res = await t.request('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.json.error.code, path).toBe('not_found');
    }
  });
});
