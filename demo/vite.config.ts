// The demo's own apps, bundled as a merchant's SPA would be: the SPA (/spa), the integration
// playground (/playground) and the merchant console (/console). `pay-checkout` resolves through the
// workspace to the package build (widget/dist, made by the steps of `npm run build` before this one).
// Output: demo/dist/<page>/index.html and hashed files under demo/dist/assets/, served by demo/server.ts
// at /demo/app/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { floorTargets } from '../widget/build/browser-targets.ts';
import { precompressed } from '../widget/build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/demo/app/',
  // demo/public holds the script-tag pages, served as they are: nothing to copy.
  publicDir: false,
  // Brotli and gzip copies beside each built file, sent by demo/server.ts as the browser accepts.
  plugins: [precompressed()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The browser floor, as the widget's own build: the merchant console runs on the same phones.
    target: floorTargets(),
    reportCompressedSize: false,
    // No inline assets: the pages run under `default-src 'self'` (no data: fonts or scripts).
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        spa: fileURLToPath(new URL('./spa/index.html', import.meta.url)),
        playground: fileURLToPath(new URL('./playground/index.html', import.meta.url)),
        console: fileURLToPath(new URL('./console/index.html', import.meta.url)),
      },
    },
  },
});
