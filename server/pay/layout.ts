/**
 * The pay page's document: one HTML file holding its stylesheet, no script, the link's preview tags for
 * chat apps, and the language switch as plain links.
 */
import { html, raw, type Html } from './html.ts';
import { LANGUAGES, type Language } from './language.ts';
import { STYLESHEET } from './stylesheet.ts';

/**
 * What a chat app shows when the link is shared: Open Graph tags, and X's card type. X reads its title,
 * description and image from the Open Graph tags when its own are absent, so they are not repeated (19 B
 * of brotli in front of the Pay button: repeats compress well, but the tags stood for nothing).
 */
interface Preview {
  title: string;
  description: string;
  /** The link's preview card (absolute URL, size and type). */
  image?: { url: string; width: number; height: number; type: string };
  /** The page's own absolute URL. */
  url: string;
  /** Fixed amount, in major units as a decimal text, with its currency. */
  price?: { amount: string; currency: string };
}

export interface PageParts {
  title: string;
  language: Language;
  body: Html;
  preview?: Preview;
  /** The current page's path and query without `lang`, for the language switch; none hides it. */
  switchPath?: string;
  switchLabel: string;
  /** Scripts after the page's content: the widget that takes a fresh form over, with JavaScript on. */
  scripts?: Html;
}

function previewTags(preview: Preview): Html {
  return html`<meta name="description" content="${preview.description}" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="${preview.title}" />
    <meta property="og:description" content="${preview.description}" />
    <meta property="og:url" content="${preview.url}" />
    ${
      preview.image
        ? html`<meta property="og:image" content="${preview.image.url}" />
            <meta property="og:image:width" content="${preview.image.width}" />
            <meta property="og:image:height" content="${preview.image.height}" />
            <meta property="og:image:type" content="${preview.image.type}" />`
        : ''
    }
    ${
      preview.price
        ? html`<meta property="product:price:amount" content="${preview.price.amount}" />
            <meta property="product:price:currency" content="${preview.price.currency}" />`
        : ''
    }
    <meta name="twitter:card" content="${preview.image ? 'summary_large_image' : 'summary'}" /> `;
}

function languageSwitch(path: string, current: Language, label: string): Html {
  const join = path.includes('?') ? '&' : '?';
  // A space after each link, for text browsers (lynx): the nav is a flex container, which does not draw it.
  return html`<nav aria-label="${label}">
    ${Object.entries(LANGUAGES).map(([code, name]) =>
      code === current
        ? html`<a lang="${code}" aria-current="true">${name}</a> `
        : html`<a lang="${code}" hreflang="${code}" href="${`${path}${join}lang=${code}`}">${name}</a> `,
    )}
  </nav>`;
}

/**
 * The `<style>` element, its text exactly the hashed rules: a space or line break inside it (as a
 * formatter would add in the page's template) changes the hash, and the browser drops the whole sheet.
 */
const STYLE_ELEMENT = raw(`<style>${STYLESHEET.css}</style>`);

export function page(parts: PageParts): string {
  return `<!doctype html>${html`<html lang="${parts.language}">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width,initial-scale=1" />
      <title>${parts.title}</title>
      ${STYLE_ELEMENT} ${parts.preview ? previewTags(parts.preview) : ''}
    </head>
    <body>
      <main>
        ${parts.body}
        ${parts.switchPath === undefined ? '' : languageSwitch(parts.switchPath, parts.language, parts.switchLabel)}
      </main>
      ${parts.scripts}
    </body>
  </html> `}`;
}

/**
 * The page's policy: nothing runs, no style but the page's own `<style>` (by its hash), images only from
 * this origin (also as data: URLs), no frame. Forms post here; `form-action` is left out because a
 * browser applies it to the redirect that follows a post, which goes to the provider's page on its own
 * origin.
 */
export const PAGE_CSP = `default-src 'none'; style-src ${STYLESHEET.source}; img-src 'self' data:; base-uri 'none'; frame-ancestors 'none'`;

/**
 * A fresh form's policy: scripts and requests of this origin only, for the widget that takes the form over
 * with JavaScript on. No inline script: the config block is data (`application/json`), never run.
 */
export const UPGRADABLE_PAGE_CSP = `${PAGE_CSP}; script-src 'self'; connect-src 'self'`;
