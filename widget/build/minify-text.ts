/**
 * Whitespace removal for the text of the widget's `css` and `html` templates. Lit parses that text at
 * run time, so every indentation byte would ship to every payer; these functions keep what the browser
 * reads and drop the formatting.
 */

/** A `css` template's text without comments and formatting whitespace. */
export const minifyCss = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}');

/**
 * Collapses the formatting whitespace of one `html` template, given as its strings (the text between
 * its expressions), in order, because a tag can span several. Inside a tag, a run of whitespace
 * separates attributes: one space (none before `>`; in a quoted value, one for a line break). Between
 * nodes, a run that holds a line break is indentation, as in JSX: dropped (a space typed on one line, as
 * in `html\` <span>\``, stays).
 */
export function minifyHtml(strings: string[]): string[] {
  let inTag = false;
  let quote = '';
  return strings.map((text) => {
    let out = '';
    for (let i = 0; i < text.length; i++) {
      const char = text[i]!;
      if (/\s/.test(char)) {
        const end = text.slice(i).search(/\S|$/) + i;
        const run = text.slice(i, end);
        if (quote) out += run.includes('\n') ? ' ' : run;
        else if (inTag) out += text[end] === '>' ? '' : ' ';
        else out += run.includes('\n') ? '' : run;
        i = end - 1;
        continue;
      }
      if (quote) {
        if (char === quote) quote = '';
      } else if (inTag && (char === '"' || char === "'")) quote = char;
      else if (inTag && char === '>') inTag = false;
      else if (!inTag && char === '<' && /[a-z/]/i.test(text[i + 1] ?? '')) inTag = true;
      out += char;
    }
    return out;
  });
}
