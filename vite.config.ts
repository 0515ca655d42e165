import { defineConfig } from 'vite';
import { FLOOR_ECMA_VERSION, widgetTargets } from './widget/build/browser-targets.ts';
import { elementDefinition } from './widget/build/element-definition.ts';
import { frameScript } from './widget/build/frame-script.ts';
import { locales } from './widget/build/locales.ts';
import { minifyTemplates, shortClassNames } from './widget/build/minify-templates.ts';
import { precompressed } from './widget/build/precompress.ts';

// The two self-contained builds the backend serves under /widget/: ESM and classic script, Lit inside,
// then the isolation page's frame script beside them (widget/build/frame-script.ts).
// The package's own entry (Lit kept external, with declarations) is `tsc -p widget/tsconfig.build.json`.
export default defineConfig({
  publicDir: false,
  plugins: [
    elementDefinition(),
    minifyTemplates(),
    shortClassNames(),
    locales(),
    precompressed(),
    frameScript(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The declared browser floor (package.json `browserslist`): an older phone gets a working form, not a
    // SyntaxError and an empty box. `?.` ships as written (widgetTargets says why that is safe).
    target: widgetTargets(),
    // Terser (several passes, `String(x)` as `x+''`, arrows) ships ~200 B brotli less than Vite's default
    // minifier, and minifies the ES library output fully too (those files are served as they are).
    minify: 'terser',
    terserOptions: {
      // Terser must not bring back syntax the target lowered (`??=` from `a ?? (a = b)`).
      ecma: FLOOR_ECMA_VERSION,
      // Vite asks terser for Safari 10 workarounds unless told not to; the floor is long past Safari 10 (-9 B).
      safari10: false,
      format: { comments: false },
      // `keep_fargs: false` drops the unused trailing parameters of functions (most are Lit's empty hooks,
      // `willUpdate(t){}`): only code that reads a function's `length` could tell, and none here does (-21 B).
      compress: { passes: 3, unsafe: true, unsafe_arrows: true, unsafe_methods: true, keep_fargs: false },
      // The widget's class-private members are TypeScript `private _name`, not `#name`: the floor lowers `#name`
      // to a WeakMap and a helper call per access (~540 B brotli), while `_name` is mangled to a short
      // property. Terser never gives one a name another property in the bundle uses (Lit's own are `_$x`).
      mangle: { properties: { regex: /^_[a-z]/ } },
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
