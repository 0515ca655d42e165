// Stylelint: every stylesheet that ships to a browser, checked against the browser floor (package.json's
// `browserslist`, the list the widget's build and the ESLint config read). `npm run lint` runs it through
// widget/build/lint-styles.ts, which also feeds it the pay page's and the receipt's stylesheets (strings
// in the server's code) and the widget's Lit `css` templates (postcss-lit).
import { createRequire } from 'node:module';

const { browserslist } = createRequire(import.meta.url)('./package.json');

/**
 * Features caniuse marks missing or partial somewhere on the floor that we use knowingly, each for a
 * reason that holds in every floor browser. Anything else it flags is fixed or given a fallback.
 */
const ACCEPTED = [
  // Progressive enhancement: without it (Chrome 80-85, iOS 15.0-15.3) the browser's own focus ring shows.
  'css-focus-visible',
  // Progressive enhancement: the chosen payment option's border; its radio button shows the choice anyway.
  'css-has',
  // A font stack's first choice (`ui-monospace`, `system-ui`); the names after it serve where it is missing.
  'extended-system-fonts',
  'font-family-system-ui',
  // Only `resize: vertical` on a textarea: iOS has no resize handle, and nothing needs one there.
  'css-resize',
  // Partial means `overflow: clip` and two-value `overflow`; we write one keyword that all floor browsers know.
  'css-overflow',
  // Partial means SVG references and masks; we clip with `inset()` only (visually hidden text).
  'css-clip-path',
  'css-masks',
  // caniuse files grid `column-gap` under multi-column layout, which we do not use.
  'multicolumn',
  // Partial before Chrome 87 means the block-direction properties (`margin-block`); it flags `text-align:
  // end`, which every browser has had for a decade.
  'css-logical-props',
  // Partial for the accessibility of a button or table given `display: contents`; we give it to a form
  // only (the receipt's), whose button keeps its own.
  'css-display-contents',
  // The receipt's `@page` size and margins for printing: iOS prints with its own, the receipt still whole.
  'css-paged-media',
];

export default {
  plugins: ['stylelint-no-unsupported-browser-features'],
  rules: {
    'plugin/no-unsupported-browser-features': [
      true,
      { browsers: browserslist, ignore: ACCEPTED, severity: 'error' },
    ],
  },
  // The widget's styles are Lit `css` templates in TypeScript.
  overrides: [{ files: ['**/*.ts'], customSyntax: 'postcss-lit' }],
  reportNeedlessDisables: true,
  reportDescriptionlessDisables: true,
};
