/**
 * The demo site's files travel compressed: the hand-written pages and files of demo/public gzipped as
 * they are sent, the built apps' hashed files (demo/dist, after `npm run build`) from the build's brotli
 * and gzip copies, cached for good.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

const ASSETS = new URL('../../../demo/dist/assets/', import.meta.url);
const PUBLIC = new URL('../../../demo/public/', import.meta.url);
const CHROME = 'gzip, deflate, br, zstd';

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

const get = (path: string, acceptEncoding?: string) =>
  t.app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('demo pages and files', () => {
  it('gzips the storefront page as it sends it, and says the answer varies', async () => {
    const response = await get('/', CHROME);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(await bytes(response))).toEqual(readFileSync(new URL('index.html', PUBLIC)));
  });

  it('sends the storefront page plain to a browser that accepts no encoding', async () => {
    const response = await get('/');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await bytes(response)).toEqual(readFileSync(new URL('index.html', PUBLIC)));
  });

  it("gzips demo/public's stylesheet", async () => {
    const response = await get('/demo/demo.css', CHROME);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(response))).toEqual(readFileSync(new URL('demo.css', PUBLIC)));
  });

  const script = existsSync(ASSETS)
    ? readdirSync(ASSETS).find((name) => /^spa-[\w-]+\.js$/.test(name))
    : undefined;
  // `npm test` builds before the server suite: a missing build is a failure that says so, not a skip.
  it(
    'sends a built app file from its brotli copy, immutable, varying by encoding',
    async () => {
      expect(script, 'demo/dist has no SPA bundle: run `npm run build` first').toBeDefined();
      const response = await get(`/demo/app/assets/${script}`, CHROME);
      expect(response.status).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        'content-type': 'text/javascript; charset=utf-8',
        'content-encoding': 'br',
        'cache-control': 'public, max-age=31536000, immutable',
        vary: 'Accept-Encoding',
      });
      expect(brotliDecompressSync(await bytes(response))).toEqual(readFileSync(new URL(script!, ASSETS)));
    },
  );
});
