/**
 * GET /widget/*: the built widget (`dist/`, written by `npm run build`) and its locale files, embeddable
 * from any merchant origin. Hashed file names could be cached for ever; ours are stable names, so they
 * get a short cache with revalidation.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { existsSync } from 'node:fs';
import { Hono } from 'hono';

export function widgetAssets(distDir: string) {
  const app = new Hono()
    .use(async (c, next) => {
      await next();
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      c.header('Access-Control-Allow-Origin', '*');
      c.header('X-Content-Type-Options', 'nosniff');
      if (c.res.status === 200) c.header('Cache-Control', 'public, max-age=300, must-revalidate');
    });
  // `npm start` builds before it serves; without a build (e.g. server tests) every file is a clear 404.
  if (existsSync(distDir)) {
    app.get('/*', serveStatic({ root: distDir, rewriteRequestPath: (path) => path.replace(/^\/widget/, '') }));
  }
  return app.all('/*', (c) => c.json({ statusCode: 404, error: { code: 'not_found', message: 'No such widget file; run npm run build' } }, 404));
}
