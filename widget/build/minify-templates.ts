import ts from 'typescript';
import type { Plugin } from 'vite';
import { minifyCss, minifyHtml } from './minify-text.ts';

/** The widget's own modules; Lit's templates (none) and other packages' code are left as they are. */
const WIDGET_MODULE = /\/widget\/.*\.ts$/;

/**
 * Collapses the indentation inside the widget's `html` and `css` templates. The templates are found
 * with TypeScript's parser, never by regex, so a backtick in a string or a comment cannot fool it.
 */
export const minifyTemplates = (): Plugin => ({
  name: 'pay-checkout-minify-templates',
  transform(code, id) {
    if (!WIDGET_MODULE.test(id)) return;
    const source = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true);
    const edits: [number, number, string][] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isTaggedTemplateExpression(node) &&
        ts.isIdentifier(node.tag) &&
        /^(html|css)$/.test(node.tag.text)
      ) {
        const template = node.template;
        const parts = ts.isNoSubstitutionTemplateLiteral(template)
          ? [template]
          : [template.head, ...template.templateSpans.map((span) => span.literal)];
        // Each part's text without its delimiters: "`" or "}" before, "`" or "${" after.
        const ranges = parts.map((part): [number, number] => [
          part.getStart(source) + 1,
          part.end - (ts.isTemplateTail(part) || ts.isNoSubstitutionTemplateLiteral(part) ? 1 : 2),
        ]);
        const texts = ranges.map(([start, end]) => code.slice(start, end));
        const minified = node.tag.text === 'css' ? texts.map(minifyCss) : minifyHtml(texts);
        ranges.forEach(([start, end], index) => edits.push([start, end, minified[index]!]));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    let result = code;
    // From the end backwards, so the offsets of the edits still to make stay true.
    for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0]))
      result = result.slice(0, start) + text + result.slice(end);
    return { code: result, map: null };
  },
});

/** A class name of the widget's own: `pay__` and words joined by `-` or `--` (BEM). */
const CLASS_NAME = /pay__[\w-]+/g;
/** A custom property of the widget's own styles (the public ones are `--pay-*`): `--_primary`. */
const OWN_PROPERTY = /--_[\w-]+/g;
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const shortName = (index: number): string =>
  (index < LETTERS.length ? '' : shortName(Math.floor(index / LETTERS.length) - 1)) +
  LETTERS[index % LETTERS.length];

/** Each name `pattern` finds in `code` gets `prefix` and one or two letters, the most used first. */
function shorten(code: string, pattern: RegExp, prefix: string): string {
  const uses = new Map<string, number>();
  for (const [name] of code.matchAll(pattern)) {
    if (/[-_]$/.test(name)) throw new Error(`${name}… is a name completed at run time: spell it whole`);
    uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  const names = [...uses.keys()].sort((a, b) => uses.get(b)! - uses.get(a)! || (a < b ? -1 : 1));
  const short = new Map(names.map((name, index) => [name, prefix + shortName(index)]));
  return code.replace(pattern, (name) => short.get(name)!);
}

/**
 * Gives each `pay__*` class name of a built chunk a name of one or two letters, and each of the styles'
 * own custom properties (`--_primary`) one of `--_` and one or two letters, the most used first, the
 * same in the templates, the styles and the selectors the code queries. The class names only meet in
 * the element's shadow root, whose styles no page reaches (pages style `::part`s and set `--pay-*`
 * properties, whose names stay), and the `.pay` card sets every one of its own properties, so the long
 * names are for reading the source, and they cost bytes in the bundle (`npm run bench`, its
 * `widget IIFE, brotli q11` line). In built code these names only
 * appear inside strings and templates, never as names of the code, so they can be found as text. A name
 * ending in `-` or `_` is one completed at run time (`pay__step--${tone}`): it could not be renamed, so
 * the build fails and asks for the whole name.
 */
export const shortenClassNames = (code: string): string =>
  shorten(shorten(code, CLASS_NAME, ''), OWN_PROPERTY, '--_');

/** The built chunks' class names and own custom properties, shortened (see `shortenClassNames`); Lit has none. */
export const shortClassNames = (): Plugin => ({
  name: 'pay-checkout-short-class-names',
  renderChunk: (code) => (code.includes('pay__') ? { code: shortenClassNames(code), map: null } : null),
});
