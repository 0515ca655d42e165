/**
 * GET /widget/*: the built widget (`dist/`, written by `npm run build`) and its locale files, embeddable
 * from any merchant origin, compressed (see build-files.ts). Their names are stable (merchants embed
 * `pay-checkout.iife.js` by name), so they are cached briefly and then revalidated: the ETag (a digest of
 * the bytes sent) turns an unchanged file into a 304 without a body.
 */
import { existsSync } from 'node:fs';
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import { buildFiles } from '../http/build-files.ts';

export function widgetAssets(distDir: string) {
  const app = new Hono()
    .use(async (c, next) => {
      await next();
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('Access-Control-Allow-Origin', '*');
      c.header('X-Content-Type-Options', 'nosniff');
    })
    // A 304 keeps the 200's Cache-Control and Vary (etag's retained headers), and gets the ones above.
    .use(etag());
  // `npm start` builds before it serves; without a build (e.g. server tests) every file is a clear 404.
  if (existsSync(distDir)) {
    app.get(
      '/*',
      buildFiles({ root: distDir, prefix: '/widget', cacheControl: 'public, max-age=300, must-revalidate' }),
    );
  }
  return app.all('/*', (c) =>
    c.json(
      { statusCode: 404, error: { code: 'not_found', message: 'No such widget file; run npm run build' } },
      404,
    ),
  );
}
