/**
 * Files of a build folder (the widget's `dist/`, the demo's `demo/dist/`), sent compressed: the build
 * writes a brotli and a gzip copy beside each text file (widget/build/precompress.ts), and serveStatic
 * picks the one the browser accepts, else the file itself. Every file's answer says it varies with
 * Accept-Encoding, the plain one too, so a shared cache never hands brotli to a browser that asked for
 * none, nor the large copy to one that could take the small.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';

export function buildFiles(options: {
  root: string;
  prefix: string;
  cacheControl: string;
}): MiddlewareHandler {
  const { root, prefix, cacheControl } = options;
  const serve = serveStatic({
    root,
    precompressed: true,
    rewriteRequestPath: (path) => (path.startsWith(prefix) ? path.slice(prefix.length) : path),
  });
  // Headers go on the file's own answer: serveStatic's `onFound` runs after that answer is made, so
  // what it sets through the context never reaches the browser.
  return async (c, next) => {
    const file = await serve(c, next);
    // Not found: serveStatic went on to the next handler, and answers what that call answered.
    if (file instanceof Response) {
      file.headers.set('Cache-Control', cacheControl);
      file.headers.set('Vary', 'Accept-Encoding');
    }
    return file;
  };
}
