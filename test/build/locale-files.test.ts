/**
 * The locale files: each is complete (English's keys, the same placeholders), the build emits each one
 * to `locales/<language>.json`, and each fits its budget of 2,000 B brotli (quality 11), as served.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config.ts';
import { en } from '../../widget/shared/en.ts';

const BUDGET_BYTES = 2_000;
const folder = new URL('../../widget/i18n/', import.meta.url);
const sources = readdirSync(folder).filter((name) => name.endsWith('.json'));

const placeholders = (template: string) => (template.match(/\{\w+\}/g) ?? []).sort();

/** What the build's locales plugin emits, by file name: it runs as Vite runs it, with a recording `emitFile`. */
function emittedLocales(): Map<string, string> {
  const plugin = (viteConfig.plugins ?? [])
    .flat()
    .find((candidate): candidate is Plugin => (candidate as Plugin | null)?.name === 'pay-checkout-locales');
  if (!plugin) throw new Error('no pay-checkout-locales plugin in vite.config.ts');
  const emitted = new Map<string, string>();
  const emitFile = (file: { fileName: string; source: string }) => emitted.set(file.fileName, file.source);
  const generateBundle = plugin.generateBundle as unknown as (this: unknown) => void;
  generateBundle.call({ emitFile });
  return emitted;
}

describe('locale files', () => {
  it('are the languages of the markets served, beside inline English', () => {
    expect(sources.sort()).toEqual(['fr.json', 'ha.json', 'sw.json', 'wo.json', 'yo.json']);
  });

  it.each(sources)('%s has exactly English’s keys, each translated, with the same placeholders', (file) => {
    const messages = JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
    for (const [key, english] of Object.entries(en)) {
      const value = messages[key];
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      expect(placeholders(value as string), key).toEqual(placeholders(english));
      expect(value, `${key} is stored composed (NFC), as typed and matched`).toBe(
        (value as string).normalize('NFC'),
      );
    }
  });

  it('are each emitted by the build, unchanged, within 2,000 B brotli', () => {
    const emitted = emittedLocales();
    expect([...emitted.keys()].sort()).toEqual(sources.map((file) => `locales/${file}`).sort());
    for (const file of sources) {
      const source = emitted.get(`locales/${file}`)!;
      expect(JSON.parse(source)).toEqual(JSON.parse(readFileSync(new URL(file, folder), 'utf8')));
      const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      expect(brotli.byteLength, file).toBeLessThanOrEqual(BUDGET_BYTES);
    }
  });
});
