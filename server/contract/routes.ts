/**
 * GET /openapi.json (OpenAPI 3.1, generated from the app's route declarations) and GET /docs (the same
 * document as an HTML page) with its stylesheet: two sub-apps, mounted at /openapi.json and /docs,
 * sharing the one document. Both are built on first use and then served from memory.
 */
import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { answer, json, PUBLIC } from './describe.ts';
import { createOpenApiApp } from '../env.ts';
import type { OpenApiDocument } from './openapi.ts';
import { renderDocsPage } from './docs-page.ts';
import { DOCS_CSS } from './docs-stylesheet.ts';

const CACHED = { 'Cache-Control': 'public, max-age=300' };

const getDocument = createRoute({
  method: 'get',
  path: '/',
  tags: ['Operations'],
  operationId: 'openapi',
  summary: 'This document',
  security: PUBLIC,
  responses: {
    200: answer(
      'OpenAPI 3.1',
      json(z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) })),
    ),
  },
});

const getDocsPage = createRoute({
  method: 'get',
  path: '/',
  tags: ['Operations'],
  operationId: 'docs',
  summary: 'This document as a web page',
  security: PUBLIC,
  responses: { 200: answer('HTML', { 'text/html': { schema: z.string() } }) },
});

/** `document` builds the app's document; it is asked once, on the first request for it. */
export function docsRoutes(document: () => OpenApiDocument) {
  let built: OpenApiDocument | undefined;
  let page: string | undefined;
  const openApi = () => (built ??= document());

  return {
    /** Mount at /openapi.json. */
    openApi: createOpenApiApp().openapi(getDocument, (c) => c.json(openApi(), 200, CACHED)),
    /** Mount at /docs. */
    docs: createOpenApiApp()
      .openapi(getDocsPage, (c) => c.html((page ??= renderDocsPage(openApi())), 200, CACHED))
      .get('/docs.css', (c) =>
        c.body(DOCS_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', ...CACHED }),
      ),
  };
}
