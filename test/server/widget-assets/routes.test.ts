/**
 * The widget's files under /widget/ (server/widget-assets/routes.ts over build-files.ts), from a build folder
 * compressed the way `npm run build` compresses it (widget/build/precompress.ts): brotli, gzip or the
 * plain file by Accept-Encoding, always with `Vary: Accept-Encoding`; an ETag per copy and a 304 when
 * the browser's copy is current; embeddable from any origin.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetAssets } from '../../../server/widget-assets/routes.ts';
import { precompress } from '../../../widget/build/precompress.ts';

/** About the widget's size, and as repetitive as minified code, so the copies are much smaller. */
const SCRIPT = Array.from(
  { length: 600 },
  (_, index) => `customElements.get("pay-${index}")||x(${index});`,
).join('');
const MESSAGES = JSON.stringify(
  Object.fromEntries(
    Array.from({ length: 40 }, (_, index) => [`message${index}`, `Réessayer le paiement ${index}`]),
  ),
);
/** A PNG signature and some bytes: already compressed, never given copies. */
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...Array(64).fill(7)]);

let dist: string;
let app: Hono;
beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'pay-widget-dist-'));
  mkdirSync(join(dist, 'locales'));
  writeFileSync(join(dist, 'pay-checkout.iife.js'), SCRIPT);
  writeFileSync(join(dist, 'locales/fr.json'), MESSAGES);
  writeFileSync(join(dist, 'logo.png'), IMAGE);
  writeFileSync(join(dist, 'tiny.txt'), 'x');
  precompress(dist, ['pay-checkout.iife.js', 'locales/fr.json', 'logo.png', 'tiny.txt']);
  // Mounted as createApp mounts it.
  app = new Hono().route('/widget', widgetAssets(dist));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
/** What Chromium sends. */
const CHROME = 'gzip, deflate, br, zstd';

describe('precompress (the build step)', () => {
  it('writes a brotli and a gzip copy beside each text file, each decoding to the file', () => {
    for (const file of ['pay-checkout.iife.js', 'locales/fr.json']) {
      const original = readFileSync(join(dist, file));
      expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(join(dist, `${file}.gz`)))).toEqual(original);
    }
  });

  it('answers the sizes, and leaves images and files that would not shrink alone', () => {
    const sizes = precompress(dist, ['pay-checkout.iife.js', 'logo.png', 'tiny.txt']);
    expect(sizes).toEqual([
      {
        file: 'pay-checkout.iife.js',
        bytes: SCRIPT.length,
        brotli: readFileSync(join(dist, 'pay-checkout.iife.js.br')).length,
        gzip: readFileSync(join(dist, 'pay-checkout.iife.js.gz')).length,
      },
      { file: 'tiny.txt', bytes: 1 },
    ]);
    expect(sizes[0]!.brotli).toBeLessThan(SCRIPT.length / 10);
    for (const file of ['logo.png.br', 'logo.png.gz', 'tiny.txt.br', 'tiny.txt.gz'])
      expect(existsSync(join(dist, file)), file).toBe(false);
  });
});

describe('GET /widget/*', () => {
  it('sends brotli to a browser that accepts it, with the script type, Vary, an ETag and cross-origin headers', async () => {
    const response = await get('/widget/pay-checkout.iife.js', { 'accept-encoding': CHROME });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'text/javascript; charset=utf-8',
      'content-length': String(readFileSync(join(dist, 'pay-checkout.iife.js.br')).length),
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=300, must-revalidate',
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{40}"$/);
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that takes gzip only', async () => {
    const response = await get('/widget/pay-checkout.iife.js', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytes(response)).toString()).toBe(SCRIPT);
  });

  it('sends the plain file when no encoding is accepted, still saying it varies', async () => {
    const response = await get('/widget/pay-checkout.iife.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-length')).toBe(String(SCRIPT.length));
    expect((await bytes(response)).toString()).toBe(SCRIPT);
  });

  it('serves locale files as JSON, compressed', async () => {
    const response = await get('/widget/locales/fr.json', { 'accept-encoding': CHROME });
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(response)).toString()).toBe(MESSAGES);
  });

  it('answers 304 without a body to a browser whose copy is current, keeping the caching and CORS headers', async () => {
    const first = await get('/widget/pay-checkout.iife.js', { 'accept-encoding': CHROME });
    const etag = first.headers.get('etag')!;
    const again = await get('/widget/pay-checkout.iife.js', {
      'accept-encoding': CHROME,
      'if-none-match': etag,
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(Object.fromEntries(again.headers)).toEqual({
      etag,
      vary: 'Accept-Encoding',
      'cache-control': 'public, max-age=300, must-revalidate',
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    });
  });

  it('gives each copy its own ETag: a gzip ETag does not validate the brotli copy', async () => {
    const gzipped = await get('/widget/pay-checkout.iife.js', { 'accept-encoding': 'gzip' });
    const etag = gzipped.headers.get('etag')!;
    const brotli = await get('/widget/pay-checkout.iife.js', {
      'accept-encoding': CHROME,
      'if-none-match': etag,
    });
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get('etag')).not.toBe(etag);
    expect(brotli.headers.get('content-encoding')).toBe('br');
  });

  it('answers an unknown file with a 404 in the error envelope', async () => {
    const response = await get('/widget/nothing-here.js', { 'accept-encoding': CHROME });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      statusCode: 404,
      error: { code: 'not_found', message: 'No such widget file; run npm run build' },
    });
  });
});
