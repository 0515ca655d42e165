import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from '../../widget/build/precompress.ts';

const dirs: string[] = [];
function outputDir(files: Record<string, string | Buffer>) {
  const dir = mkdtempSync(join(tmpdir(), 'pay-precompress-'));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('precompress (build plugin)', () => {
  it('writes brotli and gzip copies that decompress to the very bytes of each text file', () => {
    const script = 'export const message = "' + 'pay '.repeat(500) + '";\n';
    const data = JSON.stringify({ pay: 'Payer {amount}', items: Array.from({ length: 50 }, (_, i) => `item ${i}`) });
    const dir = outputDir({ 'widget.js': script, 'locales.json': data });

    const result = precompress(dir, ['widget.js', 'locales.json']);

    for (const [file, text] of [['widget.js', script], ['locales.json', data]] as const) {
      const brotli = readFileSync(join(dir, `${file}.br`));
      const gzip = readFileSync(join(dir, `${file}.gz`));
      expect(brotliDecompressSync(brotli).toString('utf8')).toBe(text);
      expect(gunzipSync(gzip).toString('utf8')).toBe(text);
      expect(result.find((entry) => entry.file === file)).toEqual({
        file,
        bytes: Buffer.byteLength(text),
        brotli: brotli.length,
        gzip: gzip.length,
      });
    }
  });

  it('leaves images and other compressed formats alone', () => {
    const dir = outputDir({ 'logo.png': Buffer.alloc(2_000, 7), 'page.html': '<p>' + 'x'.repeat(1_000) });
    expect(precompress(dir, ['logo.png', 'page.html'])).toEqual([]);
    for (const file of ['logo.png.br', 'logo.png.gz', 'page.html.br', 'page.html.gz']) {
      expect(existsSync(join(dir, file))).toBe(false);
    }
  });

  it('writes no copy that would be larger than the file itself', () => {
    const dir = outputDir({ 'tiny.js': 'x' });
    expect(precompress(dir, ['tiny.js'])).toEqual([{ file: 'tiny.js', bytes: 1 }]);
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
  });
});
