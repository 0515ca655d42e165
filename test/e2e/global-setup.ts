/**
 * Starts what the end-to-end suite drives: the real server (`server/main.ts` as `npm start` runs it, bundled
 * into server/dist/main.js by the build that `npm run test:e2e` runs first; embedded sandbox, a fresh
 * SQLite database in a temp dir) on a free port, and a second "merchant" origin on another port that
 * embeds the widget cross-origin, so CORS and Cross-Origin-Resource-Policy are really exercised.
 * URLs (and the data directory, for the rare test that must force a state) reach the tests through the
 * environment; the teardown stops both.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { startBuiltServer } from '../built-server.ts';
import { freePort } from '../free-port.ts';

/**
 * The merchant's own page on another origin: it loads the widget and talks to the API cross-origin. An
 * empty `locale` leaves the attribute out; `preload` adds the recommended embed snippet (docs/embedding.md);
 * `isolation` is the element's attribute; `session` pays a checkout session instead of the link;
 * `hostile` adds a third-party script that skims the payer's answers (test/e2e/hostile-script.js);
 * `fallback` puts a link inside the element, for browsers that cannot run the widget; `consolehook` runs
 * test/e2e/console-hook.js first, for browsers whose driver cannot read the console (WebKit's WebDriver);
 * `mobile` adds the viewport tag of a site made for phones, without which a phone lays the page out 980 px
 * wide and zooms it out.
 * `proxy` points the element at `proxyUrl` (test/e2e/fault-proxy.ts) instead of the server.
 */
function merchantPage(
  apiUrl: string,
  link: string,
  locale: string,
  preload: boolean,
  isolation: string,
  hostile: boolean,
  session: string,
  fallback: boolean,
  consoleHook: boolean,
  mobile: boolean,
  proxyUrl: string,
  proxy: boolean,
) {
  const attribute = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, '');
  const snippet = preload
    ? `<link rel="preconnect" href="${apiUrl}" crossorigin>
<link rel="preload" as="fetch" crossorigin href="${apiUrl}/api/v1/links/${attribute(link)}">\n`
    : '';
  const lang = locale ? ` locale="${attribute(locale)}"` : '';
  // A checkout session (a cart the merchant's server created) instead of a link, when given.
  const checkout = session ? `session="${attribute(session)}"` : `link="${attribute(link)}"`;
  // What the element shows where the widget cannot run, as docs/embedding.md recommends.
  const inside = fallback
    ? `<a href="${apiUrl}/pay/${session ? `session/${attribute(session)}` : attribute(link)}">Pay on our payment page</a>`
    : '';
  const isolated = isolation ? ` isolation="${attribute(isolation)}"` : '';
  const skimmer = hostile ? '<script src="/hostile.js"></script>\n' : '';
  // The empty icon keeps a browser from fetching /favicon.ico, which the page's own policy would refuse
  // with a console error (Firefox reports it) that is not the widget's.
  const hook = consoleHook ? '<script src="/console-hook.js"></script>\n' : '';
  const viewport = mobile ? '<meta name="viewport" content="width=device-width, initial-scale=1">\n' : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant on another origin</title>
<link rel="icon" href="data:,">
${viewport}${hook}${snippet}${skimmer}<script src="${apiUrl}/widget/pay-checkout.iife.js" defer></script></head>
<body><main><h1>Another origin</h1><pay-checkout ${checkout} api="${proxy ? proxyUrl : apiUrl}"${lang}${isolated}>${inside}</pay-checkout></main></body></html>`;
}

/** The scripts the merchant page may load from its own origin, beside this file. */
const PAGE_SCRIPTS: Record<string, string> = {
  '/hostile.js': './hostile-script.js',
  '/console-hook.js': './console-hook.js',
};

export default async function globalSetup() {
  const [apiPort, merchantPort, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // Where a spec's fault proxy (test/e2e/fault-proxy.ts) listens, in front of the server: a page served
  // through it (the pay page) is one of the allowed origins, and the merchant's page may call it.
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  const merchantUrl = `http://127.0.0.1:${merchantPort}`;
  // The same merchant page under another site (ports do not make a site; host names do): there the
  // backend's frame is a third party, whose storage the browser partitions.
  const merchantOtherSiteUrl = `http://localhost:${merchantPort}`;
  const server = await startBuiltServer(apiPort, {
    ALLOWED_ORIGINS: `${apiUrl},${merchantUrl},${merchantOtherSiteUrl},${proxyUrl}`,
    // The pay page's waiting pages reload after this many seconds: the suite waits two, not five.
    PAY_PAGE_REFRESH_SECONDS: '2',
    // The merchant's own server (the second origin) receives our signed notifications.
    MERCHANT_WEBHOOK_URL: `${merchantUrl}/notifications`,
    MERCHANT_WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
  });

  const merchant: Server = createServer((request, response) => {
    if (request.method === 'POST' && request.url === '/notifications') {
      // A merchant endpoint that accepts every notification (the server suite checks the signatures).
      request.resume().on('end', () => response.writeHead(204).end());
      return;
    }
    const url = new URL(request.url ?? '/', merchantUrl);
    const script = PAGE_SCRIPTS[url.pathname];
    if (script) {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(readFileSync(new URL(script, import.meta.url)));
      return;
    }
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src 'self' ${apiUrl}; style-src 'self'; connect-src ${apiUrl} ${proxyUrl}; img-src ${apiUrl} ${proxyUrl} data:; frame-src ${apiUrl} ${proxyUrl}`,
    });
    const query = url.searchParams;
    response.end(
      merchantPage(
        apiUrl,
        query.get('link') ?? 'lnk_fixed_ci',
        query.get('locale') ?? 'en',
        query.has('preload'),
        query.get('isolation') ?? '',
        query.has('hostile'),
        query.get('session') ?? '',
        query.has('fallback'),
        query.has('consolehook'),
        query.has('mobile'),
        proxyUrl,
        query.has('proxy'),
      ),
    );
  });
  await new Promise<void>((resolve) => merchant.listen(merchantPort, '127.0.0.1', resolve));

  process.env.E2E_API_URL = apiUrl;
  process.env.E2E_MERCHANT_URL = merchantUrl;
  process.env.E2E_MERCHANT_OTHER_SITE_URL = merchantOtherSiteUrl;
  process.env.E2E_DATA_DIR = server.dataDir;
  process.env.E2E_PROXY_PORT = String(proxyPort);

  return async () => {
    await new Promise<void>((resolve) => merchant.close(() => resolve()));
    await server.stop();
  };
}
