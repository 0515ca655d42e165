/**
 * The checkout's config, carried in the isolation page itself: a JSON data block the frame script
 * answers the checkout's first config request from. A `<link rel=preload as=fetch>` did the same in
 * Chromium only: WebKit never hands a fetch preload to a later fetch(), so it read the config twice.
 * The block is read as the API's own answer is (the same link cache, the same payable check, the same
 * per-client budget); when that answer would be an error, the page carries no block and the checkout
 * asks the API itself, which answers the error in its envelope as before.
 */
import type { Context } from 'hono';
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { assertPayable } from '../checkout/availability.ts';
import type { CheckoutKind, CheckoutService } from '../checkout/service.ts';
import type { AppEnv } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import type { RateLimiter } from '../rate-limits/limiter.ts';

/** The data block's id, which the frame script looks up. */
export const CONFIG_BLOCK_ID = 'pay-checkout-config';

/** The payable config of a checkout, or undefined when the API would answer an error. */
export type EmbeddedConfigReader = (
  c: Context<AppEnv>,
  kind: CheckoutKind,
  id: string,
) => Promise<CheckoutConfig | undefined>;

export function embeddedConfigReader(
  checkout: CheckoutService,
  limiter: RateLimiter,
  ipOf: (c: Context) => string | undefined,
): EmbeddedConfigReader {
  return async (c, kind, id) => {
    const logger = c.get('logger');
    try {
      // Counted as the API read it replaces, so the page is no way around the API's budget.
      const key = ipOf(c);
      if (key) await limiter.hit('ip', key);
      const config =
        kind === 'link'
          ? (await checkout.linkAnswer(id, logger, key)).config
          : await checkout.getConfig(kind, id, logger, { client: key });
      return assertPayable(config);
    } catch (error) {
      // The page still works without the block: the checkout then reads (and shows) the error itself.
      if (!(error instanceof ApiError)) logger.warn({ err: error }, 'embed page: config not embedded');
      return undefined;
    }
  };
}

/**
 * The API's answer as JSON fit for a `<script type="application/json">` block: every `<` escaped, so no
 * text in the link's data (a title with `</script>`) can end the block; JSON.parse reads it back as `<`.
 */
export function configBlockText(config: CheckoutConfig): string {
  return JSON.stringify({ statusCode: 200, data: config }).replace(/</g, '\\u003c');
}
