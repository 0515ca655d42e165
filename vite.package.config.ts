import { defineConfig, type Plugin } from 'vite';
import { widgetTargets } from './widget/build/browser-targets.ts';
import { elementDefinition } from './widget/build/element-definition.ts';
import { minifyTemplates, shortClassNames } from './widget/build/minify-templates.ts';
import { packageTerserOptions } from './widget/build/terser-options.ts';

// The package's entries (`npm pack` of widget/): `pay-checkout` and `pay-checkout/react`, Lit and React
// kept external, minified as the self-contained builds are (vite.config.ts), so the widget costs an app
// bundled from npm what the classic script costs a page (`npm run bench`). The declarations come from
// `tsc -p widget/tsconfig.build.json` beside them.
/**
 * `pay-checkout/react` imports the package's own entry (`./index.js`) rather than a copy or a shared chunk:
 * the element is defined once, by the file `sideEffects` names, and the widget's code is one chunk (its
 * private members mangled once, the same in every file that uses them).
 */
const reactImportsEntry = (): Plugin => ({
  name: 'pay-checkout-react-imports-entry',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './index.ts' && importer?.endsWith('/widget/react.ts'))
      return { id: './index.js', external: true };
    return null;
  },
});

export default defineConfig({
  publicDir: false,
  plugins: [elementDefinition(), minifyTemplates(), shortClassNames(), reactImportsEntry()],
  build: {
    outDir: 'widget/dist',
    emptyOutDir: true,
    // The floor's, as the self-contained builds: a merchant's bundler need not lower the widget for it.
    target: widgetTargets(),
    minify: 'terser',
    terserOptions: packageTerserOptions,
    // A merchant's debugger and error reports map the minified entries back to the widget's sources.
    sourcemap: true,
    reportCompressedSize: false,
    lib: {
      entry: { index: 'widget/index.ts', react: 'widget/react.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
    rolldownOptions: {
      external: [/^lit(\/|$)/, /^@lit\//, 'react'],
      // The bundler drops a module's directives; `pay-checkout/react` must stay a client module.
      output: { banner: (chunk) => (chunk.name === 'react' ? "'use client';" : '') },
    },
  },
});
