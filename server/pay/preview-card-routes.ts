/**
 * Preview cards of payment links, mounted at /pay/card: `GET /<linkId>.png?lang=<language>` answers the
 * card of the link as it is now (see preview-card.ts), in that language, else the link's own. Drawn once
 * per link version and language and kept in a small in-memory cache; cached by browsers and chat apps as
 * the link's QR codes are (an hour: the page's `og:image` names the version, so a changed link is
 * fetched anew). Only a link the provider knows gets one; a checkout session, whose id is its secret,
 * gets none, nor does a receipt.
 */
import type { Context } from 'hono';
import type { CheckoutService } from '../checkout/service.ts';
import { readTranslations } from '../checkout/translations.ts';
import { factory, type AppDeps } from '../env.ts';
import { ApiError } from '../http/errors.ts';
import { chooseLanguage } from './language.ts';
import { cardSpec, type CardSpec } from './preview-card.ts';
import { drawCard, type CardDrawer } from './preview-card-draw.ts';
import { fetchLogo } from './preview-card-logo.ts';

const CARD_FILE = /^([A-Za-z0-9_-]{1,100})\.png$/;
/** Cards kept: a few hundred kB at about 30 kB each; the least recently asked for goes first. */
const CACHE_LIMIT = 16;

export interface PreviewCardOptions {
  /** Draws a card; tests pass one that counts. */
  draw?: CardDrawer | undefined;
  /** This server's own answer for a path: a logo on this origin is read in-process. */
  fetchLocal: (path: string) => Promise<Response>;
}

/** A bounded map of cards being drawn or drawn, by link, language and version. */
function cardCache(limit: number) {
  const cards = new Map<string, Promise<Uint8Array>>();
  return (key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> => {
    let card = cards.get(key);
    if (card) cards.delete(key); // asked for again: to the back of the line
    card ??= draw();
    cards.set(key, card);
    // A failed draw is tried again by the next request.
    card.catch(() => {
      if (cards.get(key) === card) cards.delete(key);
    });
    while (cards.size > limit) cards.delete(cards.keys().next().value!);
    return card;
  };
}

export function previewCardRoutes(
  deps: Pick<AppDeps, 'publicUrl' | 'translationsDir'>,
  checkout: Pick<CheckoutService, 'getConfig'>,
  options: PreviewCardOptions,
) {
  const translations = readTranslations(deps.translationsDir);
  const draw = options.draw ?? drawCard;
  const cached = cardCache(CACHE_LIMIT);
  const ownOrigin = new URL(deps.publicUrl).origin;

  async function drawn(spec: CardSpec): Promise<Uint8Array> {
    const logo = spec.logoUrl
      ? await fetchLogo(spec.logoUrl, { ownOrigin, fetchLocal: options.fetchLocal })
      : undefined;
    return draw({ ...spec.content, ...(logo ? { logo } : {}) });
  }

  return factory.createApp().get('/:file', async (c: Context) => {
    const match = CARD_FILE.exec(c.req.param('file') ?? '');
    if (!match) throw new ApiError(404, 'not_found', 'No preview card here: ask for /pay/card/<linkId>.png');
    // Unknown links are a 404 (not_found), as the link's own API read answers.
    const config = await checkout.getConfig('link', match[1]!, c.get('logger'));
    const lang = chooseLanguage(translations, { requested: c.req.query('lang'), linkLocale: config.locale });
    const spec = cardSpec(config, lang, deps.publicUrl);
    const png = await cached(`${spec.linkId}\n${spec.language}\n${spec.version}`, () => drawn(spec));
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });
}
