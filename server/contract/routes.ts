/**
 * GET /openapi.json (OpenAPI 3.1, generated from the zod schemas) and GET /docs (the same document as
 * an HTML page) with its stylesheet: two sub-apps, mounted at /openapi.json and /docs, sharing the one
 * document. Both are built on first use and then served from memory.
 */
import { factory } from '../env.ts';
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.ts';
import { renderDocsPage } from './docs-page.ts';
import { DOCS_CSS } from './docs-stylesheet.ts';

export function docsRoutes(publicUrl: string) {
  let document: OpenApiDocument | undefined;
  let page: string | undefined;
  const openApi = () => (document ??= buildOpenApiDocument(publicUrl));

  return {
    /** Mount at /openapi.json. */
    openApi: factory
      .createApp()
      .get('/', (c) => c.json(openApi(), 200, { 'Cache-Control': 'public, max-age=300' })),
    /** Mount at /docs. */
    docs: factory
      .createApp()
      .get('/', (c) =>
        c.html((page ??= renderDocsPage(openApi())), 200, { 'Cache-Control': 'public, max-age=300' }),
      )
      .get('/docs.css', (c) =>
        c.body(DOCS_CSS, 200, {
          'Content-Type': 'text/css; charset=utf-8',
          'Cache-Control': 'public, max-age=300',
        }),
      ),
  };
}
