// The isolation page's frame script (widget/isolation/frame.ts), built beside the widget in `dist/` by
// the widget's own build (widget/build/frame-script.ts), and served as /widget/pay-checkout-frame.js. It runs after the widget's classic script on the same page,
// so it bundles none of the widget: only its own few lines. Not part of the widget's size budget.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { floorTargets } from '../build/browser-targets.ts';
import { precompressed } from '../build/precompress.ts';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  publicDir: false,
  plugins: [precompressed()],
  build: {
    outDir: 'dist',
    // The widget's build (vite.config.ts) has just filled dist/ and runs this one after it.
    emptyOutDir: false,
    // The same browser floor as the widget's classic script, which it runs beside.
    target: floorTargets(),
    minify: 'terser',
    reportCompressedSize: false,
    lib: {
      entry: fileURLToPath(new URL('./frame.ts', import.meta.url)),
      name: 'PayCheckoutFrame',
      formats: ['iife'],
      fileName: () => 'pay-checkout-frame.js',
    },
  },
});
