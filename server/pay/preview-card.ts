/**
 * What a link's preview card shows, and its address: `/pay/card/<linkId>.png?lang=<language>&v=<version>`,
 * the version a hash of everything the card is drawn from, so a chat app that keeps images by URL fetches
 * a new card once the link's title, amount, logo or state changes. The pay page names it in its
 * `og:image`; the card's route (preview-card-routes.ts) draws it.
 */
import { createHash } from 'node:crypto';
import type { CheckoutConfig } from '../../widget/shared/contract.ts';
import { amountHint } from '../../widget/shared/messages.ts';
import { formatMoney } from '../../widget/shared/format.ts';
import { unavailability } from '../checkout/availability.ts';
import type { PageLanguage } from './language.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from './preview-card-draw.ts';
import { UNPAYABLE_MESSAGES } from './unpayable-messages.ts';

/** The card's size and type, for `og:image:width`, `og:image:height` and `og:image:type`. */
export const CARD_IMAGE = { width: CARD_WIDTH, height: CARD_HEIGHT, type: 'image/png' } as const;

export interface CardSpec {
  linkId: string;
  language: string;
  content: Omit<CardContent, 'logo'>;
  /** The merchant's logo as the link gives it (fetched only when the card is drawn). */
  logoUrl: string | undefined;
  version: string;
}

export function cardSpec(config: CheckoutConfig, lang: PageLanguage, publicUrl: string): CardSpec {
  const money = (minor: number) => formatMoney(minor, config.currency, config.currencyExponent, lang.locale);
  const reason = unavailability(config);
  const { fixed } = config.amount;
  // A link that cannot be paid shows why, and no price.
  const [label, amount] = reason
    ? [UNPAYABLE_MESSAGES[lang.language].reasons[reason].title, undefined]
    : fixed !== null
      ? [lang.messages.amountToPay, money(fixed)]
      : [lang.messages.amount, amountHint(lang.messages, config.amount, money) || undefined];
  const content: CardSpec['content'] = {
    language: lang.language,
    title: config.title,
    label,
    host: new URL(publicUrl).host,
    ...(amount ? { amount } : {}),
  };
  const logoUrl = config.logo;
  const version = createHash('sha256')
    .update(JSON.stringify([content, logoUrl ?? null]))
    .digest('base64url')
    .slice(0, 16);
  return { linkId: config.id, language: lang.language, content, logoUrl, version };
}

export const cardPath = (spec: CardSpec) =>
  `/pay/card/${encodeURIComponent(spec.linkId)}.png?lang=${spec.language}&v=${spec.version}`;
