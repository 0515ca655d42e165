/**
 * The Vite config of a script the server serves beside the widget's classic script and that runs after
 * it on the same page (the isolation page's frame script, the pay page's script): built into the same
 * `dist/` once the widget's own build has filled it, for the same browser floor, bundling none of the
 * widget (it reaches it through the `PayCheckout` global). Not part of the widget's size budget.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { widgetTargets } from './browser-targets.ts';
import { precompressed } from './precompress.ts';

export const sideScriptConfig = (entry: URL, name: string, fileName: string) =>
  defineConfig({
    root: fileURLToPath(new URL('../..', import.meta.url)),
    publicDir: false,
    plugins: [precompressed()],
    build: {
      outDir: 'dist',
      // The widget's build (vite.config.ts) has just filled dist/ and runs this one after it.
      emptyOutDir: false,
      target: widgetTargets(),
      minify: 'terser',
      reportCompressedSize: false,
      lib: { entry: fileURLToPath(entry), name, formats: ['iife'], fileName: () => fileName },
    },
  });
