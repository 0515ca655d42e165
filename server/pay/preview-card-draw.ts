/**
 * A link's preview card drawn as a 1200x630 PNG: laid out here as satori's element tree, drawn in the
 * card thread (preview-card-worker.ts), where satori turns it into SVG (its text as paths, in Noto Sans,
 * whose Latin Extended and Vietnamese subsets hold Hausa's ɓ ɗ ƙ, Yoruba's ẹ ọ ṣ with their tone marks,
 * Wolof's ë ñ and ₦) and resvg rasterizes it, a merchant's SVG logo included: the card holds only
 * pixels, which is what chat apps show.
 */
import { drawInWorker, FONT_SUBSETS } from './preview-card-worker.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface CardLogo {
  type: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  bytes: Uint8Array;
}

/** What a card shows; all text already in the card's language. */
export interface CardContent {
  language: string;
  title: string;
  /** Above the amount ("Amount to pay"), or why the link cannot be paid (then with no amount). */
  label: string;
  /** The fixed amount, or the allowed range of a typed one; none on a link that cannot be paid. */
  amount?: string;
  /** Where the card's link leads: this server's host. */
  host: string;
  logo?: CardLogo;
}

export type CardDrawer = (content: CardContent) => Promise<Uint8Array>;

const FAMILIES = Object.values(FONT_SUBSETS).join(', ');
const LOGO_SIZE = 144;
const TITLE_CHARACTERS = 90;

interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: (Node | string)[] | string; [name: string]: unknown };
}
const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, children },
});

/** A logo, or the title's first letter in a badge for a link without one. */
function badge(title: string, logo: string | undefined): Node {
  const frame = { width: LOGO_SIZE, height: LOGO_SIZE, borderRadius: 28 };
  if (logo) return { type: 'img', props: { src: logo, width: LOGO_SIZE, height: LOGO_SIZE, style: frame } };
  const letter = [...title.trim()][0]?.toUpperCase() ?? '·';
  return el(
    'div',
    {
      ...frame,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      background: '#0b57d0',
      color: '#fff',
      fontSize: 80,
      fontWeight: 700,
    },
    letter,
  );
}

const shortened = (text: string) => {
  const characters = [...text];
  return characters.length > TITLE_CHARACTERS
    ? `${characters.slice(0, TITLE_CHARACTERS - 1).join('')}…`
    : text;
};

function card(content: CardContent, logo: string | undefined): Node {
  return el(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      boxSizing: 'border-box',
      padding: '64px 72px',
      background: '#ffffff',
      borderLeft: '24px solid #0b57d0',
      color: '#1a1a1a',
      fontFamily: FAMILIES,
    },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 40 }, [
        badge(content.title, logo),
        el(
          'div',
          { display: 'flex', flex: 1, fontSize: 56, fontWeight: 700, lineHeight: 1.2 },
          shortened(content.title),
        ),
      ]),
      el('div', { display: 'flex', flexDirection: 'column' }, [
        el('div', { display: 'flex', fontSize: 36, color: '#5c5c5c' }, content.label),
        ...(content.amount
          ? [
              el(
                'div',
                // A range of a typed amount is a sentence: smaller, so it stays under the title.
                { display: 'flex', fontSize: content.amount.length > 18 ? 44 : 76, fontWeight: 700 },
                content.amount,
              ),
            ]
          : []),
      ]),
      el('div', { display: 'flex', fontSize: 30, color: '#5c5c5c' }, content.host),
    ],
  );
}

export const drawCard: CardDrawer = (content) => {
  const layout = (logo: string | undefined) => ({
    tree: card(content, logo),
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
  });
  const logo =
    content.logo && `data:${content.logo.type};base64,${Buffer.from(content.logo.bytes).toString('base64')}`;
  return drawInWorker(layout(logo), layout(undefined));
};
