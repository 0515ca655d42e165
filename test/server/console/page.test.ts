/**
 * The console page (/console, demo site, embedded mode): served as HTML that runs under the strict CSP,
 * so no inline script, inline style or event-handler attribute, in the source and in the build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppFixture } from '../app-fixture.ts';

const BUILT = new URL('../../../demo/dist/console/index.html', import.meta.url);
const SOURCE = new URL('../../../demo/console/index.html', import.meta.url);

let t: AppFixture;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

function assertStrictCspSafe(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    expect(attributes).toMatch(/\bsrc="/);
    expect(body?.trim()).toBe('');
  }
  expect(html).not.toMatch(/<style\b/i);
  expect(html).not.toMatch(/\sstyle=/i);
  expect(html).not.toMatch(/\son[a-z]+=/i);
}

describe('GET /console', () => {
  it('has a source page with no inline script or style, and a plain login form', () => {
    const html = readFileSync(SOURCE, 'utf8');
    assertStrictCspSafe(html);
    expect(html).toMatch(/<form method="post" action="\/console\/login">/);
    expect(html).toMatch(/<input[^>]*name="apiKey"[^>]*>/);
  });

  // `npm test` builds before the server suite: a missing build is a failure that says so, not a skip.
  it('serves the built page as HTML under the strict CSP', async () => {
    expect(existsSync(BUILT), `${BUILT} is missing: run \`npm run build\` first`).toBe(true);
    const res = await t.request('GET', '/console');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    assertStrictCspSafe(res.text);
    expect(res.text).toMatch(
      /<script type="module" crossorigin src="\/demo\/app\/assets\/console-[\w-]+\.js">/,
    );
  });

  it('offers the sandbox payout providers to the payout form', async () => {
    const res = await t.request('GET', '/demo/payout-providers');
    expect(res.status).toBe(200);
    expect(res.json.data).toContainEqual({
      slug: 'bank-ng',
      label: 'Bank transfer (Nigeria)',
      country: 'NG',
      currency: 'NGN',
      channel: 'bank',
    });
  });
});
