/**
 * Server-rendered HTML as strings: every value interpolated into `html` is escaped, unless it is itself
 * `Html` made here. Link titles, descriptions, field labels and the payer's answers are data from
 * merchants and payers, so nothing reaches the page as markup by accident.
 */

/** Markup made by `html` (or `raw`): interpolated as it is. */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an element's content and for a quoted attribute alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

type Part = Html | string | number | false | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === false || part === null || part === undefined) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new Html(out);
}

/** Markup this module did not make: only for text already escaped or built from constants. */
export const raw = (text: string) => new Html(text);
