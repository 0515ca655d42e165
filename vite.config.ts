import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { defineConfig, type Plugin } from 'vite';
import { precompressed } from './widget/build/precompress.ts';

const minifyCss = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}');

/**
 * Collapses the formatting whitespace of one `html` template, given as its strings (the text between
 * its expressions), in order, because a tag can span several. Inside a tag, a run of whitespace
 * separates attributes: one space (none before `>`; in a quoted value, one for a line break). Between nodes, a run that holds a line break is
 * indentation, as in JSX: dropped (a space typed on one line, as in `html\` <span>\``, stays).
 */
function minifyHtml(strings: string[]): string[] {
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

/**
 * Collapses the indentation inside the widget's `html` and `css` templates (Lit parses them at run
 * time, so their whitespace ships to every payer). Found with TypeScript's parser, never by regex.
 */
const minifyTemplates = (): Plugin => ({
  name: 'pay-checkout-minify-templates',
  transform(code, id) {
    if (!/\/widget\/.*\.ts$/.test(id)) return;
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
    for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0]))
      result = result.slice(0, start) + text + result.slice(end);
    return { code: result, map: null };
  },
});

/**
 * Drops what Lit's production build still carries for other setups than ours: its version beacons
 * (read only by Lit's dev build, to warn of two copies), its hooks for the ShadyDOM polyfills (browsers
 * older than the es2022 this build targets), its hook for hydrating server-rendered elements (a page that
 * server-renders `<pay-checkout>` bundles the package, whose Lit is its own, not these script builds),
 * the wrapping of `svg` and `mathml` templates (the widget writes `html` ones only, and these builds
 * export no template tag), the property metadata that only decorators write (the widget has none:
 * `static properties`) and three developer error texts (the errors still throw).
 * Each edit must match exactly once, so a Lit upgrade that moves the code fails the build instead of
 * shipping the bytes silently.
 */
const trimLit = (): Plugin => {
  const edits: [RegExp, string, string][] = [
    [/&&\(void 0===\w+\.ShadyCSS\|\|\w+\.ShadyCSS\.nativeShadow\)/, '', 'css-tag.js'],
    [/throw Error\("CSSResult is not constructable[^"]*"\)/, 'throw Error("CSSResult")', 'css-tag.js'],
    [/throw Error\("Value passed to 'css' function[^"]*"\+(\w+)\+"[^"]*"\)/, 'throw Error($1)', 'css-tag.js'],
    [
      /,\w+\?\.\(\{ReactiveElement:\w+\}\),\(\w+\.reactiveElementVersions\?\?=\[\]\)\.push\("[\d.]+"\)/,
      '',
      'reactive-element.js',
    ],
    [/,(\w+)=\w+\.reactiveElementPolyfillSupport/, ',$1=void 0', 'reactive-element.js'],
    [
      /;Symbol\.metadata\?\?=Symbol\("metadata"\),\w+\.litPropertyMetadata\?\?=new WeakMap;/,
      ';',
      'reactive-element.js',
    ],
    [
      /const (\w+)=this\[Symbol\.metadata\];if\(null!==\1\)\{const (\w+)=litPropertyMetadata\.get\(\1\);if\(void 0!==\2\)for\(const\[\w+,\w+\]of \2\)this\.elementProperties\.set\(\w+,\w+\)\}/,
      '',
      'reactive-element.js',
    ],
    [/throw Error\("invalid template strings array"\)/, 'throw Error("strings")', 'lit-html.js'],
    [/=2===(\w+)\?"<svg>":3===\1\?"<math>":""/, '=""', 'lit-html.js'],
    [/\+\(2===(\w+)\?"<\/svg>":3===\1\?"<\/math>":""\)/, '', 'lit-html.js'],
    [
      /if\((this\.el=\w+\.createElement\(\w+,\w+\),\w+\.currentNode=this\.el\.content),2===\w+\|\|3===\w+\)\{const (\w+)=this\.el\.content\.firstChild;\2\.replaceWith\(\.\.\.\2\.childNodes\)\}/,
      '$1;',
      'lit-html.js',
    ],
    [
      /,\w+=\w+\.litHtmlPolyfillSupport;\w+\?\.\(\w+,\w+\),\(\w+\.litHtmlVersions\?\?=\[\]\)\.push\("[\d.]+"\);/,
      ';',
      'lit-html.js',
    ],
    [/,\w+\.litElementHydrateSupport\?\.\(\{LitElement:\w+\}\)/, '', 'lit-element.js'],
    [/const (\w+)=\w+\.litElementPolyfillSupport;\1\?\.\(\{LitElement:\w+\}\);/, '', 'lit-element.js'],
    [/\(\w+\.litElementVersions\?\?=\[\]\)\.push\("[\d.]+"\);/, '', 'lit-element.js'],
  ];
  return {
    name: 'pay-checkout-trim-lit',
    transform(code, id) {
      const file = /node_modules\/(?:@lit\/reactive-element|lit-html|lit-element)\/([\w-]+\.js)$/.exec(
        id,
      )?.[1];
      if (!file) return;
      let result = code;
      for (const [pattern, replacement, target] of edits) {
        if (target !== file) continue;
        const matches = result.match(new RegExp(pattern, 'g'))?.length ?? 0;
        if (matches !== 1) this.error(`trim-lit: ${pattern} matches ${matches} times in ${file}`);
        result = result.replace(pattern, replacement);
      }
      return result === code ? undefined : { code: result, map: null };
    },
  };
};

/** Other languages ship as data beside the build: an IIFE cannot code-split, so they are fetched as JSON. */
const locales = (): Plugin => ({
  name: 'pay-checkout-locales',
  generateBundle() {
    for (const language of ['fr']) {
      const messages: unknown = JSON.parse(readFileSync(`widget/i18n/${language}.json`, 'utf8'));
      this.emitFile({
        type: 'asset',
        fileName: `locales/${language}.json`,
        source: JSON.stringify(messages),
      });
    }
  },
});

// The two self-contained builds the backend serves under /widget/: ESM and classic script, Lit inside.
// The package's own entry (Lit kept external, with declarations) is `tsc -p widget/tsconfig.build.json`.
export default defineConfig({
  publicDir: false,
  plugins: [minifyTemplates(), trimLit(), locales(), precompressed()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Terser (several passes, `String(x)` as `x+''`, arrows) ships ~200 B brotli less than Vite's default
    // minifier, and minifies the ES library output fully too (those files are served as they are).
    minify: 'terser',
    terserOptions: {
      ecma: 2022,
      format: { comments: false },
      compress: { passes: 3, unsafe: true, unsafe_arrows: true, unsafe_methods: true },
      // The element's two internal reactive properties (no attribute, read by nothing outside the class).
      mangle: { properties: { regex: /^_(state|messages)$/ } },
    },
    reportCompressedSize: false,
    // In the classic-script build `import.meta.url` is unused: `document.currentScript` names the file.
    // No `Symbol.toStringTag` on the classic script's `PayCheckout` namespace object: nothing reads it.
    rolldownOptions: { checks: { emptyImportMeta: false }, output: { generatedCode: { symbols: false } } },
    lib: {
      entry: 'widget/embed.ts',
      name: 'PayCheckout',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'pay-checkout.js' : 'pay-checkout.iife.js'),
    },
  },
});
