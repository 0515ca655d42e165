/**
 * The merchant's storefront for the payer figures: a page on its own origin (another port of 127.0.0.1,
 * so every call to the backend is cross-origin, as on a real shop) in three versions that differ only in
 * how the checkout arrives:
 * - `floor`: no widget; plain JavaScript (`floor.js`) builds a minimal form from the same config answer;
 * - `bare`: the two-line embed (the widget's script tag and the element), as the README shows it;
 * - `snippet`: the embed docs/embedding.md recommends, which also preloads the link's config from the
 *   page's head, so it travels while the widget's script does.
 * - `inlineScript`: the floor with `floor.js` inline in the page (allowed by its hash), after the element
 *   it fills: it fetches the config while the page is still parsing, a round trip before `floor`.
 * Each page may preconnect to the backend. All run under a strict Content-Security-Policy (no inline
 * script or style but `inlineScript`'s one script, by its hash), as a careful merchant's would.
 * A fourth, `inline`, is the pay page's floor: the link's own pay page form (its header and `<form>`,
 * taken from the backend's `/pay/<link>` once at start) alone in a bare document, gzipped, with no
 * stylesheet, script or preview tags: what the same form costs when the page's own HTML holds it and
 * nothing else.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { freePort } from '../../free-port.ts';
import { startBackend, type Backend, type Running } from '../servers.ts';

export const PAGE_KINDS = ['floor', 'inlineScript', 'bare', 'snippet', 'inline'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];

const FLOOR_SCRIPT = readFileSync(new URL('./floor.js', import.meta.url), 'utf8');
/** The CSP source of `floor.js` as the inline-script floor holds it. */
const FLOOR_SCRIPT_HASH = `'sha256-${createHash('sha256').update(FLOOR_SCRIPT, 'utf8').digest('base64')}'`;

/** The header and form of the link's pay page, as its server renders them (JavaScript on or off alike). */
async function payPageForm(api: string, link: string): Promise<string> {
  const response = await fetch(`${api}/pay/${link}`);
  const page = await response.text();
  const form = /<header>[\s\S]*<\/form>/.exec(page)?.[0];
  if (!response.ok || form === undefined)
    throw new Error(`${api}/pay/${link}: no form in its answer (${response.status})`);
  return form;
}

/** The embed's markup, per page; `api` is the backend's origin and `link` a payment link's id. */
function checkoutMarkup(
  kind: Exclude<PageKind, 'inline'>,
  api: string,
  link: string,
): { head: string; body: string } {
  const element = `<pay-checkout link="${link}"></pay-checkout>`;
  const widgetScript = `<script src="${api}/widget/pay-checkout.iife.js" defer></script>`;
  switch (kind) {
    case 'floor':
      // Its only request to the backend is a CORS fetch without credentials: a connection of that kind.
      return {
        head: `<link rel="preconnect" href="${api}" crossorigin>`,
        body: `<script src="/floor.js" data-api="${api}" data-link="${link}" defer></script><div id="checkout"></div>`,
      };
    case 'inlineScript':
      return {
        head: `<link rel="preconnect" href="${api}" crossorigin>`,
        body: `<div id="checkout"></div><script data-api="${api}" data-link="${link}">${FLOOR_SCRIPT}</script>`,
      };
    case 'bare':
      return { head: `<link rel="preconnect" href="${api}">`, body: `${widgetScript}\n${element}` };
    case 'snippet':
      return {
        head: `<link rel="preconnect" href="${api}">\n<link rel="preload" as="fetch" crossorigin href="${api}/api/v1/links/${link}">`,
        body: `${widgetScript}\n${element}`,
      };
  }
}

function page(kind: Exclude<PageKind, 'inline'>, api: string, link: string): string {
  const { head, body } = checkoutMarkup(kind, api, link);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Shop</title>
${head}
</head><body><main>
<h1>Sandbox Shop</h1>
<p>A month of the paper, delivered to your phone every morning.</p>
${body}
<p>Questions about your order? Write to the shop; we answer within a day.</p>
</main></body></html>`;
}

export interface Storefront extends Running {
  pageUrl(kind: PageKind): string;
}

/** Serves the three pages and `floor.js` on `port` (loopback), for the backend at `api`. */
export async function startStorefront(port: number, api: string, link: string): Promise<Storefront> {
  const csp = `default-src 'self'; script-src 'self' ${api} ${FLOOR_SCRIPT_HASH}; connect-src ${api}; img-src 'self' ${api} data:; style-src 'self'`;
  const pages = new Map<string, string>(
    PAGE_KINDS.filter((kind) => kind !== 'inline').map((kind) => [`/${kind}.html`, page(kind, api, link)]),
  );
  const inline = gzipSync(
    `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay</title></head><body><main>${await payPageForm(api, link)}</main></body></html>`,
  );
  const server = createServer((request, response) => {
    const html = pages.get(request.url ?? '');
    if (request.url === '/inline.html') {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'gzip',
        'content-security-policy': csp,
        'cache-control': 'no-store',
      });
      response.end(inline);
    } else if (html !== undefined) {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': csp,
        'cache-control': 'no-store',
      });
      response.end(html);
    } else if (request.url === '/floor.js') {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(FLOOR_SCRIPT);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    pageUrl: (kind) => `${url}/${kind}.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A fresh backend that lets a storefront on another port call it, and that storefront, for `run`; both
 * stop after it, whatever it answers.
 */
export async function withStorefront<T>(
  link: string,
  run: (backend: Backend, storefront: Storefront) => Promise<T>,
): Promise<T> {
  const storefrontPort = await freePort();
  const backend = await startBackend({ allowedOrigins: [`http://127.0.0.1:${storefrontPort}`] });
  try {
    const storefront = await startStorefront(storefrontPort, backend.url, link);
    try {
      return await run(backend, storefront);
    } finally {
      await storefront.close();
    }
  } finally {
    await backend.close();
  }
}
