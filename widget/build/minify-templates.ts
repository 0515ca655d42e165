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
