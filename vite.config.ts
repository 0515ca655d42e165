import { defineConfig } from 'vite';
import { widgetTargets } from './widget/build/browser-targets.ts';
import { elementDefinition } from './widget/build/element-definition.ts';
import { frameScript } from './widget/build/frame-script.ts';
import { locales } from './widget/build/locales.ts';
import { minifyTemplates, shortClassNames } from './widget/build/minify-templates.ts';
import { precompressed } from './widget/build/precompress.ts';
import { terserOptions } from './widget/build/terser-options.ts';

// The two self-contained builds the backend serves under /widget/: ESM and classic script, Lit inside,
// then the isolation page's frame script beside them (widget/build/frame-script.ts).
// The package's entries (Lit kept external, minified the same way) are vite.package.config.ts's.
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
    // Terser, as every minified build of the widget (widget/build/terser-options.ts says why each option).
    minify: 'terser',
    terserOptions,
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
