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
import { clientKey } from '../http/client-ip.ts';
import { ApiError } from '../http/errors.ts';
import { chooseLanguage } from './language.ts';
import { cardSpec, type CardSpec } from './preview-card.ts';
import { drawCard, type CardDrawer } from './preview-card-draw.ts';
import { fetchLogo } from './preview-card-logo.ts';

const CARD_FILE = /^([A-Za-z0-9_-]{1,100})\.png$/;
/**
 * Cards kept, the least recently asked for going first. A card is about 30 kB; every link is asked for in
 * each language its page was shared in (six today), so 16 cards were thrashed by three links. 256 cards
 * hold some forty links in every language, and the byte bound caps the memory at 16 MB whatever the cards
 * weigh.
 */
const CACHE_CARDS = 256;
const CACHE_BYTES = 16 * 1024 * 1024;

export interface PreviewCardOptions {
  /** Draws a card; tests pass one that counts. */
  draw?: CardDrawer | undefined;
  /** This server's own answer for a path: a logo on this origin is read in-process. */
  fetchLocal: (path: string) => Promise<Response>;
}

/** A bounded map of cards being drawn or drawn, by link, language and version. */
export function cardCache(limits: { cards: number; bytes: number }) {
  const cards = new Map<string, { card: Promise<Uint8Array>; bytes: number }>();
  let total = 0;
  const forget = (key: string) => {
    total -= cards.get(key)?.bytes ?? 0;
    cards.delete(key);
  };
  return (key: string, draw: () => Promise<Uint8Array>): Promise<Uint8Array> => {
    let entry = cards.get(key);
    if (entry) cards.delete(key); // asked for again: to the back of the line
    if (!entry) {
      const drawing = { card: draw(), bytes: 0 };
      drawing.card.then(
        (png) => {
          if (cards.get(key) !== drawing) return;
          drawing.bytes = png.length;
          total += png.length;
          trim();
        },
        // A failed draw is tried again by the next request.
        () => {
          if (cards.get(key) === drawing) forget(key);
        },
      );
      entry = drawing;
    }
    cards.set(key, entry);
    trim();
    return entry.card;
  };
  function trim() {
    while (cards.size > limits.cards || (total > limits.bytes && cards.size > 1))
      forget(cards.keys().next().value!);
  }
}

export function previewCardRoutes(
  deps: Pick<AppDeps, 'publicUrl' | 'translationsDir' | 'config'>,
  checkout: Pick<CheckoutService, 'getConfig'>,
  options: PreviewCardOptions,
) {
  const translations = readTranslations(deps.translationsDir);
  const draw = options.draw ?? drawCard;
  const cached = cardCache({ cards: CACHE_CARDS, bytes: CACHE_BYTES });
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
    const config = await checkout.getConfig('link', match[1]!, c.get('logger'), {
      client: clientKey(c, deps.config),
    });
    const lang = chooseLanguage(translations, { requested: c.req.query('lang'), linkLocale: config.locale });
    const spec = cardSpec(config, lang, deps.publicUrl);
    const png = await cached(`${spec.linkId}\n${spec.language}\n${spec.version}`, () => drawn(spec)).catch(
      (error: unknown) => {
        // The drawing thread gave up on this card (see preview-card-worker.ts): a busy server, not a bad
        // request. A chat app that unfurls the link tries again; the next request draws it afresh.
        c.get('logger').warn({ err: error, linkId: spec.linkId }, 'preview card not drawn');
        throw new ApiError(
          503,
          'server_busy',
          'The preview card could not be drawn just now; try again soon',
          {
            retryAfterSeconds: 5,
          },
        );
      },
    );
    return c.body(new Uint8Array(png), 200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=3600',
      'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });
}
