/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file a build emits, so the server
 * (server/http/build-files.ts) sends the smallest copy the browser accepts without compressing on every
 * request, and at the strongest settings, which are too slow to run per request. A copy that would not be
 * smaller than the file is not written.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Text that compresses: scripts, styles, data, SVG. Images and fonts are compressed already; HTML pages
 * are read and sent by the server's own routes, which compress them as they send them.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|txt)$/;

export interface Compressed {
  file: string;
  bytes: number;
  brotli?: number;
  gzip?: number;
}

/** Compresses `files` (paths inside `directory`) and answers the sizes written. */
export function precompress(directory: string, files: string[]): Compressed[] {
  return files
    .filter((file) => COMPRESSIBLE.test(file))
    .map((file) => {
      const path = join(directory, file);
      const content = readFileSync(path);
      const copies = {
        brotli: brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzip: gzipSync(content, { level: constants.Z_BEST_COMPRESSION }),
      };
      const result: Compressed = { file, bytes: content.length };
      if (copies.brotli.length < content.length) {
        writeFileSync(`${path}.br`, copies.brotli);
        result.brotli = copies.brotli.length;
      }
      if (copies.gzip.length < content.length) {
        writeFileSync(`${path}.gz`, copies.gzip);
        result.gzip = copies.gzip.length;
      }
      return result;
    });
}

/** The Vite plugin: compresses what each output wrote, once it is on disk. */
export const precompressed = (): Plugin => ({
  name: 'pay-checkout-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    if (!options.dir) this.error('precompress: the build has no output directory');
    precompress(options.dir, Object.keys(bundle));
  },
});
