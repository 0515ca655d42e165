/**
 * The checkout's config as the server wrote it into the page (a `<script type="application/json">`
 * block: no request, in every engine; WebKit never hands a fetch preload to fetch()). It answers the
 * checkout's first read of its config only: any later read (a retry, a refresh) goes to the network.
 * Used by the isolation page's frame script and by the pay page's script.
 */
import type { Transport } from '../internal/transport.ts';

/** The block's id (server/embed/config-block.ts writes it). */
const BLOCK_ID = 'pay-checkout-config';

/** `network`'s fetch, answering the first GET of the checkout `kind`/`id`'s config from the page's block. */
export function pageConfigFetch(
  kind: string | undefined,
  id: string | undefined,
  network: Transport['fetch'],
): Transport['fetch'] {
  let pageConfig = document.getElementById(BLOCK_ID)?.textContent ?? undefined;
  const configPath = `/api/v1/${kind === 'session' ? 'session' : 'link'}s/${encodeURIComponent(id ?? '')}`;
  return (url, init) => {
    const target = new URL(url, location.href);
    if (
      !pageConfig ||
      (init.method ?? 'GET') !== 'GET' ||
      target.origin !== location.origin ||
      target.pathname !== configPath
    )
      return network(url, init);
    const body = pageConfig;
    pageConfig = undefined;
    return Promise.resolve(new Response(body, { headers: { 'content-type': 'application/json' } }));
  };
}
