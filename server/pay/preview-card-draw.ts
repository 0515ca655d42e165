/**
 * A link's preview card drawn as a 1200x630 PNG: satori lays the card out as SVG (its text as paths, in
 * Noto Sans, whose Latin Extended and Vietnamese subsets hold Hausa's ɓ ɗ ƙ, Yoruba's ẹ ọ ṣ with their
 * tone marks and Wolof's ë ñ), then resvg rasterizes it. A merchant's SVG logo is rasterized first, so
 * the card holds only pixels, which is what chat apps show.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

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

/** Each subset under a family name of its own: satori looks a missing glyph up family by family. */
const SUBSETS = { latin: 'Noto Sans', 'latin-ext': 'Noto Sans Ext', vietnamese: 'Noto Sans Viet' } as const;
const FAMILIES = Object.values(SUBSETS).join(', ');
const WEIGHTS = [400, 700] as const;
const LOGO_SIZE = 144;
const TITLE_CHARACTERS = 90;

type Satori = typeof import('satori').default;
type ResvgClass = typeof import('@resvg/resvg-js').Resvg;
interface Tools {
  satori: Satori;
  Resvg: ResvgClass;
  fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[];
}

let tools: Promise<Tools> | undefined;

/**
 * satori, resvg's native binding and six font files (about 210 kB) are loaded by the first card drawn,
 * not at start: the server's start memory is tight (docs/performance.md), and most processes draw few.
 */
function loadTools(): Promise<Tools> {
  tools ??= (async () => {
    const require = createRequire(import.meta.url);
    const fontFile = (subset: string, weight: number) =>
      require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`);
    const [satori, resvg, ...fonts] = await Promise.all([
      import('satori'),
      import('@resvg/resvg-js'),
      ...Object.entries(SUBSETS).flatMap(([subset, name]) =>
        WEIGHTS.map(async (weight) => ({
          name,
          data: await readFile(fontFile(subset, weight)),
          weight,
          style: 'normal' as const,
        })),
      ),
    ]);
    return { satori: satori.default, Resvg: resvg.Resvg, fonts };
  })();
  tools.catch(() => {
    tools = undefined; // a failed load is tried again by the next card
  });
  return tools;
}

/** The logo as a PNG or JPEG data URL; an SVG one rasterized first. Undefined when it cannot be read. */
function logoSource({ Resvg }: Tools, logo: CardLogo): string | undefined {
  try {
    if (logo.type !== 'image/svg+xml')
      return `data:${logo.type};base64,${Buffer.from(logo.bytes).toString('base64')}`;
    const png = new Resvg(Buffer.from(logo.bytes), {
      fitTo: { mode: 'width', value: LOGO_SIZE * 2 },
      font: { loadSystemFonts: false },
    })
      .render()
      .asPng();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return undefined;
  }
}

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

export const drawCard: CardDrawer = async (content) => {
  const loaded = await loadTools();
  const logo = content.logo && logoSource(loaded, content.logo);
  const svg = await loaded.satori(card(content, logo) as Parameters<Satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loaded.fonts,
  });
  const png = new loaded.Resvg(svg, { font: { loadSystemFonts: false } }).render().asPng();
  return new Uint8Array(png);
};
