/**
 * GET /openapi.json (OpenAPI 3.1, generated from the zod schemas) and GET /docs (the same document as
 * an HTML page) with its stylesheet. Both are built on first use and then served from memory.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../app.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';
import { renderDocsPage } from './docs-page.ts';
import { DOCS_CSS } from './docs-stylesheet.ts';

export function docsRoutes(publicUrl: string) {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(publicUrl));

  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(openApi(), 200, { 'Cache-Control': 'public, max-age=300' }))
    .get('/docs', (c) =>
      c.html((page ??= renderDocsPage(openApi())), 200, { 'Cache-Control': 'public, max-age=300' }),
    )
    .get('/docs/docs.css', (c) =>
      c.body(DOCS_CSS, 200, {
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'public, max-age=300',
      }),
    );
}
